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

from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache
from typing import Any, NamedTuple

from rules_engine.dice import Dice, RollEntries
from rules_engine.rotzball.options import CoachRule, MatchOptions
from rules_engine.rotzball.rated import RatedTeam
from rules_engine.rotzball.shared import (
    AWAY,
    BY_TEAM,
    COACH_TESTS,
    EXCHANGE_ROLLS,
    HOME,
    MODIFIERS,
    ROLL_ENTRIES,
    TARGETS,
    TEAMS,
    RollRows,
    d100_entries,
)
from rules_engine.rotzball.sheet import Tactic, TeamSheet
from rules_engine.rotzball.table import (
    COUNTER_TABLE,
    RESULTS,
    TURN_TABLE,
    Ball,
    Exchange,
    Result,
)
from rules_engine.shared_pieces import SharedPieces

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
HOME_COACH, AWAY_COACH = (d100_entries(PURPOSES[team]["coach"]) for team in TEAMS)
"""The roll entries of the coach tests (the engine rolls its d100 with shared entries: see
:meth:`~rules_engine.dice.Dice.entry_roller` and :mod:`~rules_engine.rotzball.shared`)."""


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

# The turn reads results as indices of RESULTS (CS, S, F, CF) and the tables as tuples indexed
# by ``4 * attack + defence``: no enum hashing nor dataclass attribute in the loop.
_TEXT = tuple(result.value for result in RESULTS)
_PAIRS = tuple(f"{attack} v {defence}" for attack in _TEXT for defence in _TEXT)

# What an exchange leads to, as a small int the turn compares without any attribute lookup.
_GOAL = 0  # the attacking side scores
_COUNTER = 1  # main exchange only: the defence counter-attacks
_TAKEN = 2  # the defending side takes the ball (a counter-attack: the first attacker wins it back)
_NOTHING = 3  # main exchange only: CS v CS, nothing at all happens
_STAYS = 4  # the ball stays where it was


def _kind(row: Exchange, attack: Result) -> int:
    if row.goal:
        return _GOAL
    if row.ball is Ball.COUNTER:
        return _COUNTER
    if row.ball is Ball.DEFENDER:
        return _TAKEN
    return _NOTHING if attack is Result.CS else _STAYS


def _rows(table: dict[tuple[Result, Result], Exchange]) -> tuple[tuple[int, int, int], ...]:
    """``(kind, attacker_carry, defender_carry)`` by ``4 * attack + defence``."""
    return tuple(
        (_kind(row, attack), row.attacker_carry, row.defender_carry)
        for attack in RESULTS
        for defence in RESULTS
        for row in (table[attack, defence],)
    )


_MAIN = _rows(TURN_TABLE)
_COUNTER_ROWS = _rows(COUNTER_TABLE)

# "Turn N: " is read from here rather than formatted at each turn (int formatting is among
# the dearest steps of a turn); a match longer than this formats its own.
_TURN_LABELS = tuple(f"Turn {number}: " for number in range(64))


def _score_text(home: int, away: int) -> str:
    return f"Score {home}-{away}."


NO_SCORE = _score_text(0, 0)


@dataclass(slots=True)
class _Plan:
    """What the initiative team and its plan (offensive or defensive) fix before a turn's
    dice: who attacks, each roll's target before the turn's coach and carry-over bonuses,
    the roll entries of the rolls and the fixed phrases of the summary. Made when a fixture
    first needs it (:class:`_Fixture`), then only read (not frozen: a frozen dataclass sets
    each of these fields through ``object.__setattr__``, and a new fixture makes up to four
    plans)."""

    initiative: str
    attacker: str
    defender: str
    attack: int  # the attacker's Attack and tactic modifier
    defence: int
    counter: int  # the defender's Attack and its counter-attack tactic modifier
    counter_defence: int
    attack_entries: RollEntries
    defence_entries: RollEntries
    counter_entries: RollEntries
    counter_defence_entries: RollEntries
    attack_rolls: RollRows[tuple[dict[str, Any], int]]  # the attacker's exchange-roll pieces
    defence_rolls: RollRows[tuple[dict[str, Any], int]]  # the defender's
    tactic: str
    home_tactic: int  # the ``tactic`` of each team's modifiers in the turn log
    away_tactic: int
    head: str  # from the initiative team's name to the "(" before the results
    goal: str  # "goal for <attacker>"
    taken: str  # "<defender> takes the ball"
    stays: str  # "the ball stays with <initiative>"
    counter_head: str  # "<defender> counter-attacks ("
    counter_goal: str  # "): goal for <defender>"
    counter_no_goal: str
    won_back: str  # "): <attacker> wins the ball back"
    turn_template: dict[str, Any]
    carry_notes: SharedPieces[tuple[int, int], str]  # the fixture's (:class:`_Fixture`)
    setups: SharedPieces[tuple[int, int, int, int], _Setup] = field(init=False)
    """By (home coach bonus, away coach bonus, home carry-over, away carry-over), what they
    make of the turn's targets (:class:`_Setup`), made the first time they come up."""

    carry_overs: SharedPieces[tuple[int, int], tuple[dict[str, int], str]] = field(init=False)
    """By (attacker's, defender's) carry-over into the next turn, the log's
    ``carry_over_next`` and the summary's note of them (``""`` if none)."""

    exchanges: tuple[_MainOutcome, ...] = field(init=False)
    """What the main exchange leads to, by ``4 * attack + defence`` result index."""

    def __post_init__(self) -> None:
        self.setups = SharedPieces(self._setup)
        self.carry_overs = SharedPieces(self._carry_over)
        self.exchanges = tuple(
            self._exchange(pair, kind, carry_a, carry_d)
            for pair, (kind, carry_a, carry_d) in enumerate(_MAIN)
        )

    def _exchange(self, pair: int, kind: int, carry_a: int, carry_d: int) -> _MainOutcome:
        goal: str | None = None
        if kind == _STAYS:
            ball, outcome = self.initiative, self.stays
        elif kind == _TAKEN:
            ball, outcome = self.defender, self.taken
        elif kind == _GOAL:
            goal, ball, outcome = self.attacker, self.defender, self.goal
        elif kind == _NOTHING:
            ball, outcome = self.initiative, "nothing happens"
        else:  # _COUNTER: the turn plays the counter-attack and writes what follows
            ball, outcome = self.defender, ""
        return _MainOutcome(
            kind, ball, goal, f"{self.head}{_PAIRS[pair]}): {outcome}", carry_a, carry_d
        )

    def _carry_over(self, carry_a: int, carry_d: int) -> tuple[dict[str, int], str]:
        carries = (carry_a, carry_d) if self.attacker == HOME else (carry_d, carry_a)
        return BY_TEAM[carries], (self.carry_notes[carries] if carry_a or carry_d else "")

    def _setup(self, coach_home: int, coach_away: int, carry_home: int, carry_away: int) -> _Setup:
        bonus_home, bonus_away = coach_home + carry_home, coach_away + carry_away
        bonus_a, bonus_d = (
            (bonus_home, bonus_away) if self.attacker == HOME else (bonus_away, bonus_home)
        )
        a_target, d_target = self.attack + bonus_a, self.defence + bonus_d
        home = (self.home_tactic, coach_home, carry_home)
        away = (self.away_tactic, coach_away, carry_away)
        targets, modifiers = TARGETS[a_target, d_target], MODIFIERS[*home, *away]
        return _Setup(a_target, d_target, bonus_a, bonus_d, targets, modifiers)


class _MainOutcome(NamedTuple):
    """A main exchange's result pair as a plan reads it (:attr:`_Plan.exchanges`)."""

    kind: int  # _GOAL, _COUNTER, ...
    ball: str  # the team holding the ball after it (a counter-attack changes it)
    goal: str | None  # the team that scores
    summary: str  # the summary from the plan's head to the outcome (before any counter-attack)
    attacker_carry: int  # carry-overs into the next turn
    defender_carry: int


class _Setup(NamedTuple):
    """A turn's targets and log pieces once its coach bonuses and carry-overs are known (a
    plan's :attr:`_Plan.setups`): one lookup instead of the sums and two lookups per turn."""

    attack_target: int
    defence_target: int
    attack_bonus: int  # the attacker's coach bonus and carry-over (its counter-defence gets it)
    defence_bonus: int
    targets: dict[str, int]  # the log's ``targets``
    modifiers: dict[str, dict[str, int]]  # the log's ``modifiers``


TURN_KEYS = (
    "turn",
    "period",
    "initiative",
    "tactic",
    "attacking",
    "targets",
    "modifiers",
    "coach_tests",
    "attack",
    "defence",
    "counter_attack",
    "goal",
    "ball_after",
    "score",
    "carry_over_next",
    "summary",
)


def _plan(
    initiative: str,
    offensive: bool,
    teams: dict[str, RatedTeam],
    carry_notes: SharedPieces[tuple[int, int], str],
) -> _Plan:
    other = OTHER[initiative]
    attacker, defender = (initiative, other) if offensive else (other, initiative)
    tactic = "offensive" if offensive else "defensive"
    attacking, defending = teams[attacker].name, teams[defender].name
    # Offensive: +10 attack / -10 defence; defensive: -10 attack / +10 defence. The
    # initiative team's roll in the main exchange always gets the +10 side; in a
    # counter-attack each side rolls its other score with the opposite tactic modifier.
    return _Plan(
        initiative=initiative,
        attacker=attacker,
        defender=defender,
        attack=teams[attacker].attack + (TACTIC_BONUS if offensive else 0),
        defence=teams[defender].defense + (0 if offensive else TACTIC_BONUS),
        counter=teams[defender].attack + counter_attack_tactic(defender, initiative),
        counter_defence=teams[attacker].defense + counter_attack_tactic(attacker, initiative),
        attack_entries=d100_entries(PURPOSES[attacker]["attack"]),
        defence_entries=d100_entries(PURPOSES[defender]["defence"]),
        counter_entries=d100_entries(PURPOSES[defender]["counter"]),
        counter_defence_entries=d100_entries(PURPOSES[attacker]["counter_defence"]),
        attack_rolls=EXCHANGE_ROLLS[attacker],
        defence_rolls=EXCHANGE_ROLLS[defender],
        tactic=tactic,
        home_tactic=TACTIC_BONUS if initiative == HOME else 0,
        away_tactic=0 if initiative == HOME else TACTIC_BONUS,
        head=f"{teams[initiative].name} plays {tactic}, {attacking} attacks (",
        goal=f"goal for {attacking}",
        taken=f"{defending} takes the ball",
        stays=f"the ball stays with {teams[initiative].name}",
        counter_head=f"{defending} counter-attacks (",
        counter_goal=f"): goal for {defending}",
        counter_no_goal="): no goal",
        won_back=f"): {attacking} wins the ball back",
        turn_template=dict.fromkeys(TURN_KEYS)
        | {"initiative": initiative, "tactic": tactic, "attacking": attacker},
        carry_notes=carry_notes,
    )


class _Fixture:
    """What a match between two rated teams reads but never changes, made once per fixture
    (:func:`_fixture`): the names, each team's plan rule and its plans, made as they come up
    (a fixture seldom needs all four), and the summaries' carry-over notes."""

    __slots__ = ("carry_notes", "names", "plan_rules", "plans", "teams")

    def __init__(self, home: RatedTeam, away: RatedTeam) -> None:
        self.teams = {HOME: home, AWAY: away}
        self.names = {HOME: home.name, AWAY: away.name}
        self.plan_rules = {HOME: _plan_rule(home.tactic), AWAY: _plan_rule(away.tactic)}
        """By team, its plan when it has the initiative: always offensive (True), always
        defensive (False), or, ``balanced``, read from the score at each turn (None)."""
        self.plans: dict[str, list[_Plan | None]] = {HOME: [None, None], AWAY: [None, None]}
        """By initiative team, the plan when defensive (index 0) and when offensive (1)."""
        self.carry_notes: SharedPieces[tuple[int, int], str] = SharedPieces(self._carry_notes)
        """By (home, away) carry-over into the next turn, the summary's note of them."""

    def _carry_notes(self, home: int, away: int) -> str:
        """``"; <team> +20 next turn"`` for each team that takes a modifier into the next turn."""
        return "".join(
            f"; {self.names[team]} {carry:+d} next turn"
            for team, carry in ((HOME, home), (AWAY, away))
            if carry
        )

    def plan(self, initiative: str, offensive: bool) -> _Plan:
        plan = _plan(initiative, offensive, self.teams, self.carry_notes)
        self.plans[initiative][offensive] = plan
        return plan


@lru_cache(maxsize=256)
def _fixture(home: RatedTeam, away: RatedTeam) -> _Fixture:
    """A fixture's plans and names. They hold only ints and strings, so a fixture played
    again (a season's replays, a benchmark, a preview) reuses them instead of formatting a
    dozen phrases per match; what a plan holds never changes once made."""
    return _Fixture(home, away)


def _plan_rule(tactic: Tactic) -> bool | None:
    if tactic is Tactic.BALANCED:
        return None
    return tactic is Tactic.OFFENSIVE


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
        self.fixture = fixture = _fixture(home_team, away_team)
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
        if kind == _COUNTER:
            c_target = plan.counter + bonus_d
            c_log, c_result = plan.defence_rolls[c_target][d100(plan.counter_entries)]
            cd_target = plan.counter_defence + bonus_a
            cd_log, cd_result = plan.attack_rolls[cd_target][d100(plan.counter_defence_entries)]
            c_pair = 4 * c_result + cd_result
            c_kind, c_carry_attacker, c_carry_defender = _COUNTER_ROWS[c_pair]
            carry_d += c_carry_attacker
            carry_a += c_carry_defender
            counter = {"attack": c_log, "defence": cd_log, "goal": c_kind == _GOAL}
            if c_kind == _GOAL:
                goal, ball, end = defender, attacker, plan.counter_goal
            elif c_kind == _TAKEN:
                ball, end = attacker, plan.won_back
            else:  # _STAYS, or _NOTHING on CS v CS: the counter-attacking team keeps it
                ball, end = defender, plan.counter_no_goal
            outcome = f"{outcome}{plan.counter_head}{_PAIRS[c_pair]}{end}"
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
