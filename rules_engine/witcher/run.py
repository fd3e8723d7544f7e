"""The resolution of a battle as a resumable state machine.

>>> from rules_engine import Dice
>>> from rules_engine.witcher import parse_battle
>>> army = {"name": "A", "commander": {"name": "C", "tactics": 14, "command": 14},
...         "troops": [{"name": "Militia", "dc": 12, "count": 40}]}
>>> run = BattleRun.start(parse_battle({"attacker": army, "defender": army | {"name": "B"}}),
...                       Dice(7))
>>> run.step()["kind"]                        # one exchange round
'round'
>>> import json
>>> state = json.dumps(run.to_dict())         # store it anywhere
>>> later = BattleRun.from_dict(json.loads(state))
>>> later.run_to_end().to_dict() == run.run_to_end().to_dict()
True

A run moves by :meth:`BattleRun.step` (one exchange round, one crucial moment drawn by its
chance, or the casualty rolls) and pauses for the game master when a decision is due:
:attr:`BattleRun.pending` then names it, ``step`` refuses (:class:`IllegalAction`), and
:meth:`~BattleRun.decide_crucial_moment`, :meth:`~BattleRun.skip_crucial_moment` or
:meth:`~BattleRun.choose_phase3_skill` answers it (:meth:`~BattleRun.auto_decide` lets the
automatic policies answer). :meth:`~BattleRun.run_until_pause` and
:meth:`~BattleRun.run_to_end` loop over ``step``.

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

Stored state (:meth:`BattleRun.to_dict`): the battle, its tables, the seed, the number of
draws consumed and the log of actions (steps and decisions). :meth:`BattleRun.from_dict`
replays those actions on ``Dice(seed)``, so the dice stream goes on exactly where it
stopped, and checks that the replayed rolls are the stored ones. A resumed run is the
uninterrupted run.
"""

from __future__ import annotations

from typing import Any

from rules_engine.dice import Dice
from rules_engine.errors import IllegalAction, InvalidInput
from rules_engine.witcher.army import PHASES, Skill
from rules_engine.witcher.battle import (
    SIDES,
    Battle,
    CasualtyMode,
    LuckPolicy,
    MomentMode,
    Phase3Policy,
    Side,
)
from rules_engine.witcher.casualties import SideCasualties, roll_casualties
from rules_engine.witcher.phase import PLANNED, Decision, Pending, PhaseState, RunStatus
from rules_engine.witcher.plan import PHASE_SKILLS, BattlePlan, plan_battle
from rules_engine.witcher.result import SKIPPED, BattleResult, Victory, sides_dict
from rules_engine.witcher.rolls import roll_skill
from rules_engine.witcher.storage import STATE_VERSION, StoredRun


class BattleRun:
    """One battle being resolved. Build it with :meth:`start` or :meth:`from_dict`."""

    def __init__(self, plan: BattlePlan, dice: Dice) -> None:
        self.plan = plan
        self.dice = dice
        self._phases: list[PhaseState] = []
        self._luck = {side: dict(pools) for side, pools in plan.luck.items()}
        self._phase3: tuple[Skill, dict[str, Any]] | None = None  # skill, its event
        self._pending: Pending | None = None
        self._casualties: dict[Side, SideCasualties] | None = None
        self._finished = False
        self._actions: list[list[Any]] = []
        self._settle()

    @classmethod
    def start(
        cls, battle: Battle, dice: Dice | None = None, *, seed: int | None = None
    ) -> BattleRun:
        """A new run of ``battle`` (refused with :class:`InvalidInput` if a card has errors).
        Without ``dice``, ``Dice(seed)`` (a fresh seed when ``seed`` is None)."""
        return cls(plan_battle(battle), dice if dice is not None else Dice(seed))

    # -- reading the state ---------------------------------------------------------------

    @property
    def battle(self) -> Battle:
        return self.plan.battle

    @property
    def pending(self) -> Pending | None:
        return self._pending

    @property
    def finished(self) -> bool:
        return self._finished

    @property
    def status(self) -> RunStatus:
        if self._finished:
            return RunStatus.FINISHED
        if self._pending is None:
            return RunStatus.RUNNING
        if self._pending.decision is Decision.CRUCIAL_MOMENT:
            return RunStatus.AWAITING_CRUCIAL_MOMENT
        return RunStatus.AWAITING_PHASE3_SKILL

    @property
    def phase(self) -> int:
        """The phase being played (3 once the battle is over)."""
        return self._phases[-1].number if self._phases else 1

    def phases_won(self) -> dict[Side, int]:
        return {side: sum(1 for p in self._phases if p.winner is side) for side in SIDES}

    def snapshot(self) -> dict[str, Any]:
        """The battle so far, as JSON: the phases played or under way (a phase under way has
        ``winner`` null; a crucial moment not yet played shows ``"planned"``)."""
        won = self.phases_won()
        winner = next((side.value for side in SIDES if won[side] >= 2), None)
        return {
            "status": self.status.value,
            "pending": None if self._pending is None else self._pending.to_dict(),
            "sr": self.plan.sr,
            "phases": [phase.to_dict() for phase in self._phases],
            "phases_won": sides_dict(won),
            "winner": winner,
            "luck_left": {side.value: dict(self._luck[side]) for side in SIDES},
            "casualties": None if self._casualties is None else {
                side.value: self._casualties[side].to_dict() for side in SIDES},
        }  # fmt: skip

    def result(self) -> BattleResult:
        if not self._finished:
            raise IllegalAction("the battle is not over")
        won = self.phases_won()
        winner = Side.ATTACKER if won[Side.ATTACKER] >= 2 else Side.DEFENDER
        p1, p2, p3 = (phase.freeze() for phase in self._phases)
        return BattleResult(
            sr=self.plan.sr,
            phases=(p1, p2, p3),
            winner=winner,
            phases_won=won,
            victory=Victory.CRUSHING if won[winner] == len(PHASES) else Victory.VICTORY,
            casualties=self._casualties,
            seed=self.dice.seed,
            rolls=self.dice.log(),
        )

    # -- moving on -------------------------------------------------------------------------

    def step(self) -> dict[str, Any]:
        """Play one exchange round, one crucial moment drawn by its chance, or the casualty
        rolls, and return that event. Refused while a decision is pending or once over."""
        self._check_running()
        event = self._step()
        self._log("step")
        return event

    def run_until_pause(self) -> list[dict[str, Any]]:
        """Step until the game master owes a decision or the battle is over."""
        events = []
        while not self._finished and self._pending is None:
            events.append(self.step())
        return events

    def run_to_end(self, *, auto_decide: bool = False) -> BattleResult:
        """Play to the end. A pending decision is refused unless ``auto_decide`` lets the
        automatic policies take it (moment drawn by its chance, phase-3 skill by policy)."""
        while True:
            self.run_until_pause()
            if self._finished:
                return self.result()
            if not auto_decide:
                assert self._pending is not None
                raise IllegalAction(
                    f"the battle waits for the game master: {self._pending.decision.value} "
                    f"in phase {self._pending.phase}"
                )
            self.auto_decide()

    def decide_crucial_moment(self, winner: Side | str) -> dict[str, Any]:
        """Record the side that won the pending crucial moment (it adds 5 points)."""
        phase = self._expect(Decision.CRUCIAL_MOMENT)
        side = _side(winner)
        event = self._apply_moment(phase, side, decided_by="gm")
        self._log("crucial_moment", side.value)
        self._settle()
        return event

    def skip_crucial_moment(self) -> dict[str, Any]:
        """Drop the pending crucial moment (e.g. a phase 3 whose battle is already won)."""
        phase = self._expect(Decision.CRUCIAL_MOMENT)
        phase.moment = SKIPPED
        event = self._event(phase, {"kind": "crucial_moment", "winner": None,
                                    "decided_by": "gm", "roll": None},
                            f"Phase {phase.number}: the crucial moment is dropped")  # fmt: skip
        self._log("skip_crucial_moment", None)
        self._settle()
        return event

    def choose_phase3_skill(self, skill: Skill | str) -> dict[str, Any]:
        """The phase-2 winner's choice of skill for phase 3, when the game master makes it."""
        self._expect(Decision.PHASE3_SKILL)
        chosen = _skill(skill)
        event = self._set_phase3(chosen, decided_by="gm")
        self._log("phase3_skill", chosen.value)
        self._settle()
        return event

    def auto_decide(self) -> dict[str, Any]:
        """Let the automatic policy take the pending decision."""
        if self._pending is None:
            raise IllegalAction("no decision is pending")
        if self._pending.decision is Decision.CRUCIAL_MOMENT:
            event = self._draw_moment(self._phases[-1])
        else:
            assert self._pending.chooser is not None
            event = self._set_phase3(
                self.plan.auto_phase3_skill(self._pending.chooser), decided_by="auto"
            )
        self._log("auto_decide", None)
        self._settle()
        return event

    # -- storing and resuming --------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        """The resumable state as JSON (see the module docstring). Needs recording dice."""
        if not self.dice.record:
            raise IllegalAction("a run on dice with record=False cannot be stored")
        rolls = self.dice.log()
        return {
            "version": STATE_VERSION,
            "battle": self.battle.to_dict(),
            "tables": self.battle.tables.to_dict(),
            "seed": self.dice.seed,
            "draws": len(rolls),
            "actions": [list(action) for action in self._actions],
            "status": self.status.value,
            "progress": self.snapshot(),
            "rolls": rolls,
        }

    @classmethod
    def from_dict(cls, state: object, *, dice: Dice | None = None) -> BattleRun:
        """Resume a stored run on the same dice stream. ``dice`` (default ``Dice(seed)``)
        must replay the stored draws from the start, e.g. the same scripted values."""
        stored = StoredRun.read(state)
        run = cls.start(stored.battle, dice if dice is not None else Dice(stored.seed))
        stored.replay(run)
        return run

    # -- the rules -------------------------------------------------------------------------

    def _log(self, name: str, argument: Any = None) -> None:
        if name == "step" and self._actions and self._actions[-1][0] == "step":
            self._actions[-1][1] += 1
        else:
            self._actions.append([name, 1 if name == "step" else argument])

    def _check_running(self) -> None:
        if self._finished:
            raise IllegalAction("the battle is over")
        if self._pending is not None:
            raise IllegalAction(
                f"the battle waits for the game master: {self._pending.decision.value} "
                f"in phase {self._pending.phase}"
            )

    def _expect(self, decision: Decision) -> PhaseState:
        if self._pending is None or self._pending.decision is not decision:
            raise IllegalAction(f"no {decision.value} decision is pending")
        return self._phases[-1]

    def _name(self, side: Side) -> str:
        return self.battle.army(side).name

    def _moment_due(self, phase: PhaseState) -> bool:
        window = self.battle.tables.crucial_moment.window
        return phase.moment == PLANNED and max(phase.totals.values()) >= self.plan.sr - window

    def _settle(self) -> None:
        """Advance through what needs no dice: start the next phase, note a pause."""
        self._pending = None
        while not self._finished:
            current = self._phases[-1] if self._phases else None
            if current is not None and current.winner is None:
                if self._moment_due(current) and self.battle.options.moments is MomentMode.GM:
                    chance = self.battle.crucial_moments[current.number].attacker_chance
                    self._pending = Pending(Decision.CRUCIAL_MOMENT, current.number,
                                            attacker_chance=chance)  # fmt: skip
                return
            number = 1 if current is None else current.number + 1
            if number > len(PHASES):
                due = self.battle.options.casualties is not CasualtyMode.OFF
                if not due or self._casualties is not None:
                    self._finished = True
                return
            chooser: Side | None = None
            if number == 3:
                chooser = self._phases[1].winner
                assert chooser is not None
                if self._phase3 is None:
                    skill = self.plan.phase3_skill(chooser)
                    if skill is None:
                        self._pending = Pending(Decision.PHASE3_SKILL, 3, chooser=chooser)
                        return
                    how = (
                        "auto"
                        if self.battle.options.phase3_skill is Phase3Policy.AUTO
                        else "preset"
                    )
                    self._set_phase3(skill, decided_by=how)
                assert self._phase3 is not None
                skill, choice = self._phase3
                events = [choice]
            else:
                skill, events = PHASE_SKILLS[number], []
            moment = PLANNED if number in self.battle.crucial_moments else None
            self._phases.append(
                PhaseState(self.plan.setup(number), skill, chooser, moment, events=events)
            )

    def _set_phase3(self, skill: Skill, *, decided_by: str) -> dict[str, Any]:
        chooser = self._phases[1].winner
        assert chooser is not None
        event = {"kind": "phase3_skill", "phase": 3, "skill": skill.value,
                 "chosen_by": chooser.value, "decided_by": decided_by,
                 "summary": f"{self._name(chooser)} chooses {skill.value} for phase 3."}  # fmt: skip
        self._phase3 = (skill, event)
        return event

    def _step(self) -> dict[str, Any]:
        phase = self._phases[-1]
        if phase.winner is not None:
            event = self._roll_casualties()
        elif self._moment_due(phase):
            event = self._draw_moment(phase)
        else:
            event = self._round(phase)
        self._settle()
        return event

    def _check_end(self, phase: PhaseState) -> bool:
        attacker, defender = phase.totals[Side.ATTACKER], phase.totals[Side.DEFENDER]
        if max(attacker, defender) >= self.plan.sr and attacker != defender:
            self._end_phase(phase, Side.ATTACKER if attacker > defender else Side.DEFENDER)
            return True
        return False

    def _end_phase(self, phase: PhaseState, winner: Side) -> None:
        phase.winner = winner
        if phase.moment == PLANNED:
            phase.moment = SKIPPED

    def _event(self, phase: PhaseState, event: dict[str, Any], summary: str) -> dict[str, Any]:
        event = {"phase": phase.number, **event, "totals": sides_dict(phase.totals),
                 "phase_winner": None if phase.winner is None else phase.winner.value}  # fmt: skip
        totals = f"{phase.totals[Side.ATTACKER]}-{phase.totals[Side.DEFENDER]}"
        summary = f"{summary}; totals {totals}"
        if phase.winner is not None:
            summary += f"; {self._name(phase.winner)} wins phase {phase.number}"
        event["summary"] = summary + "."
        phase.events.append(event)
        return event

    def _draw_moment(self, phase: PhaseState) -> dict[str, Any]:
        chance = self.battle.crucial_moments[phase.number].attacker_chance
        roll = self.dice.d100(f"phase {phase.number} crucial moment")
        winner = Side.ATTACKER if roll <= round(chance * 100) else Side.DEFENDER
        return self._apply_moment(phase, winner, decided_by="chance", roll=roll)

    def _apply_moment(
        self, phase: PhaseState, winner: Side, *, decided_by: str, roll: int | None = None
    ) -> dict[str, Any]:
        points = self.battle.tables.crucial_moment.points
        phase.totals[winner] += points
        phase.moment = winner.value
        self._check_end(phase)
        return self._event(
            phase,
            {"kind": "crucial_moment", "winner": winner.value, "decided_by": decided_by,
             "roll": roll},
            f"Phase {phase.number}: {self._name(winner)} wins the crucial moment (+{points})",
        )  # fmt: skip

    def _round(self, phase: PhaseState) -> dict[str, Any]:
        phase.rounds += 1
        number, setup = phase.number, phase.setup
        auto_luck = self.battle.options.luck is LuckPolicy.AUTO
        rolls = {}
        for side in SIDES:
            commander, dc = setup.commanders[side], setup.dc[side]
            pool = self._luck[side]
            roll = roll_skill(
                self.dice,
                base=commander.base(phase.skill),
                dc=dc,
                purpose=f"phase {number} round {phase.rounds} {side.value}",
                luck_left=pool[commander.name],
                wanted=dc + 1 if auto_luck else None,
            )
            pool[commander.name] -= roll.luck
            rolls[side] = roll
        for side in SIDES:
            phase.totals[side] += rolls[side].points
        limit: dict[str, Any] | None = None
        limit_reached = phase.rounds >= self.battle.tables.rounds_limit
        if not self._check_end(phase) and limit_reached:
            attacker, defender = phase.totals[Side.ATTACKER], phase.totals[Side.DEFENDER]
            coin = None
            if attacker != defender:
                winner = Side.ATTACKER if attacker > defender else Side.DEFENDER
            else:
                coin = self.dice.roll(2, f"phase {number} round limit coin")
                winner = Side.ATTACKER if coin == 1 else Side.DEFENDER
            self._end_phase(phase, winner)
            limit = {"coin": coin}
        parts = [
            f"{self._name(side)} {rolls[side].total} v DC {rolls[side].dc} (+{rolls[side].points})"
            for side in SIDES
        ]
        return self._event(
            phase,
            {"kind": "round", "round": phase.rounds,
             **{side.value: rolls[side].to_dict() for side in SIDES}, "round_limit": limit},
            f"Phase {number}, round {phase.rounds}: " + ", ".join(parts),
        )  # fmt: skip

    def _roll_casualties(self) -> dict[str, Any]:
        won = self.phases_won()
        winner = Side.ATTACKER if won[Side.ATTACKER] >= 2 else Side.DEFENDER
        self._casualties = roll_casualties(
            self.dice,
            self.plan,
            phases_won=won,
            exchange_rolls=sum(phase.rounds for phase in self._phases),
            winner=winner,
            luck=self._luck,
        )
        parts = [
            f"{self._name(side)} {self._casualties[side].casualties} "
            f"({self._casualties[side].dead} dead)"
            for side in SIDES
        ]
        return {
            "kind": "casualties",
            **{side.value: self._casualties[side].to_dict() for side in SIDES},
            "summary": "Casualties: " + ", ".join(parts) + ".",
        }


def _side(value: Side | str) -> Side:
    try:
        return Side(value)
    except ValueError:
        raise InvalidInput("winner", "must be one of attacker, defender") from None


def _skill(value: Skill | str) -> Skill:
    try:
        return Skill(value)
    except ValueError:
        raise InvalidInput("skill", "must be one of tactics, command") from None


def resolve_battle(battle: Battle, dice: Dice) -> BattleResult:
    """Resolve ``battle`` in one go with the automatic policies (no pause)."""
    return BattleRun.start(battle, dice).run_to_end(auto_decide=True)
