"""Armies as the battle card describes them: commander, seconds, troops, defensive works.

As JSON (keys the rules do not use, such as ids, are ignored)::

    {
      "name": "Auld Alliance",
      "commander": {"name": "Rhundurin", "tactics": 16, "command": 16, "luck": 3},
      "seconds": {"1": {"name": "Seliad", "tactics": 16, "command": 10}},   # optional
      "troops": [{"name": "Militia", "dc": 12, "count": 30, "phase": null}, ...],
      "works": {"better_terrain": false, "prepared": true,
                "barricades": false, "fortifications": true},                # optional
      "deployment": {"1": 60, "2": 94, "3": 80}                            # optional
    }

A commander may name an officer ``"rank"`` (``captain`` ... ``marshal``) instead of giving
``tactics`` and ``command``: the officer template fills what is missing, ``"swap": true``
swaps the two bases of a Major or a General. ``luck`` defaults to 0.

``deployment`` is the optional rule "Déploiement des troupes": head counts engaged in each
phase, used for numerical superiority in that phase (a phase left out counts the whole army).
Reinforcements may make a phase's count larger than the card's total.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from rules_engine.errors import InvalidInput
from rules_engine.witcher.parsing import (
    boolean_at,
    integer,
    integer_at,
    join,
    mapping,
    phase_key,
    require,
    text_at,
)
from rules_engine.witcher.tables import WitcherTables, default_tables

PHASES = (1, 2, 3)
MAX_BASE = 50
MAX_LUCK = 50
MAX_DC = 50
MAX_COUNT = 10_000_000
WORK_KEYS = ("better_terrain", "prepared", "barricades", "fortifications")


class Skill(StrEnum):
    """The skill of an exchange test: phase 1 Tactics, phase 2 Command, phase 3 either."""

    TACTICS = "tactics"
    COMMAND = "command"


# a value built at every resolution: not frozen=True (see rules_engine.witcher's docstring)
@dataclass(slots=True, unsafe_hash=True)
class Commander:
    """A commander or second-in-command: Tactics base (INT + Tactics), Command base
    (EMP + Command) and Luck."""

    name: str
    tactics: int
    command: int
    luck: int = 0

    def base(self, skill: Skill) -> int:
        return self.tactics if skill is Skill.TACTICS else self.command

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "tactics": self.tactics, "command": self.command,
                "luck": self.luck}  # fmt: skip


# a value built at every resolution: not frozen=True (see rules_engine.witcher's docstring)
@dataclass(slots=True, unsafe_hash=True)
class Troop:
    name: str
    dc: int
    count: int
    phase: int | None = None  # the phase a specialist troop is assigned to

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "dc": self.dc, "count": self.count, "phase": self.phase}


# a value built at every resolution: not frozen=True (see rules_engine.witcher's docstring)
@dataclass(slots=True, unsafe_hash=True)
class Works:
    """An army's defensive works; they raise the DC of the enemy commander."""

    better_terrain: bool = False
    prepared: bool = False
    barricades: bool = False
    fortifications: bool = False

    def modifier(self, tables: WitcherTables) -> int:
        """Better terrain and prepared positions add up; barricades and fortifications do
        not ("barricades ou fortifications"): the larger one counts."""
        table = tables.works
        walls = max(
            table.barricades if self.barricades else 0,
            table.fortifications if self.fortifications else 0,
        )
        return (
            (table.better_terrain if self.better_terrain else 0)
            + (table.prepared if self.prepared else 0)
            + walls
        )

    def to_dict(self) -> dict[str, bool]:
        return {"better_terrain": self.better_terrain, "prepared": self.prepared,
                "barricades": self.barricades, "fortifications": self.fortifications}  # fmt: skip


# a value built at every resolution: not frozen=True (see rules_engine.witcher's docstring)
@dataclass(slots=True, unsafe_hash=True)
class Army:
    name: str
    commander: Commander
    troops: tuple[Troop, ...]
    works: Works = field(default_factory=Works)
    seconds: dict[int, Commander] = field(default_factory=dict)
    deployment: dict[int, int] = field(default_factory=dict)
    total: int = field(init=False)  # head count of the troops, summed once (read often)

    def __post_init__(self) -> None:
        self.total = sum([troop.count for troop in self.troops])

    def commander_for(self, phase: int) -> Commander:
        """The phase's second-in-command if one is named, else the army's commander."""
        return self.seconds.get(phase, self.commander)

    def engaged(self, phase: int) -> int:
        """Head count engaged in ``phase``: its deployment if given, else the whole army."""
        return self.deployment.get(phase, self.total)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "name": self.name,
            "commander": self.commander.to_dict(),
            "troops": [troop.to_dict() for troop in self.troops],
            "works": self.works.to_dict(),
        }
        if self.seconds:
            data["seconds"] = {str(p): c.to_dict() for p, c in sorted(self.seconds.items())}
        if self.deployment:
            data["deployment"] = {str(p): n for p, n in sorted(self.deployment.items())}
        return data


def officer(
    rank: str,
    *,
    name: str | None = None,
    swap: bool = False,
    luck: int = 0,
    tables: WitcherTables | None = None,
) -> Commander:
    """An NPC commander from the officer table (``captain``, ``major``, ``colonel``,
    ``general``, ``marshal``). ``swap`` swaps Tactics and Command (Major and General only).

    >>> officer("general", name="Nagh'Khaladh", swap=True)
    Commander(name="Nagh'Khaladh", tactics=15, command=18, luck=0)
    """
    template = (tables or default_tables()).officer(rank)
    if swap and not template.may_swap:
        raise InvalidInput("swap", f"a {template.label} may not swap Tactics and Command")
    tactics, command = (template.command, template.tactics) if swap else (
        template.tactics, template.command)  # fmt: skip
    return Commander(name or template.label, tactics, command, luck)


def officer_rank_for(engaged: int, tables: WitcherTables | None = None) -> str:
    """The rank the officer table suggests for a battle of ``engaged`` combatants."""
    for template in (tables or default_tables()).officers:
        if template.up_to is None or engaged < template.up_to:
            return template.rank
    return (tables or default_tables()).officers[-1].rank


def parse_commander(data: object, field: str, tables: WitcherTables) -> Commander:
    quick = _quick_commander(data)
    return quick if quick is not None else _checked_commander(data, field, tables)


def _quick_commander(data: object) -> Commander | None:
    """The commander of a well-formed object with its bases (no ``rank``), checked inline;
    None for anything else. A fast path: a battle's armies are parsed at every resolution,
    and :func:`_checked_commander` (which words the errors) accepts the same."""
    if type(data) is not dict or "rank" in data:
        return None
    name, tactics, command = data.get("name"), data.get("tactics"), data.get("command")
    luck = data.get("luck", 0)
    if (
        type(name) is str and name.strip()
        and type(tactics) is int and 0 <= tactics <= MAX_BASE
        and type(command) is int and 0 <= command <= MAX_BASE
        and type(luck) is int and 0 <= luck <= MAX_LUCK
    ):  # fmt: skip
        return Commander(name, tactics, command, luck)
    return None


def _checked_commander(data: object, field: str, tables: WitcherTables) -> Commander:
    source = mapping(data, field)
    name = text_at(source, "name", field)
    luck = integer_at(source, "luck", field, 0, MAX_LUCK, default=0)
    tactics: int | None = None
    command: int | None = None
    if "rank" in source:
        rank = source["rank"]
        known = [template.rank for template in tables.officers]
        if not isinstance(rank, str) or rank not in known:
            raise InvalidInput(join(field, "rank"), f"must be one of {', '.join(known)}")
        swap = boolean_at(source, "swap", field)
        try:
            template = officer(rank, swap=swap, tables=tables)
        except InvalidInput as exc:
            raise InvalidInput(join(field, exc.field), exc.message) from None
        tactics, command = template.tactics, template.command
    if "tactics" in source or tactics is None:
        tactics = integer_at(source, "tactics", field, 0, MAX_BASE)
    if "command" in source or command is None:
        command = integer_at(source, "command", field, 0, MAX_BASE)
    return Commander(name, tactics, command, luck)


def parse_troop(data: object, field: str) -> Troop:
    quick = _quick_troop(data)
    return quick if quick is not None else _checked_troop(data, field)


def _quick_troop(data: object) -> Troop | None:
    """The troop of a well-formed object, checked inline; None for anything else (the fast
    path of :func:`parse_troop`, as for commanders)."""
    if type(data) is not dict:
        return None
    name, dc, count, phase = data.get("name"), data.get("dc"), data.get("count"), data.get("phase")
    if (
        type(name) is str and name.strip()
        and type(dc) is int and 1 <= dc <= MAX_DC
        and type(count) is int and 1 <= count <= MAX_COUNT
        and (phase is None or (type(phase) is int and 1 <= phase <= 3))
    ):  # fmt: skip
        return Troop(name, dc, count, phase)
    return None


def _checked_troop(data: object, field: str) -> Troop:
    source = mapping(data, field)
    name = text_at(source, "name", field)
    dc = integer_at(source, "dc", field, 1, MAX_DC)
    count = integer_at(source, "count", field, 1, MAX_COUNT)
    phase = source.get("phase")
    if phase is not None:
        phase = integer_at(source, "phase", field, 1, 3)
    return Troop(name, dc, count, phase)


def parse_works(data: object, field: str) -> Works:
    if data is None:
        return Works()
    source = mapping(data, field)
    for key in source:
        if key not in WORK_KEYS:
            known = ", ".join(WORK_KEYS)
            raise InvalidInput(join(field, str(key)), f"is not a work (known: {known})")
    return Works(*[boolean_at(source, key, field) for key in WORK_KEYS])


def _by_phase(data: object, field: str) -> Mapping[int, Any]:
    if data is None:
        return {}
    return {phase_key(key, field): value for key, value in mapping(data, field).items()}


def parse_army(data: object, field: str = "army", tables: WitcherTables | None = None) -> Army:
    """Validate a JSON army and build an :class:`Army`.

    Only malformed input raises (:class:`InvalidInput`); what the battle card judges (an
    ineligible specialist, too many specialists in a phase) is reported by
    :func:`~rules_engine.witcher.card.battle_card`.
    """
    quick = _quick_army(data)
    return quick if quick is not None else _checked_army(data, field, tables or default_tables())


def _checked_army(data: object, field: str, tables: WitcherTables) -> Army:
    source = mapping(data, field)
    name = text_at(source, "name", field)
    commander = parse_commander(
        require(source, "commander", field), join(field, "commander"), tables
    )
    seconds_field = join(field, "seconds")
    seconds = {
        phase: parse_commander(value, join(seconds_field, phase), tables)
        for phase, value in sorted(_by_phase(source.get("seconds"), seconds_field).items())
    }
    people: dict[str, tuple[str, Commander]] = {commander.name: (join(field, "commander"),
                                                                 commander)}  # fmt: skip
    for phase, second in seconds.items():
        where = join(seconds_field, phase)
        seen = people.setdefault(second.name, (where, second))
        if seen[1] != second:
            raise InvalidInput(where, f"{second.name!r} is already given other bases in {seen[0]}")
    troops_data = require(source, "troops", field)
    if not isinstance(troops_data, list) or not troops_data:
        raise InvalidInput(join(field, "troops"), "must be a non-empty list")
    troops_field = join(field, "troops")
    troops = tuple([parse_troop(item, f"{troops_field}.{i}") for i, item in enumerate(troops_data)])
    works = parse_works(source.get("works"), join(field, "works"))
    deployment_field = join(field, "deployment")
    deployment = {
        phase: integer(value, join(deployment_field, phase), 1, MAX_COUNT)
        for phase, value in sorted(_by_phase(source.get("deployment"), deployment_field).items())
    }
    return Army(name, commander, troops, works, seconds, deployment)


_PHASE_KEYS = {"1": 1, "2": 2, "3": 3}


def _quick_army(data: object) -> Army | None:
    """The army of a well-formed object, every value checked inline in one pass; None for
    anything else, which :func:`parse_army`'s checked path then words as an error. A fast
    path, as for commanders and troops: its checks are theirs, without the field paths
    and the calls that carry them (tests/engine/test_fast_paths.py checks both agree)."""
    if type(data) is not dict:
        return None
    name, commander = data.get("name"), _quick_commander(data.get("commander"))
    troops_data = data.get("troops")
    if type(name) is not str or not name.strip() or commander is None:
        return None
    if type(troops_data) is not list or not troops_data:
        return None
    troops = []
    for item in troops_data:
        troop = _quick_troop(item)
        if troop is None:
            return None
        troops.append(troop)
    seconds = _quick_seconds(data.get("seconds"), commander)
    works = _quick_works(data.get("works"))
    deployment = _quick_deployment(data.get("deployment"))
    if seconds is None or works is None or deployment is None:
        return None
    return Army(name, commander, tuple(troops), works, seconds, deployment)


def _quick_seconds(data: object, commander: Commander) -> dict[int, Commander] | None:
    """Well-formed seconds-in-command by phase, each person with one set of bases."""
    if data is None:
        return {}
    if type(data) is not dict:
        return None
    seconds: dict[int, Commander] = {}
    people = {commander.name: commander}
    for key, value in data.items():
        phase = _PHASE_KEYS.get(key) if type(key) is str else None
        second = _quick_commander(value)
        if phase is None or second is None or people.setdefault(second.name, second) != second:
            return None
        seconds[phase] = second
    return dict(sorted(seconds.items()))


def _quick_works(data: object) -> Works | None:
    if data is None:
        return Works()
    if type(data) is not dict or not all(
        key in WORK_KEYS and (value is True or value is False) for key, value in data.items()
    ):
        return None
    return Works(*[data.get(key, False) for key in WORK_KEYS])


def _quick_deployment(data: object) -> dict[int, int] | None:
    if data is None:
        return {}
    if type(data) is not dict:
        return None
    deployment = {}
    for key, count in data.items():
        phase = _PHASE_KEYS.get(key) if type(key) is str else None
        if phase is None or type(count) is not int or not 1 <= count <= MAX_COUNT:
            return None
        deployment[phase] = count
    return dict(sorted(deployment.items()))
