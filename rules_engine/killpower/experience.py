"""Experience and raises (chapter 12).

A gladiator gains 5 XP per match played. Each 10 XP lets the coach raise PHY, HAB, POU, BAL
or VIE by 1, never above the race maximum (which counts the specialization bonus, not powers).
XP is never spent: it counts toward the team's power, so the raises a gladiator may still take
are ``xp // 10 - raises taken``.

>>> from rules_engine.killpower.gladiator import Equipment, EquipmentKind, Specialization
>>> tom = Gladiator("Tom", Specialization.SHOOTER, Equipment(EquipmentKind.COMBAT_GLOVES), xp=10)
>>> raised = take_raise(tom, Characteristic.BAL)
>>> raised.characteristics["BAL"], raised.xp, raised.raises_available
(6, 10, 0)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from rules_engine.errors import IllegalAction
from rules_engine.killpower import tables
from rules_engine.killpower.gladiator import RAISABLE, Characteristic, Gladiator


def gain_xp(gladiator: Gladiator, xp: int = tables.XP_PER_MATCH) -> Gladiator:
    return replace(gladiator, xp=gladiator.xp + xp)


def can_raise(gladiator: Gladiator, characteristic: Characteristic) -> bool:
    return (
        characteristic in RAISABLE
        and gladiator.raises_available > 0
        and gladiator.value(characteristic) < gladiator.race.maxima[characteristic]
    )


def take_raise(gladiator: Gladiator, characteristic: Characteristic) -> Gladiator:
    """``gladiator`` with ``characteristic`` raised by 1; :class:`IllegalAction` if the rules
    do not allow it now."""
    if characteristic not in RAISABLE:
        raise IllegalAction(f"{characteristic.value} cannot be raised")
    if gladiator.raises_available <= 0:
        raise IllegalAction(
            f"{gladiator.name} has no raise left ({gladiator.xp} XP, "
            f"{gladiator.raises_taken} raises taken)"
        )
    maximum = gladiator.race.maxima[characteristic]
    if gladiator.value(characteristic) >= maximum:
        raise IllegalAction(
            f"{gladiator.name}'s {characteristic.value} is at the race maximum {maximum}"
        )
    raises = dict(gladiator.raises)
    raises[characteristic] = raises.get(characteristic, 0) + 1
    return replace(gladiator, raises=raises)


def take_raises(gladiator: Gladiator, characteristics: Iterable[Characteristic]) -> Gladiator:
    for characteristic in characteristics:
        gladiator = take_raise(gladiator, characteristic)
    return gladiator
