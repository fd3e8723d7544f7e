"""Experience: star player points, the levels they earn, the skill roll and the big guys'
double.

The house rules give only the big guys' thresholds ("la première compétence est à 11 PE, la
2ème à 21 PE, la 3ème à 51 PE, la 4ème à 101 PE, etc."); the standard table and the points
per action are Blood Bowl's (6, 16, 31, 51, 76, 176; a touchdown 3, a completion 1, a
casualty 2, an interception 2, the MVP 5), kept as data a league edits. Readings: "etc."
gives nothing past the last threshold listed (a league adds thresholds to its table); the
skill roll is 2D6: the position's normal categories always, its double categories on a
double, and Blood Bowl's characteristic gains on 10 (+1 MA or +1 AV), 11 (+1 AG) and 12
(+1 ST). A big guy's double does not open the double categories: it offers the text's three
choices instead (+1 ST, +1 AV, drop a skill), beside his normal categories. No
characteristic ends more than 2 over its start nor above 10, whatever raised it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rules_engine.dice import Dice, Purpose
from rules_engine.errors import IllegalAction, InvalidInput
from rules_engine.mythril.players import Player
from rules_engine.mythril.reading import Reader
from rules_engine.mythril.roster import Profile

MAX_GAIN = 2  # "ne peut pas être augmentée de plus de 2 points"
MAX_VALUE = 10  # "à une valeur maximale de 10"


def _thresholds(reader: Reader, key: str, default: tuple[int, ...]) -> tuple[int, ...]:
    if not reader.has(key):
        return default
    values = tuple(
        Reader({"value": item}, path).number("value", low=1) for path, item in reader.items(key)
    )
    for index in range(1, len(values)):
        if values[index] <= values[index - 1]:
            raise InvalidInput(f"{reader.field(key)}.{index}", "thresholds must increase")
    return values


@dataclass(frozen=True, slots=True)
class ExperienceTable:
    """Thresholds (star player points at which each level is earned) and points per action."""

    standard: tuple[int, ...] = (6, 16, 31, 51, 76, 176)
    big_guy: tuple[int, ...] = (11, 21, 51, 101)
    touchdown: int = 3
    completion: int = 1
    casualty: int = 2
    interception: int = 2
    mvp: int = 5

    POINT_KEYS = ("touchdown", "completion", "casualty", "interception", "mvp")

    @classmethod
    def from_dict(cls, data: object, field: str = "experience") -> ExperienceTable:
        reader = Reader(data, field, allowed=("standard", "big_guy", *cls.POINT_KEYS))
        default = cls()
        points = {key: reader.number(key, getattr(default, key)) for key in cls.POINT_KEYS}
        return cls(
            standard=_thresholds(reader, "standard", default.standard),
            big_guy=_thresholds(reader, "big_guy", default.big_guy),
            **points,
        )

    def thresholds(self, big_guy: bool) -> tuple[int, ...]:
        return self.big_guy if big_guy else self.standard

    def to_dict(self) -> dict[str, Any]:
        return {
            "standard": list(self.standard),
            "big_guy": list(self.big_guy),
            **{key: getattr(self, key) for key in self.POINT_KEYS},
        }


def level_for(spp: int, big_guy: bool, table: ExperienceTable | None = None) -> int:
    """How many skills ``spp`` star player points have earned.

    >>> level_for(10, True), level_for(11, True), level_for(101, True), level_for(6, False)
    (0, 1, 4, 1)
    """
    thresholds = (table or ExperienceTable()).thresholds(big_guy)
    return sum(1 for threshold in thresholds if spp >= threshold)


class BigGuyChoice(StrEnum):
    """What a big guy may do with a double."""

    STRENGTH = "st"
    ARMOUR = "av"
    DROP_SKILL = "drop_skill"


class Refusal(StrEnum):
    """Codes of :class:`LevelRefused`."""

    NOT_A_BIG_GUY = "not_a_big_guy"
    NOT_A_DOUBLE = "not_a_double"
    GAIN_CAP = "gain_cap"  # more than +2 over the start
    VALUE_CAP = "value_cap"  # above 10
    SKILL_NOT_HELD = "skill_not_held"


class LevelRefused(IllegalAction):
    """A level-up choice the rules refuse: ``code`` (:class:`Refusal`) and ``message``."""

    def __init__(self, code: Refusal, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class SkillRoll:
    """A level-up's 2D6 and what it allows: skill ``categories``, ``characteristics`` that
    may rise instead (``ma``, ``st``, ``ag``, ``av``) and, for a big guy on a double, the
    ``big_guy_choices``."""

    dice: tuple[int, int]
    double: bool
    categories: tuple[str, ...]
    characteristics: tuple[str, ...] = ()
    big_guy_choices: tuple[BigGuyChoice, ...] = ()

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> SkillRoll:
        """A roll as :meth:`to_dict` wrote it (a level-up keeps it as its options)."""
        first, second = data["dice"]
        return cls(
            dice=(first, second),
            double=data["double"],
            categories=tuple(data["categories"]),
            characteristics=tuple(data.get("characteristics", ())),
            big_guy_choices=tuple(BigGuyChoice(c) for c in data.get("big_guy_choices", ())),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "dice": list(self.dice),
            "double": self.double,
            "categories": list(self.categories),
            "characteristics": list(self.characteristics),
            "big_guy_choices": [choice.value for choice in self.big_guy_choices],
        }


CHARACTERISTIC_GAINS: dict[int, tuple[str, ...]] = {10: ("ma", "av"), 11: ("ag",), 12: ("st",)}


def skill_roll(dice: Dice, player: Player) -> SkillRoll:
    """Roll a level-up's 2D6 for ``player`` (recorded as ``skill_roll`` with his id)."""
    purpose = Purpose.of("skill_roll", player=player.id)
    first, second = dice.d6(purpose), dice.d6(purpose)
    double = first == second
    categories = list(player.normal)
    if double and not player.big_guy:
        categories += [category for category in player.double if category not in categories]
    return SkillRoll(
        dice=(first, second),
        double=double,
        categories=tuple(categories),
        characteristics=CHARACTERISTIC_GAINS.get(first + second, ()),
        big_guy_choices=tuple(BigGuyChoice) if double and player.big_guy else (),
    )


def raise_characteristic(player: Player, name: str, *, field: str = "player") -> Player:
    """``player`` with one more point of ``name`` (``ma``, ``st``, ``ag`` or ``av``), refused
    past +2 over his start or above 10."""
    now = player.current(field)
    start = player.start or now
    value = getattr(now, name) + 1
    if value > getattr(start, name) + MAX_GAIN:
        raise LevelRefused(
            Refusal.GAIN_CAP,
            f"A characteristic rises at most {MAX_GAIN} over its start: {name.upper()} "
            f"started at {getattr(start, name)}",
        )
    if value > MAX_VALUE:
        raise LevelRefused(
            Refusal.VALUE_CAP,
            f"A characteristic is at most {MAX_VALUE}: {name.upper()} is {value - 1}",
        )
    values = now.to_dict() | {name: value}
    return player.with_changes(profile=Profile(**values))


def apply_big_guy_double(
    player: Player, roll: SkillRoll, choice: BigGuyChoice, *, skill: str | None = None
) -> Player:
    """The big guy after spending a double on ``choice`` (``skill`` names the one dropped).

    Refused with :class:`LevelRefused` (coded) when he is not a big guy, the roll is not a
    double, the characteristic would pass +2 over its start or 10, or he lacks the skill.
    """
    if not player.big_guy:
        raise LevelRefused(
            Refusal.NOT_A_BIG_GUY,
            f"Only big guys spend a double this way: {player.name} is not one",
        )
    if not roll.double:
        raise LevelRefused(Refusal.NOT_A_DOUBLE, f"A double is needed: the roll was {roll.dice}")
    if choice is BigGuyChoice.DROP_SKILL:
        if skill is None or skill not in player.skills:
            raise LevelRefused(
                Refusal.SKILL_NOT_HELD, f"Dropping a skill needs one he has: {skill!r}"
            )
        return player.with_changes(skills=tuple(s for s in player.skills if s != skill))
    return raise_characteristic(player, choice.value)
