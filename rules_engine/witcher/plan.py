"""Everything fixed before the first roll: the cards, the SR, each phase's commanders and DCs.

Both the narrative engine (:mod:`~rules_engine.witcher.run`) and the vectorised odds
(:mod:`~rules_engine.witcher.fast_odds`) read the same :class:`BattlePlan`, so they cannot
disagree on a DC.

DC of the commander who rolls, in a phase (RULES_NOTES 2): the enemy card's DC (its base DC
and its works) - 1 per own specialist troop engaged in the phase - surprise + weather +
enemy numerical superiority (pct = floor(100 x enemy / own), with each army's deployment
for that phase when given) + the game master's other modifiers.

Phase 3 skill, automatic policy: the phase-2 winner picks the skill where its phase-3
commander's base minus the enemy's is larger; ties go to Command.
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_engine.errors import InvalidInput
from rules_engine.witcher.army import PHASES, Commander, Skill
from rules_engine.witcher.battle import (
    NO_CIRCUMSTANCE,
    SIDES,
    Battle,
    Circumstance,
    Phase3Policy,
    Side,
)
from rules_engine.witcher.card import BattleCard, battle_card

PHASE_SKILLS = {1: Skill.TACTICS, 2: Skill.COMMAND}


# a value built at every resolution: not frozen=True (see rules_engine.witcher's docstring)
@dataclass(slots=True, unsafe_hash=True)
class PhaseSetup:
    phase: int
    commanders: dict[Side, Commander]
    dc: dict[Side, int]
    modifiers: dict[Side, dict[str, int]]  # the terms of each side's DC, in order

    def modifiers_dict(self) -> dict[str, dict[str, int]]:
        modifiers = self.modifiers  # both sides, attacker first, as the JSON writes them
        return {"attacker": dict(modifiers[Side.ATTACKER]),
                "defender": dict(modifiers[Side.DEFENDER])}  # fmt: skip


# a value built at every resolution: not frozen=True (see rules_engine.witcher's docstring)
@dataclass(slots=True, unsafe_hash=True)
class BattlePlan:
    battle: Battle
    cards: dict[Side, BattleCard]  # made without their warnings (battle_card(warnings=False))
    engaged: int  # both armies together: the engagement size
    sr: int
    phases: tuple[PhaseSetup, PhaseSetup, PhaseSetup]
    luck: dict[Side, dict[str, int]]  # starting Luck of each side's commanders, by name

    def setup(self, phase: int) -> PhaseSetup:
        return self.phases[phase - 1]

    def auto_phase3_skill(self, chooser: Side) -> Skill:
        mine = self.phases[2].commanders[chooser]
        theirs = self.phases[2].commanders[chooser.other]
        tactics_edge = mine.tactics - theirs.tactics
        command_edge = mine.command - theirs.command
        return Skill.TACTICS if tactics_edge > command_edge else Skill.COMMAND

    def phase3_skill(self, chooser: Side) -> Skill | None:
        """The skill the phase-2 winner plays phase 3 with; None: the game master chooses."""
        policy = self.battle.options.phase3_skill
        if policy is Phase3Policy.AUTO:
            return self.auto_phase3_skill(chooser)
        if policy is Phase3Policy.GM:
            return None
        return Skill(policy.value)


def _phases(battle: Battle, cards: dict[Side, BattleCard]) -> list[PhaseSetup]:
    """The three phases' setups. What does not change from phase to phase (the enemy card,
    numerical superiority of the whole armies) is read once per side."""
    rules = battle.tables.circumstances
    superiority = battle.tables.superiority_modifier
    sides = []
    for side, other, own, enemy in (
        (Side.ATTACKER, Side.DEFENDER, battle.attacker, battle.defender),
        (Side.DEFENDER, Side.ATTACKER, battle.defender, battle.attacker),
    ):
        whole = superiority(enemy=enemy.total, own=own.total)
        sides.append((side, own, enemy, cards[other].dc, cards[side].specialists, whole,
                      battle.circumstances.get(side, _NO_PHASES)))  # fmt: skip
    setups = []
    for phase in PHASES:
        commanders: dict[Side, Commander] = {}
        dcs: dict[Side, int] = {}
        modifiers: dict[Side, dict[str, int]] = {}
        for side, own, enemy, enemy_dc, specialists, whole, circumstances in sides:
            # Battle.circumstance(), Army.engaged() and Army.commander_for(), read inline
            circumstance = circumstances.get(phase, NO_CIRCUMSTANCE)
            if phase in enemy.deployment or phase in own.deployment:
                edge = superiority(enemy=enemy.deployment.get(phase, enemy.total),
                                   own=own.deployment.get(phase, own.total))  # fmt: skip
            else:
                edge = whole
            terms = {
                "enemy_card": enemy_dc,
                "specialists": rules.specialist * len(specialists[phase]),
                "surprise": -circumstance.surprise,
                "weather": circumstance.weather,
                "superiority": edge,
                "other": circumstance.other,
            }
            commanders[side] = own.seconds.get(phase, own.commander)
            dcs[side] = sum(terms.values())
            modifiers[side] = terms
        setups.append(PhaseSetup(phase, commanders, dcs, modifiers))
    return setups


_NO_PHASES: dict[int, Circumstance] = {}


def plan_battle(battle: Battle) -> BattlePlan:
    """The plan of ``battle``; a card with errors refuses the battle (:class:`InvalidInput`
    naming the field, such as ``attacker.troops.2.phase``)."""
    cards = {  # errors only: the warnings are the card pages' (see battle_card)
        Side.ATTACKER: battle_card(battle.attacker, battle.tables, warnings=False),
        Side.DEFENDER: battle_card(battle.defender, battle.tables, warnings=False),
    }
    for side in SIDES:
        for issue in cards[side].errors:
            raise InvalidInput(f"{side.value}.{issue.field}", issue.message)
    engaged = cards[Side.ATTACKER].total + cards[Side.DEFENDER].total
    p1, p2, p3 = _phases(battle, cards)
    luck: dict[Side, dict[str, int]] = {}
    for side in SIDES:
        army = battle.army(side)
        people = [army.commander, *(army.seconds[p] for p in sorted(army.seconds))]
        luck[side] = {person.name: person.luck for person in people}
    return BattlePlan(
        battle=battle,
        cards=cards,
        engaged=engaged,
        sr=battle.tables.success_threshold(engaged),
        phases=(p1, p2, p3),
        luck=luck,
    )
