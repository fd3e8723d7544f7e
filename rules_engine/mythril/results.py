"""Match results: championship points, forfeits and abandons.

A win is worth 3 (the text: "+3 pts au championnat"); a draw and a loss are league settings
(1 and 0 by default). A team that declares forfeit after each team has played a turn loses
(0 points) and the other wins (3) "quelque soit le score"; the winner scores one penalty
touchdown per unfinished half, and the forfeiting team's popularity roll takes an extra -2.
Without any turn played, the same penalties apply, there is no post-match sequence and the
bets on the match are cancelled.

Readings: with no turn played both halves are unfinished and the score is 0-0 (any other
entry is refused); the penalty touchdowns are added to the winner's score; the forfeiting
team's popularity malus is reported as the modifier (-2).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rules_engine.errors import InvalidInput
from rules_engine.mythril.reading import Reader

FORFEIT_WIN = 3
FORFEIT_LOSS = 0
FORFEIT_POPULARITY = -2
HALVES = 2


class Side(StrEnum):
    HOME = "home"
    AWAY = "away"

    @property
    def other(self) -> Side:
        return Side.AWAY if self is Side.HOME else Side.HOME


@dataclass(frozen=True, slots=True)
class Pair:
    """One value per side."""

    home: int
    away: int

    @classmethod
    def from_dict(cls, data: object, field: str, *, low: int | None = 0) -> Pair:
        reader = Reader(data, field, allowed=("home", "away"))
        return cls(reader.number("home", low=low), reader.number("away", low=low))

    def of(self, side: Side) -> int:
        return self.home if side is Side.HOME else self.away

    def to_dict(self) -> dict[str, int]:
        return {"home": self.home, "away": self.away}


def pair(values: dict[Side, int]) -> Pair:
    return Pair(values[Side.HOME], values[Side.AWAY])


@dataclass(frozen=True, slots=True)
class ChampionshipPoints:
    """Points per result: the win is the text's 3, draw and loss are league settings."""

    win: int = 3
    draw: int = 1
    loss: int = 0

    @classmethod
    def from_dict(cls, data: object, field: str = "points") -> ChampionshipPoints:
        reader = Reader(data, field, allowed=("win", "draw", "loss"))
        return cls(reader.number("win", 3), reader.number("draw", 1), reader.number("loss", 0))

    def for_score(self, score: Pair) -> Pair:
        if score.home == score.away:
            return Pair(self.draw, self.draw)
        return Pair(self.win, self.loss) if score.home > score.away else Pair(self.loss, self.win)

    def to_dict(self) -> dict[str, int]:
        return {"win": self.win, "draw": self.draw, "loss": self.loss}


@dataclass(frozen=True, slots=True)
class ForfeitOutcome:
    """What a forfeit leaves: championship ``points``, the final ``score`` (penalty
    touchdowns added), each side's ``popularity_malus`` (a modifier, 0 or -2) and whether the
    match's bets are cancelled."""

    points: Pair
    score: Pair
    popularity_malus: Pair
    bets_cancelled: bool

    def to_dict(self) -> dict[str, Any]:
        return {
            "points": self.points.to_dict(),
            "score": self.score.to_dict(),
            "popularity_malus": self.popularity_malus.to_dict(),
            "bets_cancelled": self.bets_cancelled,
        }


def forfeit_outcome(
    score: Pair, forfeit: Side, unfinished_halves: int, turns_played: bool
) -> ForfeitOutcome:
    """The consequences of ``forfeit``'s forfeit at ``score``.

    >>> forfeit_outcome(Pair(2, 1), Side.HOME, 1, True).to_dict()["score"]
    {'home': 2, 'away': 2}
    """
    if not 0 <= unfinished_halves <= HALVES:
        raise InvalidInput("unfinished_halves", f"must be between 0 and {HALVES}")
    if not turns_played and unfinished_halves != HALVES:
        raise InvalidInput("unfinished_halves", "must be 2 when no turn was played")
    if not turns_played and (score.home or score.away):
        raise InvalidInput("score", "must be 0-0 when no turn was played")
    winner = forfeit.other
    scores = {forfeit: score.of(forfeit), winner: score.of(winner) + unfinished_halves}
    return ForfeitOutcome(
        points=pair({forfeit: FORFEIT_LOSS, winner: FORFEIT_WIN}),
        score=pair(scores),
        popularity_malus=pair({forfeit: FORFEIT_POPULARITY, winner: 0}),
        bets_cancelled=not turns_played,
    )


TABLE_COUNTS = ("played", "wins", "draws", "losses", "touchdowns_for", "touchdowns_against")
"""What a team's line of the championship table counts of its results."""
POINT_UNITS = ("fixed", "draw_units", "loss_units")
"""A team's points kept as ``fixed + draw_units * draw + loss_units * loss``: linear in the
league's draw and loss points (a win is 3 whatever the league), so the table reads them under
the settings of the day (:func:`table_points`)."""


def table_counts(
    score: Pair, winner: Side | None, forfeit: Side | None
) -> dict[Side, dict[str, int]]:
    """What one championship result adds to each side's line of the table: its record and its
    points in :data:`POINT_UNITS` (a forfeit 3 against 0 whatever the score).

    >>> table_counts(Pair(2, 1), Side.HOME, None)[Side.AWAY]["loss_units"]
    1
    """
    counts: dict[Side, dict[str, int]] = {}
    for side in Side:
        won, lost = winner is side, winner is side.other
        if forfeit is not None:
            fixed, draw_units, loss_units = (FORFEIT_LOSS if forfeit is side else FORFEIT_WIN), 0, 0
        else:
            fixed = ChampionshipPoints().win if won else 0
            draw_units, loss_units = int(winner is None), int(lost)
        counts[side] = {
            "played": 1,
            "wins": int(won),
            "draws": int(winner is None),
            "losses": int(lost),
            "touchdowns_for": score.of(side),
            "touchdowns_against": score.of(side.other),
            "fixed": fixed,
            "draw_units": draw_units,
            "loss_units": loss_units,
        }
    return counts


def table_points(counts: Mapping[str, int], points: ChampionshipPoints) -> int:
    """A team's points from its kept :data:`POINT_UNITS` under the league's ``points``."""
    return counts["fixed"] + counts["draw_units"] * points.draw + counts["loss_units"] * points.loss


def table_order(points: int, touchdowns_for: int, touchdowns_against: int) -> tuple[int, ...]:
    """The sort key of a line of the championship table: more points first, then the better
    touchdown difference, then more touchdowns scored (a caller breaks what is still level,
    by name say).

    >>> sorted([(3, 1, 1), (3, 2, 0), (4, 0, 5)], key=lambda line: table_order(*line))
    [(4, 0, 5), (3, 2, 0), (3, 1, 1)]
    """
    return (-points, touchdowns_against - touchdowns_for, -touchdowns_for)
