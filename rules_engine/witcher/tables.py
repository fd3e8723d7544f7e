"""The Witcher battle tables, as data: ``rules_engine/data/witcher_tables.json``.

Troop types (DC and minimum group size), the rules of the battle card (shares, the elite DC,
specialist limits), officer templates, engagement size -> SR, circumstance limits, defensive
works, numerical superiority, crucial moments, the round limit, and the casualty tables.

A league or campaign may override whole sections (house rules) with :func:`load_tables`;
:func:`default_tables` is the text's tables. :meth:`WitcherTables.to_dict` gives the JSON
back, so a stored battle keeps the tables it was played with.

>>> tables = default_tables()
>>> tables.success_threshold(294), tables.superiority_modifier(enemy=200, own=94)
(10, 2)
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from rules_engine.errors import InvalidInput
from rules_engine.witcher.parsing import join, mapping, only_keys


@dataclass(frozen=True, slots=True)
class TroopType:
    key: str
    label: str
    dc: int
    min_size: int | None  # smallest group the table allows ("groupe de 5 minimum")


@dataclass(frozen=True, slots=True)
class CardRules:
    majority_percent: int  # a troop above this share is the main troop alone
    main_percent: int  # otherwise troops are added until they make at least this share
    elite_dc: int  # troops at or above this DC are left out of that sum, always specialists
    specialist_percent: int  # a troop below the elite DC needs this share to be a specialist
    max_specialists_per_phase: int
    max_phase_spread: int  # phases may differ by at most this many specialist troops


@dataclass(frozen=True, slots=True)
class OfficerTemplate:
    rank: str
    label: str
    battle: str
    up_to: int | None  # battle size the rank usually commands ("moins de 200")
    tactics: int
    command: int
    may_swap: bool  # the text lets a Major or a General swap Tactics and Command


@dataclass(frozen=True, slots=True)
class EngagementBand:
    label: str
    up_to: int | None  # both armies together, inclusive; None: no upper bound
    sr: int


@dataclass(frozen=True, slots=True)
class CircumstanceRules:
    specialist: int  # DC modifier per own specialist troop engaged in the phase
    surprise_max: int
    weather_max: int
    other_max: int  # the game master's own modifiers, -other_max .. +other_max


@dataclass(frozen=True, slots=True)
class WorksTable:
    better_terrain: int
    prepared: int
    barricades: int
    fortifications: int


@dataclass(frozen=True, slots=True)
class SuperiorityBand:
    from_percent: int
    modifier: int


@dataclass(frozen=True, slots=True)
class SuperiorityTable:
    bands: tuple[SuperiorityBand, ...]
    per_hundred_from: int  # from this share on: +1 per full 100%
    max: int


@dataclass(frozen=True, slots=True)
class CrucialMomentRules:
    window: int  # triggers when a total is at least SR - window
    points: int  # added to the winner's total
    default_chance: float  # the attacker's chance when a planned moment names none


@dataclass(frozen=True, slots=True)
class CasualtyModifiers:
    phase_won: int
    phase_lost: int
    enemy_specialist_phase: int
    exchange_roll: int
    barricades: int
    fortifications: int


@dataclass(frozen=True, slots=True)
class CasualtyBand:
    from_margin: int | None  # None: everything below the next band
    d6: int
    bonus: int
    quick: int  # the "Rapide" percentage


@dataclass(frozen=True, slots=True)
class NoQuarter:
    d6: int
    bonus: int
    quick: int


@dataclass(frozen=True, slots=True)
class CasualtyTable:
    modifiers: CasualtyModifiers
    bands: tuple[CasualtyBand, ...]
    dead_divisor: int  # one third of the casualties are dead (rounded down)
    no_quarter: NoQuarter


@dataclass(frozen=True, slots=True)
class WitcherTables:
    troop_types: tuple[TroopType, ...]
    card: CardRules
    officers: tuple[OfficerTemplate, ...]
    engagement: tuple[EngagementBand, ...]
    circumstances: CircumstanceRules
    works: WorksTable
    superiority: SuperiorityTable
    crucial_moment: CrucialMomentRules
    rounds_limit: int
    casualties: CasualtyTable

    @classmethod
    def from_dict(cls, data: object, field: str = "tables") -> WitcherTables:
        tables = _build(cls, data, field)
        tables._check(field)
        return tables

    def to_dict(self) -> dict[str, Any]:
        plain: dict[str, Any] = _plain(self)
        return plain

    def success_threshold(self, engaged: int) -> int:
        """SR for ``engaged`` combatants, both armies together."""
        for band in self.engagement:
            if band.up_to is None or engaged <= band.up_to:
                return band.sr
        raise AssertionError("the last engagement band has no upper bound")  # pragma: no cover

    def superiority_modifier(self, *, enemy: int, own: int) -> int:
        """DC modifier for enemy numerical superiority, pct = floor(100 x enemy / own)."""
        table = self.superiority
        percent = 100 * enemy // own
        if percent >= table.per_hundred_from:
            return min(table.max, percent // 100)
        modifier = 0
        for band in table.bands:
            if percent >= band.from_percent:
                modifier = band.modifier
        return modifier

    def min_size(self, dc: int) -> int | None:
        row = self.troop_type(dc)
        return None if row is None else row.min_size

    def troop_type(self, dc: int) -> TroopType | None:
        for row in self.troop_types:
            if row.dc == dc:
                return row
        return None

    def casualty_band(self, margin: int) -> CasualtyBand:
        chosen = self.casualties.bands[0]
        for band in self.casualties.bands[1:]:
            if band.from_margin is not None and margin >= band.from_margin:
                chosen = band
        return chosen

    def officer(self, rank: str) -> OfficerTemplate:
        for template in self.officers:
            if template.rank == rank:
                return template
        known = ", ".join(template.rank for template in self.officers)
        raise InvalidInput("rank", f"must be one of {known}")

    def _check(self, field: str) -> None:
        def ascending(values: list[int], where: str) -> None:
            if values != sorted(set(values)):
                raise InvalidInput(join(field, where), "must be in strictly ascending order")

        bands = self.engagement
        if not bands or bands[-1].up_to is not None or any(b.up_to is None for b in bands[:-1]):
            raise InvalidInput(join(field, "engagement"), "only the last band may be open")
        ascending([b.up_to for b in bands if b.up_to is not None], "engagement")
        casualty = self.casualties.bands
        if not casualty or casualty[0].from_margin is not None:
            raise InvalidInput(join(field, "casualties.bands"), "the first band must be open")
        ascending([b.from_margin for b in casualty[1:] if b.from_margin is not None], "casualties")
        if any(b.from_margin is None for b in casualty[1:]):
            raise InvalidInput(join(field, "casualties.bands"), "only the first band may be open")
        ascending([b.from_percent for b in self.superiority.bands], "superiority")
        if self.rounds_limit < 1 or self.casualties.dead_divisor < 1:
            raise InvalidInput(field, "rounds_limit and casualties.dead_divisor must be >= 1")
        if not self.officers or len({o.rank for o in self.officers}) != len(self.officers):
            raise InvalidInput(join(field, "officers"), "ranks must be present and unique")


# -- building dataclasses from JSON ------------------------------------------------------


def _build[T](cls: type[T], data: object, field: str) -> T:
    source = mapping(data, field)
    hints = typing.get_type_hints(cls)
    names = [f.name for f in dataclasses.fields(cls)]  # type: ignore[arg-type]
    only_keys(source, names, field, "a table entry")
    for name in names:
        if name not in source and not _optional(hints[name]):
            raise InvalidInput(join(field, name), "is required")
    values = {name: _value(hints[name], source.get(name), join(field, name)) for name in names}
    return cls(**values)


def _optional(hint: Any) -> bool:
    return isinstance(hint, types.UnionType) and type(None) in typing.get_args(hint)


def _value(hint: Any, value: object, field: str) -> object:
    if _optional(hint):
        if value is None:
            return None
        (hint,) = [arg for arg in typing.get_args(hint) if arg is not type(None)]
    if hint is int:
        if type(value) is not int:
            raise InvalidInput(field, "must be an integer")
        return value
    if hint is float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise InvalidInput(field, "must be a number")
        return float(value)
    if hint is bool:
        if not isinstance(value, bool):
            raise InvalidInput(field, "must be true or false")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise InvalidInput(field, "must be a string")
        return value
    if typing.get_origin(hint) is tuple:
        if not isinstance(value, list):
            raise InvalidInput(field, "must be a list")
        item = typing.get_args(hint)[0]
        return tuple(_build(item, entry, join(field, i)) for i, entry in enumerate(value))
    return _build(hint, value, field)


def _plain(obj: object) -> Any:
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: _plain(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, tuple | list):
        return [_plain(item) for item in obj]
    return obj


@cache
def _default_json() -> str:
    return resources.files("rules_engine").joinpath("data/witcher_tables.json").read_text()


@cache
def default_tables() -> WitcherTables:
    """The rule text's tables (read once)."""
    return WitcherTables.from_dict(json.loads(_default_json()))


def load_tables(overrides: Mapping[str, Any] | None = None) -> WitcherTables:
    """The text's tables with whole top-level sections replaced by ``overrides``."""
    if not overrides:
        return default_tables()
    data = json.loads(_default_json())
    only_keys(mapping(overrides, "tables"), data, "tables", "a Witcher table")
    data.update(overrides)
    return WitcherTables.from_dict(data)
