"""Damage states (9.1) and the death risk after the match (9.2, TABLE 8).

A blow does PHY, +1D10 with combat gloves; a group attack adds up its attackers' blows.
State = (VIE + armour) - damage (armour ignored for "points de blessure", ``wound=True``):
0 or more unharmed; -1..-10 badly wounded (BG, back after the next basket or given point);
below -10 coma: out for the match, with a death risk once it is over.

Death risk (TABLE 8, partly garbled; RULES_NOTES' reading, as data in
:mod:`~rules_engine.killpower.tables`): 1D10 for the location, unless the blow was aimed at one
(8.4, "sauf si vous avez localisé"); a limb at -11..-15 stays in a coma and survives, -16 or
less is dead; the head at -11 or less is dead. A league may move the death thresholds.

>>> damage_state(4, 6, 8)  # Tom: VIE 4, armour 6, hit for 8
Damage(state=2, status=<DamageStatus.UNHARMED: 'unharmed'>)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from rules_engine.dice import Dice
from rules_engine.errors import InvalidInput
from rules_engine.killpower import tables
from rules_engine.killpower.gladiator import Characteristic, EquipmentKind, Gladiator
from rules_engine.killpower.parsing import integer, join, mapping, only_keys


class DamageStatus(StrEnum):
    UNHARMED = "unharmed"
    BADLY_WOUNDED = "badly_wounded"
    COMA = "coma"


@dataclass(frozen=True, slots=True)
class Damage:
    state: int
    status: DamageStatus

    def to_dict(self) -> dict[str, Any]:
        return {"state": self.state, "status": self.status.value}


def status_of(state: int) -> DamageStatus:
    for lowest, status in tables.DAMAGE_BANDS:
        if state >= lowest:
            return DamageStatus(status)
    return DamageStatus.COMA


def damage_state(vie: int, armour: int, damage: int, *, wound: bool = False) -> Damage:
    state = vie + (0 if wound else armour) - damage
    return Damage(state, status_of(state))


def blow_damage(attackers: Iterable[Gladiator], *, dice: Dice) -> int:
    """Damage of a blow (8.3): each attacker's PHY, +1D10 for each with combat gloves. One
    attacker is a normal attack, several a group attack."""
    total = 0
    for attacker in attackers:
        total += attacker.value(Characteristic.PHY)
        if attacker.equipment.kind is EquipmentKind.COMBAT_GLOVES:
            total += dice.roll(tables.GLOVES_DIE, f"combat gloves {attacker.name}")
    return total


class Region(StrEnum):
    LIMB = "limb"
    HEAD = "head"


class Fate(StrEnum):
    COMA = "coma"  # survives, back to the coach after the match
    DEAD = "dead"


LOCATIONS: dict[int, tuple[str, Region]] = {
    face: (name, Region(region)) for face, (name, region) in tables.LOCATIONS.items()
}
LOCATION_NAMES: dict[str, Region] = {name: region for name, region in LOCATIONS.values()}


@dataclass(frozen=True, slots=True)
class DeathRiskTable:
    """The highest state at which a gladiator in a coma dies, by region."""

    dead_at: Mapping[Region, int] = field(
        default_factory=lambda: {Region(key): value for key, value in tables.DEAD_AT.items()}
    )

    def fate(self, region: Region, state: int) -> Fate:
        return Fate.DEAD if state <= self.dead_at[region] else Fate.COMA

    def to_dict(self) -> dict[str, Any]:
        return {"dead_at": {region.value: value for region, value in self.dead_at.items()}}

    @classmethod
    def parse(cls, data: object, field: str = "death_risk") -> DeathRiskTable:
        if data is None:
            return cls()
        only_keys(mapping(data, field), ("dead_at",), field)
        dead_field = join(field, "dead_at")
        dead_at = mapping(mapping(data, field).get("dead_at", {}), dead_field)
        only_keys(dead_at, [region.value for region in Region], dead_field)
        values = dict(cls().dead_at)
        for key, value in dead_at.items():
            values[Region(key)] = integer(value, join(dead_field, key), high=-11)
        return cls(values)


DEFAULT_DEATH_RISK = DeathRiskTable()


@dataclass(frozen=True, slots=True)
class DeathRisk:
    gladiator: str
    state: int
    roll: int | None  # None when the blow was aimed at a location
    location: str
    region: Region
    fate: Fate

    def to_dict(self) -> dict[str, Any]:
        return {
            "gladiator": self.gladiator,
            "state": self.state,
            "roll": self.roll,
            "location": self.location,
            "region": self.region.value,
            "fate": self.fate.value,
        }


def death_risk(
    gladiator: str,
    state: int,
    *,
    dice: Dice,
    location: str | None = None,
    table: DeathRiskTable = DEFAULT_DEATH_RISK,
) -> DeathRisk:
    """Roll (or take the aimed) location and read TABLE 8 for a gladiator in a coma."""
    if status_of(state) is not DamageStatus.COMA:
        raise InvalidInput("state", "must be -11 or less: only a coma carries a death risk")
    roll: int | None = None
    if location is None:
        roll = dice.d10(f"death risk location {gladiator}")
        location, region = LOCATIONS[roll]
    elif location in LOCATION_NAMES:
        region = LOCATION_NAMES[location]
    else:
        raise InvalidInput("location", f"must be one of {', '.join(LOCATION_NAMES)}")
    return DeathRisk(gladiator, state, roll, location, region, table.fate(region, state))
