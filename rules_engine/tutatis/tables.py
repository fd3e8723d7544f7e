"""The text's tables, as pure functions of the dice already rolled.

* Tests ("Test"): 2D6 against a characteristic. A modifier moves the characteristic: a bonus
  (+2 to pick up a ball far from any opponent) helps, a malus (the "modiol" -1 of an unmarked
  opponent, the storm's -2 on BP) hinders. Success when ``roll <= characteristic + modifier``.
* Weather ("METEO", the sum of one D6 per coach): 2 storm, 3 rain, 4-10 ideal, 11 heat wave,
  12 scorching.
* Injuries ("Table des blessures", 2D6): 2-7 stunned, 8-9 unconscious, 10-12 badly hurt.
* Tackles ("Table des placages"): each side 2D6 + St + 1 per helper; the table read top to
  bottom on the attacker's total minus the defender's (5+, 3-4, 1-2, 0, -1, -2 to -4, -5 or
  less). The text's example: 8 + 7 + 1 = 16 against 8 + 7 = 15, a difference of 1, pushes the
  dwarf.
* Shots ("Tirer au but"): 2D6 + St + BP - distance against the keeper's 2D6 + Ag + BP; higher
  scores 3, equal 1 (over the bar), lower 0 (the keeper holds).
* Fouls ("Faute"): 2D6 + St against the fallen player's 2D6 + Co; higher hurts (injury
  table). Then the fouler's 1D6: on a 6 he is sent off.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rules_engine.errors import InvalidInput

SENT_OFF_ON = 6
STORM_BP_MALUS = -2
ROCK_PITCH_CO_MALUS = -1


class Weather(StrEnum):
    STORM = "storm"
    RAIN = "rain"
    IDEAL = "ideal"
    HEAT_WAVE = "heat_wave"
    SCORCHING = "scorching"


class Injury(StrEnum):
    STUNNED = "stunned"
    UNCONSCIOUS = "unconscious"
    BADLY_HURT = "badly_hurt"


class TackleResult(StrEnum):
    """The seven rows of the tackle table, top to bottom."""

    DEFENDER_PUSHED_OR_KO = "defender_pushed_or_ko"
    DEFENDER_PUSHED_HARD = "defender_pushed_hard"
    DEFENDER_PUSHED = "defender_pushed"
    BOTH_PUSHED = "both_pushed"
    BOTH_STAND = "both_stand"
    ATTACKER_KO_OR_STAND = "attacker_ko_or_stand"
    ATTACKER_PUSHED_OR_KO = "attacker_pushed_or_ko"


def _check_2d6(total: int, where: str) -> None:
    if type(total) is not int or not 2 <= total <= 12:
        raise InvalidInput(where, "must be the sum of two six-sided dice, from 2 to 12")


def weather_for(total: int) -> Weather:
    _check_2d6(total, "roll")
    if total == 2:
        return Weather.STORM
    if total == 3:
        return Weather.RAIN
    if total == 11:
        return Weather.HEAT_WAVE
    if total == 12:
        return Weather.SCORCHING
    return Weather.IDEAL


def injury_for(total: int) -> Injury:
    _check_2d6(total, "roll")
    if total <= 7:
        return Injury.STUNNED
    if total <= 9:
        return Injury.UNCONSCIOUS
    return Injury.BADLY_HURT


def tackle_result(difference: int) -> TackleResult:
    """The row of the tackle table for the attacker's total minus the defender's."""
    if difference >= 5:
        return TackleResult.DEFENDER_PUSHED_OR_KO
    if difference >= 3:
        return TackleResult.DEFENDER_PUSHED_HARD
    if difference >= 1:
        return TackleResult.DEFENDER_PUSHED
    if difference == 0:
        return TackleResult.BOTH_PUSHED
    if difference == -1:
        return TackleResult.BOTH_STAND
    if difference >= -4:
        return TackleResult.ATTACKER_KO_OR_STAND
    return TackleResult.ATTACKER_PUSHED_OR_KO


def passes_test(characteristic: int, roll: int, modifier: int = 0) -> bool:
    """A characteristic test: 2D6 at most the characteristic moved by its modifier."""
    _check_2d6(roll, "roll")
    return roll <= characteristic + modifier


def falls_hurt(constitution: int, roll: int, *, rock_pitch: bool = False) -> bool:
    """A fall hurts (the injury table is rolled) when 2D6 beats Co (Co - 1 on a dwarf pitch)."""
    _check_2d6(roll, "roll")
    return roll > constitution + (ROCK_PITCH_CO_MALUS if rock_pitch else 0)


@dataclass(frozen=True, slots=True)
class Tackle:
    attacker_total: int
    defender_total: int

    @property
    def difference(self) -> int:
        return self.attacker_total - self.defender_total

    @property
    def result(self) -> TackleResult:
        return tackle_result(self.difference)

    def to_dict(self) -> dict[str, Any]:
        return {
            "attacker_total": self.attacker_total,
            "defender_total": self.defender_total,
            "difference": self.difference,
            "result": self.result.value,
        }


def tackle(
    *,
    attacker_st: int,
    attacker_roll: int,
    attacker_helpers: int,
    defender_st: int,
    defender_roll: int,
    defender_helpers: int,
) -> Tackle:
    _check_2d6(attacker_roll, "attacker.roll")
    _check_2d6(defender_roll, "defender.roll")
    return Tackle(
        attacker_total=attacker_roll + attacker_st + attacker_helpers,
        defender_total=defender_roll + defender_st + defender_helpers,
    )


@dataclass(frozen=True, slots=True)
class Shot:
    shooter_total: int
    keeper_total: int

    @property
    def points(self) -> int:
        if self.shooter_total > self.keeper_total:
            return 3
        return 1 if self.shooter_total == self.keeper_total else 0

    def to_dict(self) -> dict[str, int]:
        return {
            "shooter_total": self.shooter_total,
            "keeper_total": self.keeper_total,
            "points": self.points,
        }


def shot(
    *,
    shooter_st: int,
    shooter_bp: int,
    shooter_roll: int,
    keeper_ag: int,
    keeper_bp: int,
    keeper_roll: int,
    distance: int,
) -> Shot:
    _check_2d6(shooter_roll, "shooter.roll")
    _check_2d6(keeper_roll, "keeper.roll")
    return Shot(
        shooter_total=shooter_roll + shooter_st + shooter_bp - distance,
        keeper_total=keeper_roll + keeper_ag + keeper_bp,
    )


@dataclass(frozen=True, slots=True)
class Foul:
    fouler_total: int
    victim_total: int
    injury: Injury | None  # rolled only when the fouler's total is higher
    sending_off_roll: int

    @property
    def hurts(self) -> bool:
        return self.fouler_total > self.victim_total

    @property
    def sent_off(self) -> bool:
        return self.sending_off_roll == SENT_OFF_ON

    def to_dict(self) -> dict[str, Any]:
        return {
            "fouler_total": self.fouler_total,
            "victim_total": self.victim_total,
            "hurts": self.hurts,
            "injury": self.injury.value if self.injury else None,
            "sending_off_roll": self.sending_off_roll,
            "sent_off": self.sent_off,
        }
