"""How likely a draw is, and the three outcome probabilities of a game from two ratings.

**The draw model.** The chance of a draw falls (or rises) with the rating gap between the two
sides, as a logistic in the gap's size::

    P(draw | gap) = 1 / (1 + exp(-(a + b * |gap| / 100)))

:func:`fit` finds ``a`` and ``b`` from past results, each a (rating gap, was it a draw) pair,
by maximum a posteriori: the log-likelihood of the results plus a normal prior on each
parameter, ``a ~ N(logit(DEFAULT_DRAW_RATE), PRIOR_SD^2)`` and ``b ~ N(0, PRIOR_SD^2)``. With
no results the model is the default rate whatever the gap; with few, the observed draw rate is
shrunk toward the default; with many, the prior hardly counts. The log-posterior is strictly
concave, so Newton's method (with its step halved when it would overshoot) finds its one
maximum.

**The three outcomes.** With ``E`` the home side's expected score (a draw scoring 0.5) and
``D`` the draw chance, :func:`outcome_probabilities` gives::

    P(home win) = E - D / 2,   P(draw) = D,   P(away win) = 1 - E - D / 2

which sum to 1 and keep the expected score: ``P(home win) + D / 2 = E``. When ``D`` would make
a win probability negative (``D > 2 E`` or ``D > 2 (1 - E)``), ``D`` is clipped to
``2 min(E, 1 - E)``: the expected score is still kept, the draw chance is the largest it allows.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import NamedTuple

from rules_engine.errors import InvalidInput

DEFAULT_DRAW_RATE = 0.2
"""The draw rate the prior leans toward, whatever the gap."""
PRIOR_SD = 1.0
"""The prior's standard deviation of both parameters (on the logit scale)."""
GAP_UNIT = 100.0
"""The slope ``b`` is per this many rating points of gap."""
_MAX_ITERATIONS = 100
_TOLERANCE = 1e-10


def _sigmoid(t: float) -> float:
    if t >= 0:
        return 1 / (1 + math.exp(-t))
    z = math.exp(t)
    return z / (1 + z)


def _log_sigmoid(t: float) -> float:
    """``log(sigmoid(t))`` without overflow: ``-log(1 + exp(-t))``."""
    return -math.log1p(math.exp(-t)) if t >= 0 else t - math.log1p(math.exp(t))


@dataclass(frozen=True, slots=True)
class DrawModel:
    """``P(draw | gap) = sigmoid(intercept + slope * |gap| / GAP_UNIT)``."""

    intercept: float = math.log(DEFAULT_DRAW_RATE / (1 - DEFAULT_DRAW_RATE))
    slope: float = 0.0

    def chance(self, gap: float) -> float:
        """The chance of a draw between two sides ``gap`` rating points apart."""
        return _sigmoid(self.intercept + self.slope * abs(gap) / GAP_UNIT)


PRIOR = DrawModel()
"""The prior's mean: the default draw rate, whatever the gap."""


def _log_posterior(model: DrawModel, data: list[tuple[float, bool]]) -> float:
    total = -((model.intercept - PRIOR.intercept) ** 2 + (model.slope - PRIOR.slope) ** 2) / (
        2 * PRIOR_SD**2
    )
    for x, draw in data:
        t = model.intercept + model.slope * x
        total += _log_sigmoid(t if draw else -t)
    return total


def fit(results: Iterable[tuple[float, bool]]) -> DrawModel:
    """The draw model that best explains ``results``, each (rating gap, was it a draw)."""
    data = [(abs(gap) / GAP_UNIT, bool(draw)) for gap, draw in results]
    model, value = PRIOR, _log_posterior(PRIOR, data)
    precision = 1 / PRIOR_SD**2
    for _ in range(_MAX_ITERATIONS):
        # gradient (ga, gb) and negated Hessian [[haa, hab], [hab, hbb]] of the log-posterior
        ga = -(model.intercept - PRIOR.intercept) * precision
        gb = -(model.slope - PRIOR.slope) * precision
        haa, hab, hbb = precision, 0.0, precision
        for x, draw in data:
            p = _sigmoid(model.intercept + model.slope * x)
            ga += draw - p
            gb += (draw - p) * x
            w = p * (1 - p)
            haa, hab, hbb = haa + w, hab + w * x, hbb + w * x * x
        determinant = haa * hbb - hab * hab
        step_a = (hbb * ga - hab * gb) / determinant
        step_b = (haa * gb - hab * ga) / determinant
        while True:
            candidate = DrawModel(model.intercept + step_a, model.slope + step_b)
            candidate_value = _log_posterior(candidate, data)
            if candidate_value >= value or abs(step_a) + abs(step_b) < _TOLERANCE:
                break
            step_a, step_b = step_a / 2, step_b / 2
        model, value = candidate, candidate_value
        if abs(step_a) + abs(step_b) < _TOLERANCE:
            break
    return model


class Probabilities(NamedTuple):
    """The chances of a home win, a draw and an away win; they sum to 1."""

    home: float
    draw: float
    away: float


def outcome_probabilities(expected: float, draw: float) -> Probabilities:
    """The three outcomes from the home side's expected score and the draw chance, keeping
    the expected score (see the module's docstring)."""
    for field, value in (("expected", expected), ("draw", draw)):
        if not 0 <= value <= 1:
            raise InvalidInput(field, "must be a number from 0 to 1")
    draw = min(draw, 2 * expected, 2 * (1 - expected))
    return Probabilities(expected - draw / 2, draw, (1 - expected) - draw / 2)
