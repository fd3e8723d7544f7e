"""A team: seven gladiators, its ranking points and its match record (1.2, 2.2).

As JSON::

    {
      "name": "Titanos",
      "ranking_points": 20,                  # optional, default 0
      "record": {"played": 3, "won": 2, "lost": 1, "drawn": 0, "abandoned": 0},  # optional
      "gladiators": [<gladiator>, ...]       # exactly 7 (see rules_engine.killpower.gladiator)
    }

:meth:`Team.to_dict` adds ``total_xp``, ``power`` and ``division`` of the whole team; the power
of a match counts only the gladiators who play it (:meth:`Team.power` with ``playing``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from rules_engine.errors import InvalidInput
from rules_engine.killpower import tables
from rules_engine.killpower.gladiator import EquipmentKind, Gladiator, parse_gladiator
from rules_engine.killpower.parsing import integer, join, listing, mapping, require, text
from rules_engine.killpower.power import division, power
from rules_engine.systems import RosterIssue

RECORD_KEYS = ("played", "won", "lost", "drawn", "abandoned")


@dataclass(frozen=True, slots=True)
class Record:
    """Matches played, and how each ended for the team (the team sheet's "Matchs joués")."""

    played: int = 0
    won: int = 0
    lost: int = 0
    drawn: int = 0
    abandoned: int = 0

    def to_dict(self) -> dict[str, int]:
        return {key: getattr(self, key) for key in RECORD_KEYS}

    @classmethod
    def parse(cls, data: object, field: str) -> Record:
        if data is None:
            return cls()
        record = mapping(data, field)
        return cls(
            **{key: integer(record.get(key, 0), join(field, key), low=0) for key in RECORD_KEYS}
        )


@dataclass(frozen=True, slots=True)
class Team:
    name: str
    gladiators: tuple[Gladiator, ...]
    ranking_points: int = 0
    record: Record = field(default_factory=Record)

    def gladiator(self, name: str) -> Gladiator:
        for gladiator in self.gladiators:
            if gladiator.name == name:
                return gladiator
        raise KeyError(name)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(g.name for g in self.gladiators)

    def _playing(self, playing: Collection[str] | None) -> list[Gladiator]:
        return [g for g in self.gladiators if playing is None or g.name in playing]

    def total_xp(self, playing: Collection[str] | None = None) -> int:
        return sum(g.xp for g in self._playing(playing))

    def power(self, playing: Collection[str] | None = None) -> int:
        """The team's power; for a match, ``playing`` names the gladiators who play it."""
        chosen = self._playing(playing)
        race_bonus = sum(g.race.power_bonus for g in chosen)
        return power(self.ranking_points, sum(g.xp for g in chosen), race_bonus)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "ranking_points": self.ranking_points,
            "record": self.record.to_dict(),
            "gladiators": [g.to_dict() for g in self.gladiators],
            "total_xp": self.total_xp(),
            "power": self.power(),
            "division": division(self.power()),
        }


def parse_team(data: object, field: str = "team", *, exact: bool = True) -> Team:
    """Validate a JSON team: exactly seven gladiators, or with ``exact=False`` at most seven
    (a team to complete with recruits)."""
    sheet = mapping(data, field)
    gladiators_field = join(field, "gladiators")
    items = listing(require(sheet, "gladiators", field), gladiators_field)
    if exact and len(items) != tables.TEAM_SIZE:
        raise InvalidInput(gladiators_field, f"must list exactly {tables.TEAM_SIZE} gladiators")
    if len(items) > tables.TEAM_SIZE:
        raise InvalidInput(gladiators_field, f"must list at most {tables.TEAM_SIZE} gladiators")
    gladiators = tuple(
        parse_gladiator(item, join(gladiators_field, i)) for i, item in enumerate(items)
    )
    seen: set[str] = set()
    for i, gladiator in enumerate(gladiators):
        if gladiator.name in seen:
            raise InvalidInput(
                join(join(gladiators_field, i), "name"), f"{gladiator.name!r} is taken"
            )
        seen.add(gladiator.name)
    return Team(
        name=text(require(sheet, "name", field), join(field, "name")),
        gladiators=gladiators,
        ranking_points=integer(
            sheet.get("ranking_points", 0), join(field, "ranking_points"), low=0
        ),
        record=Record.parse(sheet.get("record"), join(field, "record")),
    )


def team_issues(roster: Mapping[str, Any]) -> list[RosterIssue]:
    """The roster's first error as a blocking issue (field relative to the roster), or its
    warnings: a power held more than three times (the tournament-mode limit)."""
    try:
        team = parse_team(roster, "")
    except InvalidInput as exc:
        return [RosterIssue(exc.field, exc.message)]
    counts = Counter(
        card
        for g in team.gladiators
        if g.equipment.kind is EquipmentKind.POWER_CARDS
        for card in g.equipment.cards
    )
    return [
        RosterIssue(
            "gladiators",
            f"power {card!r} is held {count} times; tournament mode allows "
            f"{tables.SAME_POWER_PER_TEAM}",
            blocking=False,
        )
        for card, count in counts.items()
        if count > tables.SAME_POWER_PER_TEAM
    ]
