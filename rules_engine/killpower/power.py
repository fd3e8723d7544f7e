"""Power, division and the points to score (2.2, 3.2, TABLE 2 and TABLE 3).

* Power = ranking points + floor(total XP of the gladiators who play / 10) + race bonus
  (humans 0); never below 0 ("une équipe qui débute a une puissance de 0, le minimum").
* Division = power / 10 rounded half up: 12 -> 1, 15 -> 2, 19 -> 2.
* Points to score: how many points more than the opponent each side needs after 20 turns to
  win, from the power difference (TABLE 3, league data). Reaching it wins; if neither side
  does, the match is a draw (3.4: A needs +1, B +3, A 0 - B 2: draw). Equal powers: both
  sides take the weaker column (the text: at equal power one point more is enough).

>>> targets(46, 33)  # Nabos (46) against Titanos (33): difference 13
Targets(home=3, away=1)
>>> division(12), division(19)
(1, 2)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules_engine.errors import InvalidInput
from rules_engine.killpower import tables
from rules_engine.killpower.limits import MAX_POWER, MAX_TARGET
from rules_engine.killpower.parsing import integer, join, listing, mapping, only_keys, require
from rules_engine.killpower.sides import Score, Side


def power(ranking_points: int, total_xp: int, race_bonus: int = 0) -> int:
    return max(0, ranking_points + total_xp // tables.XP_PER_RAISE + race_bonus)


def division(power: int) -> int:
    """Power / 10 rounded half up (x.1-x.4 down, x.5-x.9 up)."""
    return (power + 5) // 10


@dataclass(frozen=True, slots=True)
class TargetRow:
    low: int
    high: int | None  # None: and above
    stronger: int
    weaker: int

    def to_dict(self) -> dict[str, Any]:
        return {"from": self.low, "to": self.high, "stronger": self.stronger, "weaker": self.weaker}


@dataclass(frozen=True, slots=True)
class TargetTable:
    """TABLE 3: rows from difference 0 up, contiguous, the last one open-ended."""

    rows: tuple[TargetRow, ...]

    @classmethod
    def default(cls) -> TargetTable:
        return cls(tuple(TargetRow(*row) for row in tables.TARGET_TABLE))

    def row(self, difference: int) -> TargetRow:
        for row in self.rows:
            if row.high is None or difference <= row.high:
                return row
        raise AssertionError("a parsed table always ends open")  # pragma: no cover

    def to_list(self) -> list[dict[str, Any]]:
        return [row.to_dict() for row in self.rows]

    @classmethod
    def parse(cls, data: object, field: str = "target_table") -> TargetTable:
        items = listing(data, field)
        if not items:
            raise InvalidInput(field, "must list at least one row")
        rows: list[TargetRow] = []
        expected = 0
        for i, item in enumerate(items):
            row_field = join(field, i)
            row = mapping(item, row_field)
            only_keys(row, ("from", "to", "stronger", "weaker"), row_field)
            low = integer(require(row, "from", row_field), join(row_field, "from"), high=MAX_POWER)
            if low != expected:
                raise InvalidInput(join(row_field, "from"), f"must be {expected}: rows follow on")
            last = i == len(items) - 1
            high = row.get("to")
            if last and high is not None:
                raise InvalidInput(join(row_field, "to"), "must be null: the last row is open")
            if not last:
                high = integer(high, join(row_field, "to"), low=low, high=MAX_POWER)
                expected = high + 1
            rows.append(
                TargetRow(
                    low,
                    high,
                    integer(
                        require(row, "stronger", row_field),
                        join(row_field, "stronger"),
                        low=1,
                        high=MAX_TARGET,
                    ),
                    integer(
                        require(row, "weaker", row_field),
                        join(row_field, "weaker"),
                        low=1,
                        high=MAX_TARGET,
                    ),
                )
            )
        return cls(tuple(rows))


DEFAULT_TARGETS = TargetTable.default()


@dataclass(frozen=True, slots=True)
class Targets:
    """Points more than the opponent each side must score to win."""

    home: int
    away: int

    def of(self, side: Side) -> int:
        return self.home if side is Side.HOME else self.away

    def to_dict(self) -> dict[str, int]:
        return {"home": self.home, "away": self.away}


def targets(home_power: int, away_power: int, table: TargetTable = DEFAULT_TARGETS) -> Targets:
    row = table.row(abs(home_power - away_power))
    if home_power == away_power:  # neither is stronger: both take the weaker column
        return Targets(row.weaker, row.weaker)
    if home_power > away_power:
        return Targets(row.stronger, row.weaker)
    return Targets(row.weaker, row.stronger)


MATCH_UP = ("power", "division", "points_to_score")


def match_up(
    home_power: int, away_power: int, table: TargetTable = DEFAULT_TARGETS
) -> dict[str, dict[str, int]]:
    """What the two powers set before a match, each of :data:`MATCH_UP` by side: the
    ``power``, its ``division`` and the ``points_to_score`` (TABLE 3)."""
    return {
        "power": {"home": home_power, "away": away_power},
        "division": {"home": division(home_power), "away": division(away_power)},
        "points_to_score": targets(home_power, away_power, table).to_dict(),
    }


def judge(score: Score, needed: Targets) -> Side | None:
    """The winner after 20 turns by the points to score, or None for a draw."""
    for side in Side:
        if score.of(side) - score.of(side.other) >= needed.of(side):
            return side
    return None
