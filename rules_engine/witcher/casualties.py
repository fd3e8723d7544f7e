"""Casualties (optional rule "Pertes dans la bataille"), rolled once the three phases are over.

Each army's commander (the card's commander, not a second) rolls 1D10 + Tactics, criticals
applying, against the enemy's base troop DC (works not included) plus: -1 per phase won,
+1 per phase lost, enemy numerical superiority (whole armies), +1 per phase in which the
enemy had specialists, +1 per exchange round of the whole battle (each side rolled that
many times; crucial moments are not rolls), and the enemy's barricades +2 or
fortifications +3 (the larger, as for the card). margin = total - DC picks a band of the
casualty table: ``dice`` mode rolls its nD6 + bonus %, ``quick`` mode takes its fixed %.

*Project readings:* the commander spends Luck (automatic policy) only to meet the DC
(margin 0, the best band a miss can reach in one step); casualties are the army's head count
times the percentage, rounded to the nearest soldier (halves up); one third of them are
dead (rounded down), the rest wounded. "No quarter": the battle's winner finishes off the
loser's wounded; (1D6 + 2)% of the loser's casualties survive (quick: 5%), rounded the same
way, and they are the wounded; every other casualty is dead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules_engine.dice import Dice
from rules_engine.witcher import purposes
from rules_engine.witcher.army import PHASES
from rules_engine.witcher.battle import SIDES, CasualtyMode, LuckPolicy, Side
from rules_engine.witcher.plan import BattlePlan
from rules_engine.witcher.rolls import SkillRoll, roll_skill


def percent_of(count: int, percent: int) -> int:
    return (count * percent + 50) // 100


# a value built at every resolution: not frozen=True (see rules_engine.witcher's docstring)
@dataclass(slots=True, unsafe_hash=True)
class SideCasualties:
    commander: str
    roll: SkillRoll
    modifiers: dict[str, int]  # the terms of the DC, in order
    percent: int
    casualties: int
    dead: int
    wounded: int
    survival_percent: int | None = None  # "no quarter" applied to this side

    @property
    def dc(self) -> int:
        return self.roll.dc

    def to_dict(self) -> dict[str, Any]:
        roll = self.roll.to_dict()
        return {
            "commander": self.commander,
            "roll": roll,
            "dc": roll["dc"],
            "modifiers": dict(self.modifiers),
            "margin": roll["total"] - roll["dc"],  # roll.margin, its total computed once
            "percent": self.percent,
            "casualties": self.casualties,
            "dead": self.dead,
            "wounded": self.wounded,
            "no_quarter": (
                None if self.survival_percent is None
                else {"survival_percent": self.survival_percent, "survivors": self.wounded}
            ),
        }  # fmt: skip


def casualty_modifiers(
    plan: BattlePlan, side: Side, *, phases_won: int, exchange_rolls: int
) -> dict[str, int]:
    battle, tables = plan.battle, plan.battle.tables
    rules = tables.casualties.modifiers
    other = Side.DEFENDER if side is Side.ATTACKER else Side.ATTACKER  # side.other, inline
    own, enemy = battle.army(side), battle.army(other)
    enemy_card = plan.cards[other]
    walls = max(
        rules.barricades if enemy.works.barricades else 0,
        rules.fortifications if enemy.works.fortifications else 0,
    )
    # a list, not a generator: a comprehension runs inline, a generator in its own frame
    specialist_phases = len([phase for phase in PHASES if enemy_card.specialists[phase]])
    return {
        "enemy_base_dc": enemy_card.base_dc,
        "phases_won": rules.phase_won * phases_won,
        "phases_lost": rules.phase_lost * (len(PHASES) - phases_won),
        "superiority": tables.superiority_modifier(enemy=enemy.total, own=own.total),
        "enemy_specialists": rules.enemy_specialist_phase * specialist_phases,
        "exchange_rolls": rules.exchange_roll * exchange_rolls,
        "enemy_walls": walls,
    }


def roll_casualties(
    dice: Dice,
    plan: BattlePlan,
    *,
    phases_won: dict[Side, int],
    exchange_rolls: int,
    winner: Side,
    luck: dict[Side, dict[str, int]],
) -> dict[Side, SideCasualties]:
    """Both sides' casualties; spends Luck from ``luck`` (updated in place)."""
    battle, tables = plan.battle, plan.battle.tables
    options = battle.options
    quick = options.casualties is CasualtyMode.QUICK
    result: dict[Side, SideCasualties] = {}
    for side in SIDES:
        army = battle.army(side)
        commander = army.commander
        terms = casualty_modifiers(
            plan, side, phases_won=phases_won[side], exchange_rolls=exchange_rolls
        )
        dc = sum(terms.values())
        pool = luck[side]
        use_luck = options.luck is LuckPolicy.AUTO
        roll = roll_skill(
            dice,
            base=commander.tactics,
            dc=dc,
            purpose=purposes.casualty_test(side),
            luck_left=pool.get(commander.name, 0),
            wanted=dc if use_luck else None,
        )
        if roll.luck:
            pool[commander.name] -= roll.luck
        band = tables.casualty_band(roll.margin)
        percent = band.quick if quick else dice.nd6(band.d6, purposes.casualties(side)) + band.bonus
        count = min(army.total, percent_of(army.total, percent))
        dead = count // tables.casualties.dead_divisor
        result[side] = SideCasualties(
            commander.name, roll, terms, percent, count, dead, count - dead
        )
    if options.no_quarter:
        loser = winner.other
        rules = tables.casualties.no_quarter
        if quick:
            survival = rules.quick
        else:
            survival = dice.nd6(rules.d6, purposes.no_quarter_survivors(loser)) + rules.bonus
        side_result = result[loser]
        survivors = min(side_result.wounded, percent_of(side_result.casualties, survival))
        result[loser] = SideCasualties(
            side_result.commander,
            side_result.roll,
            side_result.modifiers,
            side_result.percent,
            side_result.casualties,
            side_result.casualties - survivors,
            survivors,
            survival,
        )
    return result
