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

The rules of a phase (exchange rounds, crucial moments, the round limit) are in
:mod:`~rules_engine.witcher.exchange`; this module decides what comes next and when the
game master is asked.

Stored state (:meth:`BattleRun.to_dict`): the battle, its tables, the seed, the number of
draws consumed and the log of actions (steps and decisions). :meth:`BattleRun.from_dict`
replays those actions on ``Dice(seed)`` (:mod:`~rules_engine.witcher.storage`), so the dice
stream goes on exactly where it stopped, and checks that the replayed rolls are the stored
ones. A resumed run is the uninterrupted run.
"""

from __future__ import annotations

from typing import Any

from rules_engine.dice import Dice
from rules_engine.errors import IllegalAction, InvalidInput
from rules_engine.witcher.army import PHASES, Skill
from rules_engine.witcher.battle import SIDES, Battle, CasualtyMode, MomentMode, Phase3Policy, Side
from rules_engine.witcher.casualties import SideCasualties, roll_casualties
from rules_engine.witcher.exchange import (
    apply_moment,
    draw_moment,
    moment_due,
    play_round,
    side_name,
    skip_moment,
)
from rules_engine.witcher.phase import (
    PLANNED,
    Decision,
    Pending,
    PhaseState,
    RunStatus,
    contenders,
)
from rules_engine.witcher.plan import PHASE_SKILLS, BattlePlan, plan_battle
from rules_engine.witcher.result import (
    BattleResult,
    Victory,
    battle_json,
    battle_winner,
    sides_dict,
)
from rules_engine.witcher.storage import STATE_VERSION, StoredRun
from rules_engine.witcher.straight import resolve_straight


class BattleRun:
    """One battle being resolved. Build it with :meth:`start` or :meth:`from_dict`."""

    def __init__(self, plan: BattlePlan, dice: Dice) -> None:
        self.plan = plan
        self.dice = dice
        self._roll = dice.entry_roller()  # the exchange rounds' dice, bound once
        self._armies = {side: plan.battle.army(side).name for side in SIDES}
        self._gm_moments = plan.battle.options.moments is MomentMode.GM
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
        won = dict.fromkeys(SIDES, 0)
        for phase in self._phases:
            if phase.winner is not None:
                won[phase.winner] += 1
        return won

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
        winner = battle_winner(won)
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

    def result_json(self) -> dict[str, Any]:
        """``result().to_dict()``, written straight from the finished phases: a finished
        phase's JSON is its :class:`PhaseState`'s, so a resolution that only wants the JSON
        (:func:`resolve_battle_json`) skips freezing the phases into a result first."""
        if not self._finished:
            raise IllegalAction("the battle is not over")
        return battle_json(
            sr=self.plan.sr,
            phases=[phase.to_dict() for phase in self._phases],
            phases_won=self.phases_won(),
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
        try:
            while not self._finished and self._pending is None:  # what step() checks first
                events.append(self._step())
        finally:
            if events:
                self._log("step", len(events))  # one entry for the steps in a row
        return events

    def run_to_end(self, *, auto_decide: bool = False) -> BattleResult:
        """Play to the end. A pending decision is refused unless ``auto_decide`` lets the
        automatic policies take it (moment drawn by its chance, phase-3 skill by policy)."""
        self.play_to_end(auto_decide=auto_decide)
        return self.result()

    def play_to_end(self, *, auto_decide: bool = False) -> None:
        """:meth:`run_to_end` without building the result."""
        while True:
            self.run_until_pause()
            if self._finished:
                return
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
        event = apply_moment(self.plan, phase, side, decided_by="gm")
        self._log("crucial_moment", side.value)
        self._settle()
        return event

    def skip_crucial_moment(self) -> dict[str, Any]:
        """Drop the pending crucial moment (e.g. a phase 3 whose battle is already won)."""
        event = skip_moment(self.plan, self._expect(Decision.CRUCIAL_MOMENT))
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
            event = draw_moment(self.plan, self.dice, self._phases[-1])
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
        """Record an action; ``("step", count)`` adds ``count`` steps (default 1)."""
        if name == "step":
            count = 1 if argument is None else argument
            if self._actions and self._actions[-1][0] == "step":
                self._actions[-1][1] += count
            else:
                self._actions.append([name, count])
        else:
            self._actions.append([name, argument])

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

    def _settle(self) -> None:
        """Advance through what needs no dice: start the next phase, note a pause."""
        self._pending = None
        while not self._finished:
            current = self._phases[-1] if self._phases else None
            if current is not None and current.winner is None:
                if self._gm_moments and moment_due(self.plan, current):
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
            setup = self.plan.setup(number)
            self._phases.append(
                PhaseState(setup, skill, chooser, moment, events=events,
                           contenders=contenders(setup, skill, self._armies))
            )  # fmt: skip

    def _set_phase3(self, skill: Skill, *, decided_by: str) -> dict[str, Any]:
        chooser = self._phases[1].winner
        assert chooser is not None
        name = side_name(self.plan, chooser)
        event = {"kind": "phase3_skill", "phase": 3, "skill": skill.value,
                 "chosen_by": chooser.value, "decided_by": decided_by,
                 "summary": f"{name} chooses {skill.value} for phase 3."}  # fmt: skip
        self._phase3 = (skill, event)
        return event

    def _step(self) -> dict[str, Any]:
        phase = self._phases[-1]
        if phase.winner is not None:
            event = self._roll_casualties()
        elif moment_due(self.plan, phase):
            event = draw_moment(self.plan, self.dice, phase)
        else:
            event = play_round(self.plan, self.dice, self._roll, self._luck, phase)
        # Nothing is left to settle while the phase goes on and the game master decides no
        # crucial moment (nothing is pending when a step starts): most rounds skip _settle.
        if phase.winner is not None or self._gm_moments:
            self._settle()
        return event

    def _roll_casualties(self) -> dict[str, Any]:
        won = self.phases_won()
        winner = battle_winner(won)
        self._casualties = roll_casualties(
            self.dice,
            self.plan,
            phases_won=won,
            exchange_rolls=sum(phase.rounds for phase in self._phases),
            winner=winner,
            luck=self._luck,
        )
        parts = [
            f"{side_name(self.plan, side)} {self._casualties[side].casualties} "
            f"({self._casualties[side].dead} dead)"
            for side in SIDES
        ]
        return {
            "kind": "casualties",
            "attacker": self._casualties[Side.ATTACKER].to_dict(),
            "defender": self._casualties[Side.DEFENDER].to_dict(),
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


def resolve_battle_json(battle: Battle, dice: Dice) -> dict[str, Any]:
    """``resolve_battle(battle, dice).to_dict()``: played straight through when the battle
    never pauses (:mod:`~rules_engine.witcher.straight`), else written from the run (see
    :meth:`BattleRun.result_json`)."""
    plan = plan_battle(battle)
    straight = resolve_straight(plan, dice)
    if straight is not None:
        return straight
    run = BattleRun(plan, dice)
    run.play_to_end(auto_decide=True)
    return run.result_json()
