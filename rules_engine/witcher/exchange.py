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

from rules_engine.dice import Dice, EntryRoller
from rules_engine.witcher import entries, purposes
from rules_engine.witcher.battle import LuckPolicy, Side
from rules_engine.witcher.phase import PLANNED, PhaseState
from rules_engine.witcher.plan import BattlePlan
from rules_engine.witcher.result import SKIPPED, sides_dict
from rules_engine.witcher.rolls import exchange_roll


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
    event["summary"] = _with_totals(plan, phase, summary)
    phase.events.append(event)
    return event


def _with_totals(plan: BattlePlan, phase: PhaseState, summary: str) -> str:
    """An event's ``summary`` ended with the totals and, once decided, the phase's winner."""
    summary = f"{summary}; totals {phase.totals[Side.ATTACKER]}-{phase.totals[Side.DEFENDER]}"
    if phase.winner is not None:
        summary += f"; {side_name(plan, phase.winner)} wins phase {phase.number}"
    return summary + "."


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
    plan: BattlePlan,
    dice: Dice,
    roll_entry: EntryRoller,
    luck: dict[Side, dict[str, int]],
    phase: PhaseState,
) -> dict[str, Any]:
    """One exchange round (attacker rolls first), spending Luck from ``luck`` by policy.
    ``roll_entry`` is ``dice.entry_roller()``, made once per run (the rolls' log entries are
    the shared :mod:`~rules_engine.witcher.entries`).

    The hot loop of a battle: its event is written as one literal with its summary (same
    keys and text as :func:`phase_event`), from the phase's :class:`Contender` rows."""
    phase.rounds += 1
    number, rounds, totals = phase.number, phase.rounds, phase.totals
    auto_luck = plan.battle.options.luck is LuckPolicy.AUTO
    rolls = []
    for side, _, commander, base, dc in phase.contenders:
        pool = luck[side]
        roll = exchange_roll(roll_entry, entries.exchange_rounds(number, side)[rounds], base,
                             dc, pool[commander], dc + 1 if auto_luck else None)  # fmt: skip
        pool[commander] -= roll["luck"]
        rolls.append(roll)
    attacker, defender = rolls
    totals[Side.ATTACKER] += attacker["points"]
    totals[Side.DEFENDER] += defender["points"]
    limit: dict[str, Any] | None = None
    if not check_end(plan, phase) and rounds >= plan.battle.tables.rounds_limit:
        limit = {"coin": _end_at_round_limit(dice, phase)}
    first, second = phase.contenders
    summary = (
        f"Phase {number}, round {rounds}: "
        f"{first.army} {attacker['total']} v DC {first.dc} (+{attacker['points']}), "
        f"{second.army} {defender['total']} v DC {second.dc} (+{defender['points']})"
    )
    event = {"phase": number, "kind": "round", "round": rounds, "attacker": attacker,
             "defender": defender, "round_limit": limit,
             "totals": {"attacker": totals[Side.ATTACKER], "defender": totals[Side.DEFENDER]},
             "phase_winner": None if phase.winner is None else str(phase.winner),  # its value
             "summary": _with_totals(plan, phase, summary)}  # fmt: skip
    phase.events.append(event)
    return event


def _end_at_round_limit(dice: Dice, phase: PhaseState) -> int | None:
    """End a phase undecided after the round limit: the higher total wins, a coin (d2, 1:
    attacker) if equal. The coin drawn, or None."""
    attacker, defender = phase.totals[Side.ATTACKER], phase.totals[Side.DEFENDER]
    coin = None
    if attacker != defender:
        winner = Side.ATTACKER if attacker > defender else Side.DEFENDER
    else:
        coin = dice.roll(2, purposes.round_limit_coin(phase.number))
        winner = Side.ATTACKER if coin == 1 else Side.DEFENDER
    end_phase(phase, winner)
    return coin
