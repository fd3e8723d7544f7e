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
from rules_engine.rotzball.plans import (
    COUNTER,
    COUNTER_ROWS,
    GOAL,
    PAIRS,
    PURPOSES,
    TAKEN,
    fixture_of,
)
from rules_engine.rotzball.rated import RatedTeam
from rules_engine.rotzball.rules import (
    COACH_BONUS,
    EXTRA_HALF_TURNS,
    OTHER,
    REGULATION_HALF_TURNS,
)
from rules_engine.rotzball.shared import (
    AWAY,
    BY_TEAM,
    COACH_TESTS,
    HOME,
    ROLL_ENTRIES,
    TEAMS,
    d100_entries,
)
from rules_engine.rotzball.sheet import TeamSheet

HOME_COACH, AWAY_COACH = (d100_entries(PURPOSES[team]["coach"]) for team in TEAMS)
"""The roll entries of the coach tests (the engine rolls its d100 with shared entries: see
:meth:`~rules_engine.dice.Dice.entry_roller` and :mod:`~rules_engine.rotzball.shared`)."""


class DecidedBy(StrEnum):
    REGULATION = "regulation"
    EXTRA_TIME = "extra_time"
    POSSESSION = "possession"


@dataclass(frozen=True, slots=True)
class MatchResult:
    """A played match. Rotzball has no draws: ``winner`` is always ``"home"`` or ``"away"``.

    ``turns`` and ``rolls`` are read-only: their small dicts are shared with other matches
    (:mod:`~rules_engine.rotzball.shared`); copy them (``copy.deepcopy``) to edit them."""

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

    @classmethod
    def played(cls, match: _Match) -> MatchResult:
        """The result of a match played to its end (:meth:`_Match.play`)."""
        score = match.score
        return cls(
            home_score=score[HOME],
            away_score=score[AWAY],
            winner=match.winner(),
            decided_by=match.decided_by,
            possessions=dict(match.possessions),
            seed=match.dice.seed,
            turns=match.turns,
            rolls=match.dice.log(),
        )


def played_record(match: _Match) -> dict[str, Any]:
    """``MatchResult.played(match).to_dict()`` made at once, for :func:`simulate_record`
    (a bulk simulation returns only the dict): the same keys, in the same order."""
    score = match.score
    return {
        "home_score": score[HOME],
        "away_score": score[AWAY],
        "winner": match.winner(),
        "decided_by": match.decided_by.value,
        "possessions": dict(match.possessions),
        "seed": match.dice.seed,
        "turns": match.turns,
        "rolls": match.dice.log(),
    }


def play_match(
    home: TeamSheet, away: TeamSheet, *, dice: Dice, options: MatchOptions | None = None
) -> MatchResult:
    """Play a whole match; every draw goes through ``dice`` and is recorded there."""
    return MatchResult.played(_Match(home, away, dice, options or DEFAULT_OPTIONS).play())


def play_rated(
    home: RatedTeam, away: RatedTeam, *, dice: Dice, options: MatchOptions | None = None
) -> MatchResult:
    """:func:`play_match` for teams already reduced to their ratings (see
    :func:`~rules_engine.rotzball.rated.rated_team`): the same match, draw for draw."""
    return MatchResult.played(_Match(home, away, dice, options or DEFAULT_OPTIONS).play())


def simulate_record(
    home: RatedTeam, away: RatedTeam, *, dice: Dice, options: MatchOptions
) -> dict[str, Any]:
    """``play_rated(...).to_dict()``, the same dict, without the :class:`MatchResult`."""
    return played_record(_Match(home, away, dice, options).play())


DEFAULT_OPTIONS = MatchOptions()

# "Turn N: " is read from here rather than formatted at each turn (int formatting is among
# the dearest steps of a turn); a match longer than this formats its own.
_TURN_LABELS = tuple(f"Turn {number}: " for number in range(64))


def _score_text(home: int, away: int) -> str:
    return f"Score {home}-{away}."


NO_SCORE = _score_text(0, 0)


class _Match:
    """One match under way. The score, possessions and carry-overs are dicts by team."""

    def __init__(
        self,
        home: TeamSheet | RatedTeam,
        away: TeamSheet | RatedTeam,
        dice: Dice,
        options: MatchOptions,
    ):
        home_team, away_team = RatedTeam.of(home), RatedTeam.of(away)
        self.fixture = fixture = fixture_of(home_team, away_team)
        self.plans = fixture.plans
        self.plan_rules = fixture.plan_rules
        self.names = fixture.names
        self.dice = dice
        self.d100 = self.d2 = dice.entry_roller()  # a d100 or a d2, by the entries rolled
        self.coach = (home_team.coach, away_team.coach)
        self.score = {HOME: 0, AWAY: 0}
        self.score_text = NO_SCORE  # the summary's "Score h-a.", changed on goals
        self.score_log = BY_TEAM[0, 0]  # the turn log's score, changed on goals
        self.possessions = {HOME: 0, AWAY: 0}
        self.carry = BY_TEAM[0, 0]  # the carry-overs into the next turn (a shared piece)
        self.turns: list[dict[str, Any]] = []
        self.decided_by = DecidedBy.REGULATION
        self.fixed_coach: tuple[int, int] | None = None  # (home, away)
        if options.coach_rule is CoachRule.DIFFERENCE:
            gap = self.coach[0] - self.coach[1]
            self.fixed_coach = (max(gap, 0), max(-gap, 0))

    def play(self) -> _Match:
        """Play the match to its end (then read :meth:`winner` and :attr:`decided_by`)."""
        self._period("first_half", "second_half", REGULATION_HALF_TURNS, "coin toss")
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
                self.decided_by = DecidedBy.EXTRA_TIME
            elif self.possessions[HOME] != self.possessions[AWAY]:
                self.decided_by = DecidedBy.POSSESSION
                break
        return self

    def winner(self) -> str:
        judged = self.possessions if self.decided_by is DecidedBy.POSSESSION else self.score
        return HOME if judged[HOME] > judged[AWAY] else AWAY

    def _period(self, first: str, second: str, half_turns: int, toss: str) -> None:
        """A coin toss gives the first turn; the second half starts with the other team."""
        opener = HOME if self.d2(ROLL_ENTRIES[2, toss]) == 1 else AWAY  # heads: home, as coin
        turn = self._turn
        for period, initiative in ((first, opener), (second, OTHER[opener])):
            for _ in range(half_turns):
                initiative = turn(period, initiative)

    def _turn(self, period: str, initiative: str) -> str:
        """Play one turn and return the team holding the ball at its end.

        Coach tests (home, then away; a plain roll against the Coach score plus the team's
        carry-over), then the attack and the defence, then the defence's counter-attack when
        its critical success gives one (:data:`COUNTER_TABLE`: a critical success of the
        first attacker's defence only wins the ball back). Carry-overs are kept from this
        turn to the next; a counter-attack keeps this turn's modifiers.

        This is the engine's hot loop (a dozen turns a match): the phrases come ready-made
        from the plan, the turn's dict is a copy of the plan's template, and the small dicts
        in it and the roll entries are shared pieces (:mod:`~rules_engine.rotzball.shared`)
        looked up by their values instead of new dicts.
        """
        d100 = self.d100
        score = self.score
        self.possessions[initiative] += 1
        offensive = self.plan_rules[initiative]
        if offensive is None:  # balanced: offensive unless leading
            offensive = score[initiative] <= score[OTHER[initiative]]
        plan = self.plans[initiative][offensive] or self.fixture.plan(initiative, offensive)
        attacker, defender = plan.attacker, plan.defender
        carry = self.carry
        carry_home, carry_away = carry[HOME], carry[AWAY]
        coach_tests: dict[str, Any] | None = None
        if self.fixed_coach is None:
            home_target = self.coach[0] + carry_home
            home_roll = d100(HOME_COACH)
            away_target = self.coach[1] + carry_away
            away_roll = d100(AWAY_COACH)
            coach_home = COACH_BONUS if home_roll <= home_target else 0
            coach_away = COACH_BONUS if away_roll <= away_target else 0
            coach_tests = {
                HOME: COACH_TESTS[home_target][home_roll],
                AWAY: COACH_TESTS[away_target][away_roll],
            }
        else:
            coach_home, coach_away = self.fixed_coach
        a_target, d_target, bonus_a, bonus_d, targets, modifiers = plan.setups[
            coach_home, coach_away, carry_home, carry_away
        ]
        a_log, a_result = plan.attack_rolls[a_target][d100(plan.attack_entries)]
        d_log, d_result = plan.defence_rolls[d_target][d100(plan.defence_entries)]
        kind, ball, goal, outcome, carry_a, carry_d = plan.exchanges[4 * a_result + d_result]
        counter: dict[str, Any] | None = None
        if kind == COUNTER:
            c_target = plan.counter + bonus_d
            c_log, c_result = plan.defence_rolls[c_target][d100(plan.counter_entries)]
            cd_target = plan.counter_defence + bonus_a
            cd_log, cd_result = plan.attack_rolls[cd_target][d100(plan.counter_defence_entries)]
            c_pair = 4 * c_result + cd_result
            c_kind, c_carry_attacker, c_carry_defender = COUNTER_ROWS[c_pair]
            carry_d += c_carry_attacker
            carry_a += c_carry_defender
            counter = {"attack": c_log, "defence": cd_log, "goal": c_kind == GOAL}
            if c_kind == GOAL:
                goal, ball, end = defender, attacker, plan.counter_goal
            elif c_kind == TAKEN:
                ball, end = attacker, plan.won_back
            else:  # STAYS, or NOTHING on CS v CS: the counter-attacking team keeps it
                ball, end = defender, plan.counter_no_goal
            outcome = f"{outcome}{plan.counter_head}{PAIRS[c_pair]}{end}"
        if goal is not None:
            score[goal] += 1
            self.score_log = BY_TEAM[score[HOME], score[AWAY]]
            self.score_text = _score_text(score[HOME], score[AWAY])
        carry_next, notes = plan.carry_overs[carry_a, carry_d]
        self.carry = carry_next
        turns = self.turns
        number = len(turns) + 1
        label = _TURN_LABELS[number] if number < len(_TURN_LABELS) else f"Turn {number}: "
        # A copy of the template and a store per changing key cost less than a 16-key literal.
        log = plan.turn_template.copy()
        log["turn"] = number
        log["period"] = period
        log["targets"] = targets
        log["modifiers"] = modifiers
        log["coach_tests"] = coach_tests
        log["attack"] = a_log
        log["defence"] = d_log
        if counter is not None:
            log["counter_attack"] = counter
        if goal is not None:
            log["goal"] = goal
        log["ball_after"] = ball
        log["score"] = self.score_log
        log["carry_over_next"] = carry_next
        log["summary"] = f"{label}{outcome}{notes}. {self.score_text}"
        turns.append(log)
        return ball
