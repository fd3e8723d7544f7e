"""A battle resolved in one go, straight through: the fast path of :func:`resolve`.

:class:`~rules_engine.witcher.run.BattleRun` plays a battle one step at a time, so that it
can stop for the game master and be stored between two steps. A battle played to the end
with the automatic policies and crucial moments drawn by their chance never stops:
:func:`resolve_straight` plays its three phases in plain loops over local variables and
writes the result's JSON as it goes, the events in their final form.

It draws exactly the dice the run draws, in the same order, with the same purposes, and
writes the same JSON, key for key (tests/engine/witcher/test_straight.py compares both on
many seeds, entry for entry). The rules are the run's (:mod:`~rules_engine.witcher.exchange`
words them); what differs is only the bookkeeping a stepped run needs and this one does not:
no :class:`~rules_engine.witcher.phase.PhaseState`, no actions log, no settling between
steps, and sides as the plain strings the JSON writes (``"attacker"``), not
:class:`~rules_engine.witcher.battle.Side` members, wherever a dict is keyed by them.
"""

from __future__ import annotations

from typing import Any

from rules_engine.dice import Dice
from rules_engine.witcher import entries, purposes
from rules_engine.witcher.army import Skill
from rules_engine.witcher.battle import (
    CasualtyMode,
    LuckPolicy,
    MomentMode,
    Phase3Policy,
    Side,
)
from rules_engine.witcher.casualties import casualty_modifiers, percent_of
from rules_engine.witcher.plan import BattlePlan
from rules_engine.witcher.result import SKIPPED
from rules_engine.witcher.rolls import exchange_roll

ATTACKER, DEFENDER = Side.ATTACKER.value, Side.DEFENDER.value
_SIDE_OF = {side.value: side for side in Side}  # Side(value) without the enum's lookup


def resolve_straight(plan: BattlePlan, dice: Dice) -> dict[str, Any] | None:
    """The JSON of ``plan``'s battle resolved to the end with the automatic policies (what
    ``BattleRun.start(...).run_to_end(auto_decide=True).to_dict()`` writes), or None when
    the battle would pause for the game master (crucial moments or the phase-3 skill left
    to the game master): such a battle goes through the run."""
    options = plan.battle.options
    if options.moments is MomentMode.GM or options.phase3_skill is Phase3Policy.GM:
        return None
    return _StraightBattle(plan, dice).play()


class _StraightBattle:
    """One battle played straight through: what every phase reads, read once."""

    __slots__ = (
        "dice",
        "luck",
        "moments",
        "names",
        "plan",
        "points",
        "roll",
        "rounds_limit",
        "sr",
        "trigger",
        "wants_luck",
    )

    def __init__(self, plan: BattlePlan, dice: Dice) -> None:
        battle, tables = plan.battle, plan.battle.tables
        self.plan = plan
        self.dice = dice
        self.roll = dice.entry_roller()  # on the shared entries, as the run's
        self.sr = plan.sr
        self.names = {ATTACKER: battle.attacker.name, DEFENDER: battle.defender.name}
        # Luck left to each side's commanders, spent as the battle goes (the plan's copy)
        self.luck = {ATTACKER: dict(plan.luck[Side.ATTACKER]),
                     DEFENDER: dict(plan.luck[Side.DEFENDER])}  # fmt: skip
        self.wants_luck = battle.options.luck is LuckPolicy.AUTO
        self.moments = battle.crucial_moments
        self.trigger = plan.sr - tables.crucial_moment.window  # a moment is due from here
        self.points = tables.crucial_moment.points
        self.rounds_limit = tables.rounds_limit

    def play(self) -> dict[str, Any]:
        first, winner1, rounds1 = self.phase(1, Skill.TACTICS, None, [])
        second, winner2, rounds2 = self.phase(2, Skill.COMMAND, None, [])
        skill, choice = self.phase3_choice(winner2)
        third, winner3, rounds3 = self.phase(3, skill, winner2, [choice])
        won_by_attacker = (winner1, winner2, winner3).count(ATTACKER)
        won = {ATTACKER: won_by_attacker, DEFENDER: 3 - won_by_attacker}
        winner = ATTACKER if won_by_attacker >= 2 else DEFENDER  # as result.battle_winner
        data: dict[str, Any] = {
            "sr": self.sr,
            "phases": [first, second, third],
            "winner": winner,
            "phases_won": won,
            "crushing": won[winner] == 3,
        }
        if self.plan.battle.options.casualties is not CasualtyMode.OFF:
            data["casualties"] = self.casualties(won, rounds1 + rounds2 + rounds3, winner)
        data["seed"] = self.dice.seed
        data["rolls"] = self.dice.log()
        return data

    def phase3_choice(self, chooser: str) -> tuple[Skill, dict[str, Any]]:
        """The phase-2 winner's skill for phase 3 and its event (``BattleRun._set_phase3``)."""
        skill = self.plan.phase3_skill(_SIDE_OF[chooser])
        assert skill is not None  # None only under the GM policy, which never comes here
        policy = self.plan.battle.options.phase3_skill
        event = {"kind": "phase3_skill", "phase": 3, "skill": str(skill), "chosen_by": chooser,
                 "decided_by": "auto" if policy is Phase3Policy.AUTO else "preset",
                 "summary": f"{self.names[chooser]} chooses {skill} for phase 3."}  # fmt: skip
        return skill, event

    def phase(
        self, number: int, skill: Skill, chosen_by: str | None, events: list[dict[str, Any]]
    ) -> tuple[dict[str, Any], str, int]:
        """Play phase ``number`` to its end (rounds, its crucial moment, the round limit):
        its JSON, its winner and its number of rounds. ``events`` opens its log."""
        setup = self.plan.phases[number - 1]
        attacker, defender = setup.commanders[Side.ATTACKER], setup.commanders[Side.DEFENDER]
        a_dc, d_dc = setup.dc[Side.ATTACKER], setup.dc[Side.DEFENDER]
        tactics = skill is Skill.TACTICS
        a_base = attacker.tactics if tactics else attacker.command
        d_base = defender.tactics if tactics else defender.command
        a_who, d_who = attacker.name, defender.name
        a_luck, d_luck = self.luck[ATTACKER], self.luck[DEFENDER]
        a_wanted = a_dc + 1 if self.wants_luck else None  # Luck buys one point, no more
        d_wanted = d_dc + 1 if self.wants_luck else None
        a_army, d_army = self.names[ATTACKER], self.names[DEFENDER]
        roll_entry, sr, trigger, limit = self.roll, self.sr, self.trigger, self.rounds_limit
        a_entries = entries.exchange_rounds(number, ATTACKER)
        d_entries = entries.exchange_rounds(number, DEFENDER)
        # The summaries' numbers as text from _TEXT, each made once (str() of an int costs
        # more than the dict lookup, and a summary writes seven), the fixed ones per phase
        text = _TEXT
        phase_text, a_dc_text, d_dc_text = text[number], text[a_dc], text[d_dc]
        planned = number in self.moments
        moment: Any = None  # the phase's "crucial_moment": None, "skipped" or its winner
        a_total = d_total = rounds = 0
        winner: str | None = None
        while winner is None:
            if planned and (a_total if a_total > d_total else d_total) >= trigger:
                planned = False
                side, roll = self.draw_moment(number)
                if side == ATTACKER:
                    a_total += self.points
                else:
                    d_total += self.points
                moment = {"winner": side}
                winner = _phase_winner(a_total, d_total, sr)
                summary = (
                    f"Phase {phase_text}: {self.names[side]} wins the crucial moment "
                    f"(+{self.points}); totals {text[a_total]}-{text[d_total]}"
                    f"{self.ending(winner, number)}"
                )
                events.append({"phase": number, "kind": "crucial_moment", "winner": side,
                               "decided_by": "chance", "roll": roll,
                               "totals": {"attacker": a_total, "defender": d_total},
                               "phase_winner": winner, "summary": summary})  # fmt: skip
                continue
            rounds += 1
            a = exchange_roll(roll_entry, a_entries[rounds], a_base, a_dc, a_luck[a_who], a_wanted)
            a_luck[a_who] -= a["luck"]
            d = exchange_roll(roll_entry, d_entries[rounds], d_base, d_dc, d_luck[d_who], d_wanted)
            d_luck[d_who] -= d["luck"]
            a_total += a["points"]
            d_total += d["points"]
            winner = _phase_winner(a_total, d_total, sr)
            round_limit = None
            if winner is None and rounds >= limit:
                coin, winner = self.round_limit(number, a_total, d_total)
                round_limit = {"coin": coin}
            summary = (
                f"Phase {phase_text}, round {text[rounds]}: "
                f"{a_army} {text[a['total']]} v DC {a_dc_text} (+{text[a['points']]}), "
                f"{d_army} {text[d['total']]} v DC {d_dc_text} (+{text[d['points']]}); "
                f"totals {text[a_total]}-{text[d_total]}"
                f"{'.' if winner is None else self.ending(winner, number)}"
            )  # exchange.play_round's summary, as exchange._with_totals ends it
            events.append({"phase": number, "kind": "round", "round": rounds, "attacker": a,
                           "defender": d, "round_limit": round_limit,
                           "totals": {"attacker": a_total, "defender": d_total},
                           "phase_winner": winner, "summary": summary})  # fmt: skip
        if planned:
            moment = SKIPPED  # the phase ended before its moment came
        return (
            {
                "phase": number,
                "skill": str(skill),  # a StrEnum's str() is its value
                "skill_chosen_by": chosen_by,
                "commanders": {"attacker": a_who, "defender": d_who},
                "dc": {"attacker": a_dc, "defender": d_dc},
                "modifiers": setup.modifiers_dict(),
                "rounds": rounds,
                "totals": {"attacker": a_total, "defender": d_total},
                "winner": winner,
                "crucial_moment": moment,
                "events": events,
            },
            winner,
            rounds,
        )

    def ending(self, winner: str | None, number: int) -> str:
        """What a summary writes after the totals: who won the phase, if it is over."""
        if winner is None:
            return "."
        return f"; {self.names[winner]} wins phase {number}."

    def draw_moment(self, number: int) -> tuple[str, int]:
        """The phase's crucial moment drawn by its chance (one d100): its winner and roll."""
        chance = self.moments[number].attacker_chance
        roll = self.roll(entries.crucial_moment(number))
        return (ATTACKER if roll <= round(chance * 100) else DEFENDER), roll

    def round_limit(self, number: int, a_total: int, d_total: int) -> tuple[int | None, str]:
        """A phase undecided after the round limit: the coin drawn (None: the totals
        differ) and the winner, as ``exchange._end_at_round_limit``."""
        if a_total != d_total:
            return None, ATTACKER if a_total > d_total else DEFENDER
        coin = self.dice.roll(2, purposes.round_limit_coin(number))
        return coin, ATTACKER if coin == 1 else DEFENDER

    def casualties(self, won: dict[str, int], rounds: int, winner: str) -> dict[str, Any]:
        """Both sides' casualties as JSON, by the rules and in the draw order of
        :func:`~rules_engine.witcher.casualties.roll_casualties` (its
        :func:`~rules_engine.witcher.casualties.casualty_modifiers` give the DCs)."""
        plan, dice, tables = self.plan, self.dice, self.plan.battle.tables
        options = plan.battle.options
        quick = options.casualties is CasualtyMode.QUICK
        result = {}
        for side, army in ((Side.ATTACKER, plan.battle.attacker),
                           (Side.DEFENDER, plan.battle.defender)):  # fmt: skip
            terms = casualty_modifiers(plan, side, phases_won=won[side], exchange_rolls=rounds)
            dc = sum(terms.values())
            pool, name = self.luck[side], army.commander.name
            roll = exchange_roll(self.roll, entries.casualty_test(side), army.commander.tactics,
                                 dc, pool.get(name, 0), dc if self.wants_luck else None)  # fmt: skip
            if roll["luck"]:
                pool[name] -= roll["luck"]
            margin = roll["total"] - dc
            band = tables.casualty_band(margin)
            if quick:
                percent = band.quick
            else:
                percent = sum(dice.entry_draws(entries.casualties(side), band.d6)) + band.bonus
            count = min(army.total, percent_of(army.total, percent))
            dead = count // tables.casualties.dead_divisor
            result[str(side)] = {"commander": name, "roll": roll, "dc": dc, "modifiers": terms,
                                 "margin": margin, "percent": percent, "casualties": count,
                                 "dead": dead, "wounded": count - dead,
                                 "no_quarter": None}  # fmt: skip
        if options.no_quarter:
            loser_side = DEFENDER if winner == ATTACKER else ATTACKER
            loser, rules = result[loser_side], tables.casualties.no_quarter
            if quick:
                survival = rules.quick
            else:
                survival = sum(dice.entry_draws(entries.no_quarter_survivors(loser_side),
                                                rules.d6))  # fmt: skip
                survival += rules.bonus
            survivors = min(loser["wounded"], percent_of(loser["casualties"], survival))
            loser["dead"] = loser["casualties"] - survivors
            loser["wounded"] = survivors
            loser["no_quarter"] = {"survival_percent": survival, "survivors": survivors}
        return result


class _NumberTexts(dict[int, str]):
    """``str(n)`` for the numbers the summaries write, each made at its first use."""

    def __missing__(self, number: int) -> str:
        text = str(number)
        if len(self) < 10_000:  # the few hundred numbers battles write, not any number
            self[number] = text
        return text


_TEXT = _NumberTexts()


def _phase_winner(a_total: int, d_total: int, sr: int) -> str | None:
    """The side that won the phase, if a total reached SR and the totals differ (as
    ``exchange.check_end``)."""
    if a_total == d_total or (a_total < sr and d_total < sr):
        return None
    return ATTACKER if a_total > d_total else DEFENDER
