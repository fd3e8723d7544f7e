"""A gladiator: race, specialization, equipment, experience and the raises bought with it.

As JSON (the form :meth:`Gladiator.to_dict` writes and :func:`parse_gladiator` reads)::

    {
      "name": "Tom",
      "race": "human",                       # optional, the base game's only race
      "specialization": "shooter",           # archer | defender | warrior | mentor | shooter
      "equipment": {"kind": "magic_armour", "armour": 9},
                   # or {"kind": "combat_gloves"}
                   # or {"kind": "power_cards", "cards": ["Fantôme", "Rayon laser"]}
      "xp": 15,                              # optional, default 0; never spent
      "raises": {"BAL": 1}                   # optional: raises taken, by characteristic
    }

:meth:`Gladiator.to_dict` adds what follows from those (``characteristics``, ``armour``,
``raises_available``); the parser ignores these and any other key the rules do not use.
Characteristics are race base + specialization bonus + raises; a raise never takes one above
the race maximum (which counts the specialization bonus). Each 10 XP is one raise:
``raises_available = xp // 10 - raises taken``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, cast

from rules_engine.errors import InvalidInput
from rules_engine.killpower import tables
from rules_engine.killpower.parsing import choice, integer, join, mapping, names, require, text


class Characteristic(StrEnum):
    DEP = "DEP"  # déplacement
    PHY = "PHY"  # physique
    HAB = "HAB"  # habileté
    POU = "POU"  # pouvoir
    BAL = "BAL"  # ballon
    VIE = "VIE"  # vie


RAISABLE: tuple[Characteristic, ...] = tuple(Characteristic(name) for name in tables.RAISABLE)


class Specialization(StrEnum):
    ARCHER = "archer"
    DEFENDER = "defender"
    WARRIOR = "warrior"
    MENTOR = "mentor"
    SHOOTER = "shooter"

    @property
    def bonus(self) -> Characteristic:
        """The characteristic this specialization raises by 1 (TABLE 11)."""
        return Characteristic(tables.SPECIALIZATIONS[self.value])


class EquipmentKind(StrEnum):
    COMBAT_GLOVES = "combat_gloves"
    MAGIC_ARMOUR = "magic_armour"
    POWER_CARDS = "power_cards"


@dataclass(frozen=True, slots=True)
class Race:
    name: str
    base: Mapping[Characteristic, int]
    maxima: Mapping[Characteristic, int]
    rapidity_die: int
    power_bonus: int

    @classmethod
    def from_table(cls, name: str) -> Race:
        row = tables.RACES[name]
        base = cast(Mapping[str, int], row["base"])
        maxima = cast(Mapping[str, int], row["maxima"])
        return cls(
            name=name,
            base={Characteristic(key): value for key, value in base.items()},
            maxima={Characteristic(key): value for key, value in maxima.items()},
            rapidity_die=cast(int, row["rapidity_die"]),
            power_bonus=cast(int, row["power_bonus"]),
        )


RACES: dict[str, Race] = {name: Race.from_table(name) for name in tables.RACES}
HUMAN = RACES["human"]

MAGIC_ARMOUR_MIN = tables.MAGIC_ARMOUR_BASE + 1
MAGIC_ARMOUR_MAX = tables.MAGIC_ARMOUR_BASE + 5


@dataclass(frozen=True, slots=True)
class Equipment:
    """The one piece of magic equipment: gloves, a magic armour (its drawn value), or cards."""

    kind: EquipmentKind
    magic_armour: int | None = None
    cards: tuple[str, ...] = ()

    @property
    def armour(self) -> int:
        """Armour points: the magic armour's value, otherwise the normal armour (1)."""
        return self.magic_armour if self.magic_armour is not None else tables.NORMAL_ARMOUR

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {"kind": self.kind.value}
        if self.kind is EquipmentKind.MAGIC_ARMOUR:
            data["armour"] = self.magic_armour
        elif self.kind is EquipmentKind.POWER_CARDS:
            data["cards"] = list(self.cards)
        return data


@dataclass(frozen=True, slots=True)
class Gladiator:
    name: str
    specialization: Specialization
    equipment: Equipment
    xp: int = 0
    raises: Mapping[Characteristic, int] = field(default_factory=dict)
    race: Race = HUMAN

    def value(self, characteristic: Characteristic) -> int:
        bonus = 1 if self.specialization.bonus is characteristic else 0
        return self.race.base[characteristic] + bonus + self.raises.get(characteristic, 0)

    @property
    def characteristics(self) -> dict[str, int]:
        return {c.value: self.value(c) for c in Characteristic}

    @property
    def armour(self) -> int:
        return self.equipment.armour

    @property
    def raises_taken(self) -> int:
        return sum(self.raises.values())

    @property
    def raises_available(self) -> int:
        return self.xp // tables.XP_PER_RAISE - self.raises_taken

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "race": self.race.name,
            "specialization": self.specialization.value,
            "equipment": self.equipment.to_dict(),
            "xp": self.xp,
            "raises": {c.value: self.raises[c] for c in RAISABLE if self.raises.get(c)},
            "characteristics": self.characteristics,
            "armour": self.armour,
            "raises_available": self.raises_available,
        }


def parse_equipment(data: object, field: str) -> Equipment:
    equipment = mapping(data, field)
    kind = choice(require(equipment, "kind", field), EquipmentKind, join(field, "kind"))
    if kind is EquipmentKind.MAGIC_ARMOUR:
        armour = integer(
            require(equipment, "armour", field),
            join(field, "armour"),
            low=MAGIC_ARMOUR_MIN,
            high=MAGIC_ARMOUR_MAX,
        )
        return Equipment(kind, magic_armour=armour)
    if kind is EquipmentKind.POWER_CARDS:
        cards_field = join(field, "cards")
        cards = names(require(equipment, "cards", field), cards_field)
        if len(cards) != tables.POWER_CARDS_PER_GLADIATOR:
            raise InvalidInput(cards_field, "must name exactly two different power cards")
        return Equipment(kind, cards=cards)
    return Equipment(kind)


def parse_raises(data: object, field: str) -> dict[Characteristic, int]:
    if data is None:
        return {}
    raises: dict[Characteristic, int] = {}
    for key, count in mapping(data, field).items():
        characteristic = choice(key, Characteristic, join(field, str(key)))
        if characteristic not in RAISABLE:
            raise InvalidInput(join(field, key), "cannot be raised (only PHY, HAB, POU, BAL, VIE)")
        raises[characteristic] = integer(count, join(field, key), low=0)
    return raises


def parse_race(data: object, field: str) -> Race:
    if data is None:
        return HUMAN
    if isinstance(data, str) and data in RACES:
        return RACES[data]
    raise InvalidInput(field, f"must be one of {', '.join(RACES)}")


def parse_gladiator(data: object, field: str = "gladiator") -> Gladiator:
    """Validate a JSON gladiator (see the module docstring)."""
    sheet = mapping(data, field)
    gladiator = Gladiator(
        name=text(require(sheet, "name", field), join(field, "name")),
        race=parse_race(sheet.get("race"), join(field, "race")),
        specialization=choice(
            require(sheet, "specialization", field), Specialization, join(field, "specialization")
        ),
        equipment=parse_equipment(require(sheet, "equipment", field), join(field, "equipment")),
        xp=integer(sheet.get("xp", 0), join(field, "xp"), low=0),
        raises=parse_raises(sheet.get("raises"), join(field, "raises")),
    )
    for characteristic in gladiator.raises:
        maximum = gladiator.race.maxima[characteristic]
        if gladiator.value(characteristic) > maximum:
            raise InvalidInput(
                join(join(field, "raises"), characteristic.value),
                f"takes {characteristic.value} above the race maximum {maximum}",
            )
    if gladiator.raises_available < 0:
        raise InvalidInput(
            join(field, "raises"),
            f"{gladiator.raises_taken} raises need {gladiator.raises_taken * tables.XP_PER_RAISE}"
            f" XP, the gladiator has {gladiator.xp}",
        )
    return gladiator


def characteristic_rows(sheet: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One row per characteristic of a gladiator's sheet (``Gladiator.to_dict``): ``base``
    (race), ``specialization`` (+1 or 0), ``raises`` taken, ``value``, race ``maximum``,
    whether it can still be raised (``raisable``: PHY, HAB, POU, BAL, VIE below their maximum)
    and whether it can be raised now (``can_raise``: raisable, with a raise available)."""
    race = RACES[sheet.get("race") or "human"]
    bonus = Specialization(sheet["specialization"]).bonus
    raises = sheet.get("raises") or {}
    rows = []
    for characteristic in Characteristic:
        value = sheet["characteristics"][characteristic.value]
        raisable = characteristic in RAISABLE and value < race.maxima[characteristic]
        rows.append(
            {
                "key": characteristic.value,
                "base": race.base[characteristic],
                "specialization": 1 if bonus is characteristic else 0,
                "raises": raises.get(characteristic.value, 0),
                "value": value,
                "maximum": race.maxima[characteristic],
                "raisable": raisable,
                "can_raise": raisable and sheet["raises_available"] > 0,
            }
        )
    return rows
