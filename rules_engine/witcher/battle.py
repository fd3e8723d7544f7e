"""A battle to resolve: two armies, the circumstances of each phase, the crucial moments the
game master plans, and the options. As JSON::

    {
      "attacker": army, "defender": army,                 # see rules_engine.witcher.army
      "circumstances": {"defender": {"1": {"surprise": 1, "weather": 2, "other": 0}}},
      "crucial_moments": {"1": {"attacker_chance": 0.5}, "3": {}},
      "options": {"casualties": "off", "no_quarter": false, "phase3_skill": "auto",
                  "luck": "auto", "moments": "chance"}
    }

Everything but the armies is optional. ``surprise`` (0-3) lowers that side's DC in that
phase, ``weather`` (0-3) raises it, ``other`` (-10..10) is any further modifier the game
master adds ("vous pouvez en ajouter d'autres"), e.g. works lost in a crucial moment.

A phase listed in ``crucial_moments`` has one planned moment; ``attacker_chance`` (default
0.5) is the attacker's chance to win it when it is drawn. Options:

* ``casualties``: ``off`` | ``dice`` | ``quick``; ``no_quarter``: the winner finishes off
  the loser's wounded.
* ``phase3_skill``: ``auto`` (the phase-2 winner's best skill), ``tactics`` or ``command``
  (the winner's choice fixed in advance), ``gm`` (the run pauses for the game master).
* ``luck``: ``auto`` (spend only what makes a roll score at least one point) or ``off``.
* ``moments``: ``chance`` (crucial moments drawn with their chance) or ``gm`` (the run
  pauses until the game master records the winner).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, ClassVar

from rules_engine.errors import InvalidInput
from rules_engine.witcher.army import Army, parse_army
from rules_engine.witcher.parsing import (
    boolean_at,
    choice,
    integer_at,
    join,
    mapping,
    only_keys,
    phase_key,
    require,
    share,
)
from rules_engine.witcher.tables import CircumstanceRules, WitcherTables, default_tables


class Side(StrEnum):
    ATTACKER = "attacker"
    DEFENDER = "defender"

    @property
    def other(self) -> Side:
        return Side.DEFENDER if self is Side.ATTACKER else Side.ATTACKER


SIDES = (Side.ATTACKER, Side.DEFENDER)


class CasualtyMode(StrEnum):
    OFF = "off"
    DICE = "dice"
    QUICK = "quick"


class Phase3Policy(StrEnum):
    AUTO = "auto"
    TACTICS = "tactics"
    COMMAND = "command"
    GM = "gm"


class LuckPolicy(StrEnum):
    AUTO = "auto"
    OFF = "off"


class MomentMode(StrEnum):
    CHANCE = "chance"
    GM = "gm"


# a value built at every resolution: not frozen=True (see rules_engine.witcher's docstring)
@dataclass(slots=True, unsafe_hash=True)
class Circumstance:
    """One side's circumstances in one phase (DC modifiers)."""

    surprise: int = 0  # -1 to -3 on the DC
    weather: int = 0  # +1 to +3
    other: int = 0  # any further modifier, signed

    def to_dict(self) -> dict[str, int]:
        return {"surprise": self.surprise, "weather": self.weather, "other": self.other}


NO_CIRCUMSTANCE = Circumstance()


# a value built at every resolution: not frozen=True (see rules_engine.witcher's docstring)
@dataclass(slots=True, unsafe_hash=True)
class MomentPlan:
    """A crucial moment the game master plans for a phase."""

    attacker_chance: float

    def to_dict(self) -> dict[str, float]:
        return {"attacker_chance": self.attacker_chance}


_OPTION_CHOICES: dict[str, dict[str, StrEnum]] = {
    key: {member.value: member for member in enum}
    for key, enum in (("casualties", CasualtyMode), ("phase3_skill", Phase3Policy),
                      ("luck", LuckPolicy), ("moments", MomentMode))
}  # fmt: skip


# a value built at every resolution: not frozen=True (see rules_engine.witcher's docstring)
@dataclass(slots=True, unsafe_hash=True)
class BattleOptions:
    casualties: CasualtyMode = CasualtyMode.OFF
    no_quarter: bool = False
    phase3_skill: Phase3Policy = Phase3Policy.AUTO
    luck: LuckPolicy = LuckPolicy.AUTO
    moments: MomentMode = MomentMode.CHANCE

    KEYS: ClassVar[tuple[str, ...]] = (
        "casualties",
        "no_quarter",
        "phase3_skill",
        "luck",
        "moments",
    )

    @classmethod
    def parse(cls, data: object, field: str = "options") -> BattleOptions:
        if data is None:
            return cls()
        source = mapping(data, field)
        only_keys(source, cls.KEYS, field, "a Witcher option")
        values: dict[str, Any] = {}
        for key, members in _OPTION_CHOICES.items():
            if key in source:
                values[key] = choice(source[key], join(field, key), members)
        if "no_quarter" in source:
            values["no_quarter"] = boolean_at(source, "no_quarter", field)
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        return {"casualties": self.casualties.value, "no_quarter": self.no_quarter,
                "phase3_skill": self.phase3_skill.value, "luck": self.luck.value,
                "moments": self.moments.value}  # fmt: skip


# a value built at every resolution: not frozen=True (see rules_engine.witcher's docstring)
@dataclass(slots=True, unsafe_hash=True)
class Battle:
    attacker: Army
    defender: Army
    circumstances: dict[Side, dict[int, Circumstance]] = field(default_factory=dict)
    crucial_moments: dict[int, MomentPlan] = field(default_factory=dict)
    options: BattleOptions = field(default_factory=BattleOptions)
    tables: WitcherTables = field(default_factory=default_tables)

    def army(self, side: Side) -> Army:
        return self.attacker if side is Side.ATTACKER else self.defender

    def circumstance(self, side: Side, phase: int) -> Circumstance:
        return self.circumstances.get(side, {}).get(phase, NO_CIRCUMSTANCE)

    def to_dict(self) -> dict[str, Any]:
        """The battle as JSON (tables apart): :func:`parse_battle` reads it back."""
        return {
            "attacker": self.attacker.to_dict(),
            "defender": self.defender.to_dict(),
            "circumstances": {
                side.value: {str(p): c.to_dict() for p, c in sorted(phases.items())}
                for side, phases in self.circumstances.items()
            },
            "crucial_moments": {
                str(p): plan.to_dict() for p, plan in sorted(self.crucial_moments.items())
            },
            "options": self.options.to_dict(),
        }


BATTLE_KEYS = ("attacker", "defender", "circumstances", "crucial_moments", "options")


def _circumstance(data: object, field: str, tables: WitcherTables) -> Circumstance:
    source = mapping(data, field)
    only_keys(source, ("surprise", "weather", "other"), field, "a circumstance")
    rules = tables.circumstances
    return Circumstance(
        surprise=integer_at(source, "surprise", field, 0, rules.surprise_max, default=0),
        weather=integer_at(source, "weather", field, 0, rules.weather_max, default=0),
        other=_signed(source.get("other", 0), field, "other", rules.other_max),
    )


def _signed(value: object, field: str, key: str, limit: int) -> int:
    if type(value) is not int or not -limit <= value <= limit:
        raise InvalidInput(join(field, key), f"must be an integer between {-limit} and {limit}")
    return value


def parse_circumstances(
    data: object, field: str, tables: WitcherTables
) -> dict[Side, dict[int, Circumstance]]:
    if data is None:
        return {}
    source = mapping(data, field)
    sides = {side.value: side for side in Side}
    only_keys(source, sides, field, "a side")
    result: dict[Side, dict[int, Circumstance]] = {}
    for key, phases in source.items():
        side_field = join(field, key)
        result[sides[key]] = {
            phase_key(p, side_field): _circumstance(value, join(side_field, p), tables)
            for p, value in mapping(phases, side_field).items()
        }
    return result


def parse_crucial_moments(data: object, field: str, tables: WitcherTables) -> dict[int, MomentPlan]:
    if data is None:
        return {}
    plans: dict[int, MomentPlan] = {}
    for key, value in mapping(data, field).items():
        phase = phase_key(key, field)
        if value is None:
            continue  # not planned
        where = join(field, key)
        source = mapping(value, where)
        only_keys(source, ("attacker_chance",), where, "a crucial moment setting")
        chance = source.get("attacker_chance", tables.crucial_moment.default_chance)
        plans[phase] = MomentPlan(share(chance, join(where, "attacker_chance")))
    return dict(sorted(plans.items()))


def parse_battle(
    data: object,
    *,
    tables: WitcherTables | None = None,
    extra_keys: Collection[str] = (),
    field: str = "",
) -> Battle:
    """Validate a JSON battle. ``extra_keys`` are top-level keys the caller reads itself
    (``seed``, ``n``); any other unknown key is refused.

    Card errors are not checked here: see
    :func:`~rules_engine.witcher.plan.plan_battle`, which refuses them.
    """
    tables = tables or default_tables()
    source = mapping(data, field)
    only_keys(source, (*BATTLE_KEYS, *extra_keys), field, "an input of a battle")
    attacker = parse_army(require(source, "attacker", field), join(field, "attacker"), tables)
    defender = parse_army(require(source, "defender", field), join(field, "defender"), tables)
    # the quick readings first; anything they do not accept is read (and refused) by the
    # checked parsers, which word the error
    part = source.get("circumstances")
    circumstances = _quick_circumstances(part, tables.circumstances)
    if circumstances is None:
        circumstances = parse_circumstances(part, join(field, "circumstances"), tables)
    part = source.get("crucial_moments")
    moments = _quick_crucial_moments(part, tables.crucial_moment.default_chance)
    if moments is None:
        moments = parse_crucial_moments(part, join(field, "crucial_moments"), tables)
    part = source.get("options")
    options = _quick_options(part)
    if options is None:
        options = BattleOptions.parse(part, join(field, "options"))
    return Battle(attacker, defender, circumstances, moments, options, tables)


# -- quick readings of well-formed input ---------------------------------------------------
# A battle is parsed at every resolution. These accept exactly what the checked parsers
# above accept when it is well-formed (built-in types, known keys, values in range), in one
# pass without field paths; they return None for anything else, and the checked parser then
# reads it (tests/engine/test_fast_paths.py checks both agree).

_SIDE_KEYS = {side.value: side for side in Side}
_PHASE_KEYS = {"1": 1, "2": 2, "3": 3}
_CIRCUMSTANCE_KEYS = frozenset(("surprise", "weather", "other"))
_MOMENT_KEYS = frozenset(("attacker_chance",))


def _quick_circumstances(
    data: object, rules: CircumstanceRules
) -> dict[Side, dict[int, Circumstance]] | None:
    if data is None:
        return {}
    if type(data) is not dict:
        return None
    result: dict[Side, dict[int, Circumstance]] = {}
    for key, phases in data.items():
        side = _SIDE_KEYS.get(key) if type(key) is str else None
        if side is None or type(phases) is not dict:
            return None
        by_phase = {}
        for phase_key_, value in phases.items():
            phase = _PHASE_KEYS.get(phase_key_) if type(phase_key_) is str else None
            circumstance = _quick_circumstance(value, rules)
            if phase is None or circumstance is None:
                return None
            by_phase[phase] = circumstance
        result[side] = by_phase
    return result


def _quick_circumstance(data: object, rules: CircumstanceRules) -> Circumstance | None:
    if type(data) is not dict or not data.keys() <= _CIRCUMSTANCE_KEYS:
        return None
    surprise, weather = data.get("surprise", 0), data.get("weather", 0)
    other = data.get("other", 0)
    if (
        type(surprise) is int and 0 <= surprise <= rules.surprise_max
        and type(weather) is int and 0 <= weather <= rules.weather_max
        and type(other) is int and -rules.other_max <= other <= rules.other_max
    ):  # fmt: skip
        return Circumstance(surprise, weather, other)
    return None


def _quick_crucial_moments(data: object, default_chance: float) -> dict[int, MomentPlan] | None:
    if data is None:
        return {}
    if type(data) is not dict:
        return None
    plans = {}
    for key, value in data.items():
        phase = _PHASE_KEYS.get(key) if type(key) is str else None
        if phase is None:
            return None
        if value is None:
            continue  # not planned
        if type(value) is not dict or not value.keys() <= _MOMENT_KEYS:
            return None
        chance = value.get("attacker_chance", default_chance)
        if (type(chance) is not float and type(chance) is not int) or not 0 <= chance <= 1:
            return None
        plans[phase] = MomentPlan(float(chance))
    return dict(sorted(plans.items()))


def _quick_options(data: object) -> BattleOptions | None:
    if data is None:
        return BattleOptions()
    if type(data) is not dict or not data.keys() <= _OPTION_KEYS:
        return None
    values: dict[str, Any] = {}
    for key, members in _OPTION_CHOICES.items():
        if key in data:
            value = data[key]
            member = members.get(value) if type(value) is str else None
            if member is None:
                return None
            values[key] = member
    no_quarter = data.get("no_quarter", False)
    if no_quarter is not True and no_quarter is not False:
        return None
    return BattleOptions(no_quarter=no_quarter, **values)


_OPTION_KEYS = frozenset(BattleOptions.KEYS)
