"""A Rotzball turn's plans: what the initiative team and its tactic fix before the dice
(who attacks, the targets before the turn's bonuses, the roll entries, the summary's
phrases), made once per fixture and then only read by the turn loop of
:class:`~rules_engine.rotzball.match._Match`.

The turn reads results as indices of RESULTS (CS, S, F, CF) and the tables as tuples indexed
by ``4 * attack + defence``, and what an exchange leads to as a small int (:data:`GOAL`...):
no enum hashing nor dataclass attribute in the hot loop.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

from rules_engine.dice import RollEntries
from rules_engine.rotzball.rated import RatedTeam
from rules_engine.rotzball.rules import OTHER, TACTIC_BONUS, counter_attack_tactic
from rules_engine.rotzball.shared import (
    AWAY,
    BY_TEAM,
    EXCHANGE_ROLLS,
    HOME,
    MODIFIERS,
    TARGETS,
    TEAMS,
    RollRows,
    d100_entries,
)
from rules_engine.rotzball.sheet import Tactic
from rules_engine.rotzball.table import (
    COUNTER_TABLE,
    RESULTS,
    TURN_TABLE,
    Ball,
    Exchange,
    Result,
)
from rules_engine.shared_pieces import SharedPieces


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

RESULT_TEXT = tuple(result.value for result in RESULTS)
PAIRS = tuple(f"{attack} v {defence}" for attack in RESULT_TEXT for defence in RESULT_TEXT)

# What an exchange leads to, as a small int the turn compares without any attribute lookup.
GOAL = 0  # the attacking side scores
COUNTER = 1  # main exchange only: the defence counter-attacks
TAKEN = 2  # the defending side takes the ball (a counter-attack: the first attacker wins it back)
NOTHING = 3  # main exchange only: CS v CS, nothing at all happens
STAYS = 4  # the ball stays where it was


def _kind(row: Exchange, attack: Result) -> int:
    if row.goal:
        return GOAL
    if row.ball is Ball.COUNTER:
        return COUNTER
    if row.ball is Ball.DEFENDER:
        return TAKEN
    return NOTHING if attack is Result.CS else STAYS


def _rows(table: dict[tuple[Result, Result], Exchange]) -> tuple[tuple[int, int, int], ...]:
    """``(kind, attacker_carry, defender_carry)`` by ``4 * attack + defence``."""
    return tuple(
        (_kind(row, attack), row.attacker_carry, row.defender_carry)
        for attack in RESULTS
        for defence in RESULTS
        for row in (table[attack, defence],)
    )


MAIN_ROWS = _rows(TURN_TABLE)
COUNTER_ROWS = _rows(COUNTER_TABLE)


@dataclass(slots=True)
class Plan:
    """What the initiative team and its plan (offensive or defensive) fix before a turn's
    dice: who attacks, each roll's target before the turn's coach and carry-over bonuses,
    the roll entries of the rolls and the fixed phrases of the summary. Made when a fixture
    first needs it (:class:`Fixture`), then only read (not frozen: a frozen dataclass sets
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
    carry_notes: SharedPieces[tuple[int, int], str]  # the fixture's (:class:`Fixture`)
    setups: SharedPieces[tuple[int, int, int, int], Setup] = field(init=False)
    """By (home coach bonus, away coach bonus, home carry-over, away carry-over), what they
    make of the turn's targets (:class:`Setup`), made the first time they come up."""

    carry_overs: SharedPieces[tuple[int, int], tuple[dict[str, int], str]] = field(init=False)
    """By (attacker's, defender's) carry-over into the next turn, the log's
    ``carry_over_next`` and the summary's note of them (``""`` if none)."""

    exchanges: tuple[MainOutcome, ...] = field(init=False)
    """What the main exchange leads to, by ``4 * attack + defence`` result index."""

    def __post_init__(self) -> None:
        self.setups = SharedPieces(self._setup)
        self.carry_overs = SharedPieces(self._carry_over)
        self.exchanges = tuple(
            self._exchange(pair, kind, carry_a, carry_d)
            for pair, (kind, carry_a, carry_d) in enumerate(MAIN_ROWS)
        )

    def _exchange(self, pair: int, kind: int, carry_a: int, carry_d: int) -> MainOutcome:
        goal: str | None = None
        if kind == STAYS:
            ball, outcome = self.initiative, self.stays
        elif kind == TAKEN:
            ball, outcome = self.defender, self.taken
        elif kind == GOAL:
            goal, ball, outcome = self.attacker, self.defender, self.goal
        elif kind == NOTHING:
            ball, outcome = self.initiative, "nothing happens"
        else:  # COUNTER: the turn plays the counter-attack and writes what follows
            ball, outcome = self.defender, ""
        return MainOutcome(
            kind, ball, goal, f"{self.head}{PAIRS[pair]}): {outcome}", carry_a, carry_d
        )

    def _carry_over(self, carry_a: int, carry_d: int) -> tuple[dict[str, int], str]:
        carries = (carry_a, carry_d) if self.attacker == HOME else (carry_d, carry_a)
        return BY_TEAM[carries], (self.carry_notes[carries] if carry_a or carry_d else "")

    def _setup(self, coach_home: int, coach_away: int, carry_home: int, carry_away: int) -> Setup:
        bonus_home, bonus_away = coach_home + carry_home, coach_away + carry_away
        bonus_a, bonus_d = (
            (bonus_home, bonus_away) if self.attacker == HOME else (bonus_away, bonus_home)
        )
        a_target, d_target = self.attack + bonus_a, self.defence + bonus_d
        home = (self.home_tactic, coach_home, carry_home)
        away = (self.away_tactic, coach_away, carry_away)
        targets, modifiers = TARGETS[a_target, d_target], MODIFIERS[*home, *away]
        return Setup(a_target, d_target, bonus_a, bonus_d, targets, modifiers)


class MainOutcome(NamedTuple):
    """A main exchange's result pair as a plan reads it (:attr:`Plan.exchanges`)."""

    kind: int  # GOAL, COUNTER, ...
    ball: str  # the team holding the ball after it (a counter-attack changes it)
    goal: str | None  # the team that scores
    summary: str  # the summary from the plan's head to the outcome (before any counter-attack)
    attacker_carry: int  # carry-overs into the next turn
    defender_carry: int


class Setup(NamedTuple):
    """A turn's targets and log pieces once its coach bonuses and carry-overs are known (a
    plan's :attr:`Plan.setups`): one lookup instead of the sums and two lookups per turn."""

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


def make_plan(
    initiative: str,
    offensive: bool,
    teams: dict[str, RatedTeam],
    carry_notes: SharedPieces[tuple[int, int], str],
) -> Plan:
    other = OTHER[initiative]
    attacker, defender = (initiative, other) if offensive else (other, initiative)
    tactic = "offensive" if offensive else "defensive"
    attacking, defending = teams[attacker].name, teams[defender].name
    # Offensive: +10 attack / -10 defence; defensive: -10 attack / +10 defence. The
    # initiative team's roll in the main exchange always gets the +10 side; in a
    # counter-attack each side rolls its other score with the opposite tactic modifier.
    return Plan(
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


class Fixture:
    """What a match between two rated teams reads but never changes, made once per fixture
    (:func:`fixture_of`): the names, each team's plan rule and its plans, made as they come up
    (a fixture seldom needs all four), and the summaries' carry-over notes."""

    __slots__ = ("carry_notes", "names", "plan_rules", "plans", "teams")

    def __init__(self, home: RatedTeam, away: RatedTeam) -> None:
        self.teams = {HOME: home, AWAY: away}
        self.names = {HOME: home.name, AWAY: away.name}
        self.plan_rules = {HOME: plan_rule(home.tactic), AWAY: plan_rule(away.tactic)}
        """By team, its plan when it has the initiative: always offensive (True), always
        defensive (False), or, ``balanced``, read from the score at each turn (None)."""
        self.plans: dict[str, list[Plan | None]] = {HOME: [None, None], AWAY: [None, None]}
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

    def plan(self, initiative: str, offensive: bool) -> Plan:
        plan = make_plan(initiative, offensive, self.teams, self.carry_notes)
        self.plans[initiative][offensive] = plan
        return plan


@lru_cache(maxsize=256)
def fixture_of(home: RatedTeam, away: RatedTeam) -> Fixture:
    """A fixture's plans and names. They hold only ints and strings, so a fixture played
    again (a season's replays, a benchmark, a preview) reuses them instead of formatting a
    dozen phrases per match; what a plan holds never changes once made."""
    return Fixture(home, away)


def plan_rule(tactic: Tactic) -> bool | None:
    if tactic is Tactic.BALANCED:
        return None
    return tactic is Tactic.OFFENSIVE
