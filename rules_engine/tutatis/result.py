"""A Tutatis result as the coaches enter it, and the injuries it carries to the next match.

``{"home": {"goals", "over_bar", "badly_hurt"?}, "away": {...}}``: goals score 3 points,
balls over the bar (the keeper's equal save, or a shot straight over the posts) 1 point.
``badly_hurt`` names the side's players still in the injured zone at the final whistle
(read as: a badly hurt player who has not come back by the end of the match starts the next
one in the injured zone and rolls to return at its kick-offs). The winner scores more points;
equal points are a draw (the text has no extra time).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rules_engine.errors import InvalidInput
from rules_engine.tutatis.reading import as_int, as_list, as_name, as_object, path

GOAL_POINTS = 3
OVER_BAR_POINTS = 1
MAX_SCORES = 60


class Side(StrEnum):
    HOME = "home"
    AWAY = "away"


@dataclass(frozen=True, slots=True)
class SideResult:
    goals: int
    over_bar: int
    badly_hurt: tuple[str, ...]

    @property
    def points(self) -> int:
        return GOAL_POINTS * self.goals + OVER_BAR_POINTS * self.over_bar

    def to_dict(self) -> dict[str, Any]:
        return {
            "goals": self.goals,
            "over_bar": self.over_bar,
            "points": self.points,
            "badly_hurt": list(self.badly_hurt),
        }


@dataclass(frozen=True, slots=True)
class MatchResult:
    home: SideResult
    away: SideResult

    @property
    def winner(self) -> Side | None:
        if self.home.points == self.away.points:
            return None
        return Side.HOME if self.home.points > self.away.points else Side.AWAY

    def side(self, side: Side) -> SideResult:
        return self.home if side is Side.HOME else self.away

    def to_dict(self) -> dict[str, Any]:
        return {
            "home": self.home.to_dict(),
            "away": self.away.to_dict(),
            "winner": self.winner.value if self.winner else None,
        }


def parse_side(data: object, where: str, roster: frozenset[str] | None) -> SideResult:
    values = dict(as_object(data, where))
    values.setdefault("badly_hurt", [])
    values.pop("points", None)  # a result read back from its own ``to_dict``
    item = as_object(values, where, keys=("goals", "over_bar", "badly_hurt"))
    hurt = [
        as_name(name, path(where, f"badly_hurt.{n}"))
        for n, name in enumerate(as_list(item["badly_hurt"], path(where, "badly_hurt")))
    ]
    for n, name in enumerate(hurt):
        if roster is not None and name not in roster:
            raise InvalidInput(path(where, f"badly_hurt.{n}"), f"{name!r} is not in this team")
    return SideResult(
        goals=as_int(item["goals"], path(where, "goals"), high=MAX_SCORES),
        over_bar=as_int(item["over_bar"], path(where, "over_bar"), high=MAX_SCORES),
        badly_hurt=tuple(dict.fromkeys(hurt)),
    )


def parse_result(
    data: object,
    where: str = "result",
    *,
    rosters: Mapping[Side, frozenset[str]] | None = None,
) -> MatchResult:
    """The entered result; with ``rosters`` (each side's player names) an injured player
    must belong to his side."""
    values = dict(as_object(data, where))
    values.pop("winner", None)
    item = as_object(values, where, keys=("home", "away"))
    return MatchResult(
        home=parse_side(item["home"], path(where, "home"), rosters[Side.HOME] if rosters else None),
        away=parse_side(item["away"], path(where, "away"), rosters[Side.AWAY] if rosters else None),
    )
