"""The rules that move a phase's totals: exchange rounds, crucial moments, the phase's end.

:class:`~rules_engine.witcher.run.BattleRun` keeps the state and decides what comes next;
these functions play one event on a :class:`~rules_engine.witcher.phase.PhaseState`, draw
its dice and return the event as JSON (with a one-line ``summary``).

Phases (RULES_NOTES 2): phase 1 is played with Tactics, phase 2 with Command, phase 3 with
the skill the phase-2 winner chooses. In each exchange round both commanders roll
(attacker first); points = max(0, total - DC) accumulate. After a round, if a total reached
SR the phase ends and the higher total wins; equal totals play another round.

A planned crucial moment triggers before a round when a total is at least SR - 5 (in a
skirmish, SR 5, before the first roll); its winner adds 5 points and the phase may end on
the spot (equal totals play on). Drawn by chance: a d100 at or under the attacker's chance
(rounded to a whole percent) gives it to the attacker.

*Project reading, the round limit:* a phase still undecided after ``rounds_limit`` rounds
(table data, 100) goes to the higher total, a coin (d2, 1: attacker) if equal. Only
hopeless DCs get there.
"""

from __future__ import annotations

from typing import Any

from rules_engine.dice import Dice
from rules_engine.witcher import purposes
from rules_engine.witcher.battle import SIDES, LuckPolicy, Side
from rules_engine.witcher.phase import PLANNED, PhaseState
from rules_engine.witcher.plan import BattlePlan
from rules_engine.witcher.result import SKIPPED, sides_dict
from rules_engine.witcher.rolls import roll_skill


def side_name(plan: BattlePlan, side: Side) -> str:
    """The name of ``side``'s army, as the summaries say it."""
    return plan.battle.army(side).name


def moment_due(plan: BattlePlan, phase: PhaseState) -> bool:
    """Whether the phase's planned crucial moment triggers before its next round."""
    window = plan.battle.tables.crucial_moment.window
    return phase.moment == PLANNED and max(phase.totals.values()) >= plan.sr - window


def check_end(plan: BattlePlan, phase: PhaseState) -> bool:
    """End the phase if a total reached SR and the totals differ; whether it ended."""
    attacker, defender = phase.totals[Side.ATTACKER], phase.totals[Side.DEFENDER]
    if max(attacker, defender) >= plan.sr and attacker != defender:
        end_phase(phase, Side.ATTACKER if attacker > defender else Side.DEFENDER)
        return True
    return False


def end_phase(phase: PhaseState, winner: Side) -> None:
    phase.winner = winner
    if phase.moment == PLANNED:
        phase.moment = SKIPPED


def phase_event(
    plan: BattlePlan, phase: PhaseState, event: dict[str, Any], summary: str
) -> dict[str, Any]:
    """Complete ``event`` with the phase's totals and winner, and append it to the phase."""
    event = {"phase": phase.number, **event, "totals": sides_dict(phase.totals),
             "phase_winner": None if phase.winner is None else phase.winner.value}  # fmt: skip
    totals = f"{phase.totals[Side.ATTACKER]}-{phase.totals[Side.DEFENDER]}"
    summary = f"{summary}; totals {totals}"
    if phase.winner is not None:
        summary += f"; {side_name(plan, phase.winner)} wins phase {phase.number}"
    event["summary"] = summary + "."
    phase.events.append(event)
    return event


def draw_moment(plan: BattlePlan, dice: Dice, phase: PhaseState) -> dict[str, Any]:
    """The crucial moment drawn by its chance (one d100)."""
    chance = plan.battle.crucial_moments[phase.number].attacker_chance
    roll = dice.d100(purposes.crucial_moment(phase.number))
    winner = Side.ATTACKER if roll <= round(chance * 100) else Side.DEFENDER
    return apply_moment(plan, phase, winner, decided_by="chance", roll=roll)


def apply_moment(
    plan: BattlePlan, phase: PhaseState, winner: Side, *, decided_by: str, roll: int | None = None
) -> dict[str, Any]:
    """``winner`` takes the crucial moment's points; the phase may end on the spot."""
    points = plan.battle.tables.crucial_moment.points
    phase.totals[winner] += points
    phase.moment = winner.value
    check_end(plan, phase)
    return phase_event(
        plan,
        phase,
        {"kind": "crucial_moment", "winner": winner.value, "decided_by": decided_by,
         "roll": roll},
        f"Phase {phase.number}: {side_name(plan, winner)} wins the crucial moment (+{points})",
    )  # fmt: skip


def skip_moment(plan: BattlePlan, phase: PhaseState) -> dict[str, Any]:
    """The game master drops the phase's crucial moment."""
    phase.moment = SKIPPED
    return phase_event(plan, phase, {"kind": "crucial_moment", "winner": None,
                                     "decided_by": "gm", "roll": None},
                       f"Phase {phase.number}: the crucial moment is dropped")  # fmt: skip


def play_round(
    plan: BattlePlan, dice: Dice, luck: dict[Side, dict[str, int]], phase: PhaseState
) -> dict[str, Any]:
    """One exchange round (attacker rolls first), spending Luck from ``luck`` by policy."""
    battle = plan.battle
    phase.rounds += 1
    number, setup = phase.number, phase.setup
    auto_luck = battle.options.luck is LuckPolicy.AUTO
    rolls = {}
    for side in SIDES:
        commander, dc = setup.commanders[side], setup.dc[side]
        pool = luck[side]
        roll = roll_skill(
            dice,
            base=commander.base(phase.skill),
            dc=dc,
            purpose=purposes.exchange_round(number, phase.rounds, side),
            luck_left=pool[commander.name],
            wanted=dc + 1 if auto_luck else None,
        )
        pool[commander.name] -= roll.luck
        rolls[side] = roll
    for side in SIDES:
        phase.totals[side] += rolls[side].points
    limit: dict[str, Any] | None = None
    limit_reached = phase.rounds >= battle.tables.rounds_limit
    if not check_end(plan, phase) and limit_reached:
        attacker, defender = phase.totals[Side.ATTACKER], phase.totals[Side.DEFENDER]
        coin = None
        if attacker != defender:
            winner = Side.ATTACKER if attacker > defender else Side.DEFENDER
        else:
            coin = dice.roll(2, purposes.round_limit_coin(number))
            winner = Side.ATTACKER if coin == 1 else Side.DEFENDER
        end_phase(phase, winner)
        limit = {"coin": coin}
    parts = [
        f"{side_name(plan, side)} {rolls[side].total} v DC {rolls[side].dc} (+{rolls[side].points})"
        for side in SIDES
    ]
    return phase_event(
        plan,
        phase,
        {"kind": "round", "round": phase.rounds,
         **{side.value: rolls[side].to_dict() for side in SIDES}, "round_limit": limit},
        f"Phase {number}, round {phase.rounds}: " + ", ".join(parts),
    )  # fmt: skip
