"""How good a forecaster's chances were, once the games were played: the Brier score, the log
loss and the reliability bins of a calibration chart.

A :class:`Forecast` is one game: the chance given to each outcome and the outcome that
happened. Its outcomes are the keys of ``probabilities`` and the actual one; an outcome left
out (or the actual one, when the forecaster never named it) was given a chance of 0.

**Brier score** (multi-class): the mean over the games of the sum over their outcomes of
``(p_i - o_i)^2``, with ``o_i`` 1 for the outcome that happened and 0 for the others. 0 is a
perfect forecast; 2 the worst (all the chance on one outcome, and another happened); giving the
same chance ``1/k`` to each of ``k`` outcomes scores ``(k - 1) / k`` whatever happens.

**Log loss**: the mean over the games of ``-ln p(actual)``, the chance given to what happened
floored at :data:`FLOOR` first, so that an outcome given 0 costs ``-ln(0.000001)`` (about
13.8) instead of infinity. 0 is perfect; the uniform ``1/k`` scores ``ln k``.

**Reliability bins**: every outcome of every game, put in the tenth its chance falls in (0 up
to 0.1, 0.1 up to 0.2, ... 0.9 up to 1, a chance of 1 in the last one); per bin, how many
outcomes, their mean chance and how often they happened. A calibrated forecaster's bins sit on
the diagonal: of the outcomes given about 30 %, about 30 % happened.

Lower is better for both scores; they only compare forecasters scored on the same games.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from rules_engine.errors import InvalidInput

FLOOR = 1e-6
"""The smallest chance the log loss counts: ``-ln`` of a smaller one (or of 0) is this one's."""
BINS = 10
"""Reliability bins: tenths of chance."""
SUM_TOLERANCE = 0.01
"""How far from 1 a forecast's chances may add up (stored chances are rounded)."""


@dataclass(frozen=True, slots=True)
class Forecast:
    """The chance given to each outcome of one game, and the outcome that happened."""

    probabilities: Mapping[str, float]
    actual: str

    def __post_init__(self) -> None:
        if not self.actual:
            raise InvalidInput("actual", "must name the outcome that happened")
        for outcome, chance in self.probabilities.items():
            if not isinstance(chance, int | float) or not 0 <= chance <= 1:
                raise InvalidInput(f"probabilities.{outcome}", "must be a number from 0 up to 1")
        total = math.fsum(self.probabilities.values())
        if abs(total - 1) > SUM_TOLERANCE:
            raise InvalidInput("probabilities", f"must add up to 1 (they add up to {total:g})")

    @property
    def outcomes(self) -> dict[str, float]:
        """Every outcome of the game with its chance: the actual one at 0 if left out."""
        return {self.actual: 0.0} | {key: float(value) for key, value in self.probabilities.items()}


@dataclass(frozen=True, slots=True)
class Bin:
    """The outcomes given a chance from ``low`` up to ``high`` (the last bin includes 1)."""

    low: float
    high: float
    count: int
    mean_predicted: float
    observed: float


@dataclass(frozen=True, slots=True)
class Score:
    """A forecaster's games: how many, the two scores (``None`` without games) and the
    reliability bins that hold at least one outcome, in order of chance."""

    count: int
    brier: float | None
    log_loss: float | None
    bins: tuple[Bin, ...] = field(default=())


def brier(forecast: Forecast) -> float:
    """One game's Brier score: the sum over its outcomes of ``(p - o)^2``."""
    return math.fsum(
        (chance - (outcome == forecast.actual)) ** 2
        for outcome, chance in forecast.outcomes.items()
    )


def log_loss(forecast: Forecast) -> float:
    """One game's log loss: ``-ln`` of the chance given to what happened, floored."""
    return -math.log(max(forecast.outcomes[forecast.actual], FLOOR))


def bin_of(chance: float) -> int:
    """The tenth a chance falls in: 0 for [0, 0.1) ... 9 for [0.9, 1]."""
    return min(int(chance * BINS), BINS - 1)


def reliability(forecasts: Iterable[Forecast]) -> tuple[Bin, ...]:
    """The bins of every outcome of ``forecasts`` that hold at least one outcome."""
    counts = [0] * BINS
    hits = [0] * BINS
    totals = [0.0] * BINS
    for forecast in forecasts:
        for outcome, chance in forecast.outcomes.items():
            index = bin_of(chance)
            counts[index] += 1
            hits[index] += outcome == forecast.actual
            totals[index] += chance
    return tuple(
        Bin(
            low=index / BINS,
            high=(index + 1) / BINS,
            count=counts[index],
            mean_predicted=totals[index] / counts[index],
            observed=hits[index] / counts[index],
        )
        for index in range(BINS)
        if counts[index]
    )


def score(forecasts: Iterable[Forecast]) -> Score:
    """The mean Brier score and log loss of ``forecasts`` and their reliability bins."""
    games = list(forecasts)
    if not games:
        return Score(count=0, brier=None, log_loss=None)
    return Score(
        count=len(games),
        brier=math.fsum(brier(game) for game in games) / len(games),
        log_loss=math.fsum(log_loss(game) for game in games) / len(games),
        bins=reliability(games),
    )


def uniform(outcomes: Iterable[str]) -> dict[str, float]:
    """The naive forecast: the same chance for each outcome."""
    names = list(dict.fromkeys(outcomes))
    if not names:
        raise InvalidInput("outcomes", "must name at least one outcome")
    return {name: 1 / len(names) for name in names}
