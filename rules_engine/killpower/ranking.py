"""Ranking points after a match (3.4 and the ranking sheet's formula), league settings.

With the powers of sequence 1 (powers changed by cards during the match are ignored):

* the winner gets ``win`` (+3) plus ``division_bonus`` (+1) per division the loser is above it;
* the loser gets ``loss`` (-2);
* a draw gives each team ``draw`` (+1); an abandoning team gets ``abandon`` (-2, a loss) and its
  opponent scores a win, division bonus included (draws and abandons are not in the text:
  RULES_NOTES defaults);
* nobody goes below ``minimum`` (0): "toute perte supplémentaire est ignorée".

>>> ranking_points(Standing(15, 12), Standing(20, 19), Side.HOME)  # 3.4: A (12) beats B (19)
(19, 18)
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from typing import Any

from rules_engine.errors import InvalidInput
from rules_engine.killpower import tables
from rules_engine.killpower.limits import MAX_RANKING_POINTS
from rules_engine.killpower.parsing import integer, join, mapping, only_keys
from rules_engine.killpower.power import division
from rules_engine.killpower.sides import Side


class Outcome(StrEnum):
    """How a match ended for one team."""

    WIN = "win"
    LOSS = "loss"
    DRAW = "draw"
    ABANDON = "abandon"  # this team abandoned

    @classmethod
    def of(cls, side: Side, winner: Side | None, abandoned_by: Side | None = None) -> Outcome:
        if abandoned_by is side:
            return cls.ABANDON
        if winner is None:
            return cls.DRAW
        return cls.WIN if winner is side else cls.LOSS


@dataclass(frozen=True, slots=True)
class RankingSettings:
    win: int = tables.RANKING["win"]
    division_bonus: int = tables.RANKING["division_bonus"]
    loss: int = tables.RANKING["loss"]
    draw: int = tables.RANKING["draw"]
    abandon: int = tables.RANKING["abandon"]
    minimum: int = tables.RANKING["minimum"]

    def to_dict(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def parse(cls, data: object, field: str = "ranking") -> RankingSettings:
        if data is None:
            return cls()
        settings = mapping(data, field)
        keys = [f.name for f in fields(cls)]
        only_keys(settings, keys, field)
        values = {
            key: integer(value, join(field, key), low=-MAX_RANKING_POINTS, high=MAX_RANKING_POINTS)
            for key, value in settings.items()
        }
        if values.get("minimum", 0) < 0:
            raise InvalidInput(join(field, "minimum"), "must be an integer of at least 0")
        return cls(**values)


DEFAULT_RANKING = RankingSettings()


@dataclass(frozen=True, slots=True)
class Standing:
    """A team's ranking points before the match and its power at sequence 1."""

    points: int
    power: int

    def to_dict(self) -> dict[str, Any]:
        return {"points": self.points, "power": self.power}


def ranking_change(
    outcome: Outcome, own_power: int, opponent_power: int, settings: RankingSettings
) -> int:
    """Points won (or lost, negative) before the floor at ``minimum``."""
    if outcome is Outcome.WIN:
        above = max(0, division(opponent_power) - division(own_power))
        return settings.win + settings.division_bonus * above
    if outcome is Outcome.DRAW:
        return settings.draw
    return settings.loss if outcome is Outcome.LOSS else settings.abandon


def new_points(
    points: int, outcome: Outcome, own_power: int, opponent_power: int, settings: RankingSettings
) -> int:
    change = ranking_change(outcome, own_power, opponent_power, settings)
    return max(settings.minimum, points + change)


def ranking_points(
    home: Standing,
    away: Standing,
    winner: Side | None,
    *,
    abandoned_by: Side | None = None,
    settings: RankingSettings = DEFAULT_RANKING,
) -> tuple[int, int]:
    """New ranking points of home and away; after an abandon ``winner`` is the other side."""
    if abandoned_by is not None and winner is not abandoned_by.other:
        raise InvalidInput(
            "result", f"must be {abandoned_by.other.value}: {abandoned_by.value} abandoned"
        )
    standings = {Side.HOME: home, Side.AWAY: away}
    home_points, away_points = (
        new_points(
            standings[side].points,
            Outcome.of(side, winner, abandoned_by),
            standings[side].power,
            standings[side.other].power,
            settings,
        )
        for side in Side
    )
    return home_points, away_points
