"""Home and away, and a score between them."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Side(StrEnum):
    HOME = "home"
    AWAY = "away"

    @property
    def other(self) -> Side:
        return Side.AWAY if self is Side.HOME else Side.HOME


@dataclass(frozen=True, slots=True)
class Score:
    home: int
    away: int

    def of(self, side: Side) -> int:
        return self.home if side is Side.HOME else self.away

    def plus(self, side: Side, points: int) -> Score:
        if side is Side.HOME:
            return Score(self.home + points, self.away)
        return Score(self.home, self.away + points)

    def leader(self) -> Side | None:
        if self.home == self.away:
            return None
        return Side.HOME if self.home > self.away else Side.AWAY

    def to_dict(self) -> dict[str, int]:
        return {"home": self.home, "away": self.away}
