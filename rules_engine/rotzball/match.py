"""The narrative engine: one Rotzball match, turn by turn, with a full log.

Readings of the rule text (RULES_NOTES 1 and the project's own decisions):

* Turn 1 of every period is a coin toss (heads: home); the period's second half starts with
  the team that did NOT have the initiative on its first turn, whoever holds the ball. A
  regulation match is such a period of 2 x 5 turns, an extra period one of 2 x 2 turns.
* Otherwise the initiative goes to the team holding the ball at the end of the turn. "The ball
  stays where it was" means it stays with the team that held it when the exchange began: the
  initiative team in a turn's main exchange, the counter-attacking team in a counter-attack.
* Carry-over modifiers (+20 / -20) apply to all the rolls of the next turn actually played,
  coach test included, even across half-time and into an extra period; modifiers earned in the
  same turn stack; none outlives that next turn.
* ``balanced``: offensive unless the team leads on score at the start of the turn.
* Possession count: turns each team started with the initiative, over all periods.

Turn log (``turns`` of the result), one JSON-able dict per turn, keys in this order:
``turn, period, initiative, tactic, attacking, targets, modifiers, coach_tests, attack,
defence, counter_attack, goal, ball_after, score, carry_over_next, summary``.
``modifiers[team]`` holds ``tactic``, ``coach`` and ``carry_over`` as they apply to that
team's roll in the main exchange, so ``target = rating + tactic + coach + carry_over`` for
both rolls. The initiative team's ``tactic`` is therefore +10 (its attack when offensive, its
defence when defensive); in a counter-attack that team rolls with the opposite -10, and the
counter-attack rolls carry their own targets.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rules_engine.dice import Dice
from rules_engine.rotzball.options import CoachRule, MatchOptions
from rules_engine.rotzball.ratings import Ratings
from rules_engine.rotzball.sheet import Tactic, TeamSheet
from rules_engine.rotzball.table import COUNTER_TABLE, TURN_TABLE, Ball, Result, judge

HOME = "home"
AWAY = "away"
TEAMS = (HOME, AWAY)
OTHER = {HOME: AWAY, AWAY: HOME}
TACTIC_BONUS = 10
COACH_BONUS = 5
REGULATION_HALF_TURNS = 5
EXTRA_HALF_TURNS = 2


def _purposes(team: str) -> dict[str, str]:
    return {
        "coach": f"{team} coach test",
        "attack": f"{team} attack",
        "defence": f"{team} defence",
        "counter": f"{team} counter-attack",
        "counter_defence": f"{team} defence against counter-attack",
    }


PURPOSES = {team: _purposes(team) for team in TEAMS}
"""The purpose recorded with each d100 roll, by team and kind. The coin tosses are recorded
as ``"coin toss"`` (regulation) and ``"extra period N coin toss"``."""


def counter_attack_tactic(team: str, initiative: str) -> int:
    """The tactic modifier of ``team``'s roll in a counter-attack: the initiative team's tactic
    works the other way round (-10 on the roll it now makes), the other team's gives nothing."""
    return -TACTIC_BONUS if team == initiative else 0



class DecidedBy(StrEnum):
    REGULATION = "regulation"
    EXTRA_TIME = "extra_time"
    POSSESSION = "possession"


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A played match. Rotzball has no draws: ``winner`` is always ``"home"`` or ``"away"``."""

    home_score: int
    away_score: int
    winner: str
    decided_by: DecidedBy
    possessions: dict[str, int]
    seed: int
    turns: list[dict[str, Any]]
    rolls: list[dict[str, Any]]

    def to_dict(self) -> dict[str, Any]:
        return {
            "home_score": self.home_score,
            "away_score": self.away_score,
            "winner": self.winner,
            "decided_by": self.decided_by.value,
            "possessions": dict(self.possessions),
            "seed": self.seed,
            "turns": self.turns,
            "rolls": self.rolls,
        }


def play_match(
    home: TeamSheet, away: TeamSheet, *, dice: Dice, options: MatchOptions | None = None
) -> MatchResult:
    """Play a whole match; every draw goes through ``dice`` and is recorded there."""
    return _Match(home, away, dice, options or MatchOptions()).play()


_TEXT = {result: result.value for result in Result}  # faster than ``.value`` per roll


class _Match:
    def __init__(self, home: TeamSheet, away: TeamSheet, dice: Dice, options: MatchOptions):
        self.dice = dice
        self.names = {HOME: home.name, AWAY: away.name}
        self.tactics = {HOME: home.tactic, AWAY: away.tactic}
        self.ratings = {HOME: Ratings.of(home), AWAY: Ratings.of(away)}
        self.score = {HOME: 0, AWAY: 0}
        self.possessions = {HOME: 0, AWAY: 0}
        self.carry = {HOME: 0, AWAY: 0}
        self.turns: list[dict[str, Any]] = []
        self.fixed_coach: dict[str, int] | None = None
        if options.coach_rule is CoachRule.DIFFERENCE:
            gap = self.ratings[HOME].coach - self.ratings[AWAY].coach
            self.fixed_coach = {HOME: max(gap, 0), AWAY: max(-gap, 0)}

    def play(self) -> MatchResult:
        self._period("first_half", "second_half", REGULATION_HALF_TURNS, "coin toss")
        decided_by = DecidedBy.REGULATION
        extra = 0
        while self.score[HOME] == self.score[AWAY]:
            extra += 1
            self._period(
                f"extra_{extra}_first",
                f"extra_{extra}_second",
                EXTRA_HALF_TURNS,
                f"extra period {extra} coin toss",
            )
            if self.score[HOME] != self.score[AWAY]:
                decided_by = DecidedBy.EXTRA_TIME
            elif self.possessions[HOME] != self.possessions[AWAY]:
                decided_by = DecidedBy.POSSESSION
                break
        judged = self.possessions if decided_by is DecidedBy.POSSESSION else self.score
        return MatchResult(
            home_score=self.score[HOME],
            away_score=self.score[AWAY],
            winner=HOME if judged[HOME] > judged[AWAY] else AWAY,
            decided_by=decided_by,
            possessions=dict(self.possessions),
            seed=self.dice.seed,
            turns=self.turns,
            rolls=self.dice.log(),
        )

    def _period(self, first: str, second: str, half_turns: int, toss: str) -> None:
        """A coin toss gives the first turn; the second half starts with the other team."""
        opener = HOME if self.dice.coin(toss) else AWAY
        for period, initiative in ((first, opener), (second, OTHER[opener])):
            for _ in range(half_turns):
                initiative = self._turn(period, initiative)

    def _coaching(self) -> tuple[dict[str, int], dict[str, Any] | None]:
        """Each team's coach bonus this turn, and the coach tests' log (None without tests).

        The test is a plain roll against the Coach score plus the team's carry-over.
        """
        if self.fixed_coach is not None:
            return self.fixed_coach, None
        bonus: dict[str, int] = {}
        tests: dict[str, Any] = {}
        for team in TEAMS:
            target = self.ratings[team].coach + self.carry[team]
            roll = self.dice.roll(100, PURPOSES[team]["coach"])
            success = roll <= target
            bonus[team] = COACH_BONUS if success else 0
            tests[team] = {"target": target, "roll": roll, "success": success}
        return bonus, tests

    def _test(self, team: str, purpose: str, target: int) -> tuple[Result, dict[str, Any]]:
        roll = self.dice.roll(100, PURPOSES[team][purpose])
        result = judge(roll, target)
        return result, {"team": team, "target": target, "roll": roll, "result": _TEXT[result]}

    def _counter(
        self, attacker: str, defender: str, c_target: int, cd_target: int, carry: dict[str, int]
    ) -> tuple[str | None, str, dict[str, Any], str]:
        """The defence's counter-attack: (goal, ball after, log, summary).

        ``attacker`` is the team that attacked first and now defends. A critical success of
        its defence only wins the ball back (:data:`COUNTER_TABLE`).
        """
        c_result, c_log = self._test(defender, "counter", c_target)
        cd_result, cd_log = self._test(attacker, "counter_defence", cd_target)
        row = COUNTER_TABLE[c_result, cd_result]
        carry[defender] += row.attacker_carry
        carry[attacker] += row.defender_carry
        log = {"attack": c_log, "defence": cd_log, "goal": row.goal}
        head = f"{self.names[defender]} counter-attacks ({_TEXT[c_result]} v {_TEXT[cd_result]})"
        if row.goal:
            return defender, attacker, log, f"{head}: goal for {self.names[defender]}"
        if row.ball is Ball.STAYS:
            return None, defender, log, f"{head}: no goal"
        return None, attacker, log, f"{head}: {self.names[attacker]} wins the ball back"

    def _turn(self, period: str, initiative: str) -> str:
        """Play one turn and return the team holding the ball at its end."""
        other = OTHER[initiative]
        self.possessions[initiative] += 1
        plan = self.tactics[initiative]
        offensive = plan is Tactic.OFFENSIVE or (
            plan is Tactic.BALANCED and self.score[initiative] <= self.score[other]
        )
        attacker, defender = (initiative, other) if offensive else (other, initiative)
        coach, coach_tests = self._coaching()
        carry = self.carry
        bonus_a = coach[attacker] + carry[attacker]
        bonus_d = coach[defender] + carry[defender]
        # Offensive: +10 attack / -10 defence; defensive: -10 attack / +10 defence. The
        # initiative team's roll in the main exchange always gets the +10 side.
        tactic_a, tactic_d = (TACTIC_BONUS, 0) if offensive else (0, TACTIC_BONUS)
        a_target = self.ratings[attacker].attack + tactic_a + bonus_a
        d_target = self.ratings[defender].defense + tactic_d + bonus_d
        a_result, a_log = self._test(attacker, "attack", a_target)
        d_result, d_log = self._test(defender, "defence", d_target)
        row = TURN_TABLE[a_result, d_result]
        carry_next = {HOME: 0, AWAY: 0}
        carry_next[attacker] += row.attacker_carry
        carry_next[defender] += row.defender_carry

        goal: str | None = None
        counter: dict[str, Any] | None = None
        if row.goal:
            goal, ball, outcome = attacker, defender, f"goal for {self.names[attacker]}"
        elif row.ball is Ball.COUNTER:
            # This turn's modifiers are kept, so each side now rolls its other score with
            # the opposite tactic modifier.
            goal, ball, counter, outcome = self._counter(
                attacker,
                defender,
                self.ratings[defender].attack + counter_attack_tactic(defender, initiative) + bonus_d,
                self.ratings[attacker].defense + counter_attack_tactic(attacker, initiative) + bonus_a,
                carry_next,
            )
        elif row.ball is Ball.DEFENDER:
            ball, outcome = defender, f"{self.names[defender]} takes the ball"
        elif a_result is Result.CS:  # and d_result is CS: nothing at all happens
            ball, outcome = initiative, "nothing happens"
        else:
            ball, outcome = initiative, f"the ball stays with {self.names[initiative]}"
        if goal is not None:
            self.score[goal] += 1
        self.carry = carry_next
        number = len(self.turns) + 1
        tactic = "offensive" if offensive else "defensive"
        home_score, away_score = self.score[HOME], self.score[AWAY]
        for team in TEAMS:
            if carry_next[team]:
                outcome += f"; {self.names[team]} {carry_next[team]:+d} next turn"
        self.turns.append(
            {
                "turn": number,
                "period": period,
                "initiative": initiative,
                "tactic": tactic,
                "attacking": attacker,
                "targets": {"attack": a_target, "defence": d_target},
                "modifiers": {
                    HOME: {
                        "tactic": TACTIC_BONUS if initiative == HOME else 0,
                        "coach": coach[HOME],
                        "carry_over": carry[HOME],
                    },
                    AWAY: {
                        "tactic": TACTIC_BONUS if initiative == AWAY else 0,
                        "coach": coach[AWAY],
                        "carry_over": carry[AWAY],
                    },
                },
                "coach_tests": coach_tests,
                "attack": a_log,
                "defence": d_log,
                "counter_attack": counter,
                "goal": goal,
                "ball_after": ball,
                "score": {HOME: home_score, AWAY: away_score},
                "carry_over_next": carry_next,
                "summary": (
                    f"Turn {number}: {self.names[initiative]} plays {tactic}, "
                    f"{self.names[attacker]} attacks ({_TEXT[a_result]} v {_TEXT[d_result]}): "
                    f"{outcome}. Score {home_score}-{away_score}."
                ),
            }
        )
        return ball
