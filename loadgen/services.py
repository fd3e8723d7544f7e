"""``load_generate``: leagues of every game with full rosters, seasons played, punters and
bets, for load tests (``manage.py generate_load``).

Each league is built in one transaction, through the services users call (``league_create``,
the betting settings) and their bulk variants, the same code the single-item services call:

* teams: each game's ``load_teams`` (``loadgen.plugins.load``) draws what its coaches choose
  and registers them through its roster services' bulk variants (Rotzball's
  ``teams_register``, ``players_create``, ``lineups_set``, ``match_plans_set``; Tutatis's
  ``team_lists_choose`` and ``rosters_set``; Mythril's ``mythril_teams_register``);
* a simulated game's season: kicked off by its kick-off's own ``fixtures_freeze`` and resolved
  by ``matches.simulation_chunks.results_resolve``, as a worker resolves a chunk (a seed
  each);
* a table game's season (Tutatis, Killpower): played round after round by the result-report workflow's
  round-level variants (``matches.table_results.bulk.round_play``): each round kicked off by
  the game's ``kick_off_many``, the reports its ``load_entry`` draws entered by the home coach
  and confirmed by the away coach with the workflow's checks, recorded by the game's
  ``recorded``, and the post-match sequences run by its ``post_match_many``; so each round
  starts from what the last one left (injuries carried over; Killpower's rounds are kicked
  off first by its ``load_results``, each RAP on a seed of the dice);
* where a game has no bulk variant of its match services yet (Mythril's kick-off, results and
  post-match sequence), its own ``load_kick_off`` and ``load_results``.

``matches.bulk`` writes fixtures and results, ``betting.bulk`` wallets, bets and their
settlement. ``tests/loadgen/test_one_write_path.py`` builds a league by hand, one service call
at a time, and by the generator from one seed, and compares their rows. Every draw goes
through ``rules_engine.Dice``: the same ``seed`` builds the same data. A season played is a
double round robin; its fixtures are all played, its bets settled, and it is archived with its
champion. After the seasons played, each league opens the next season, its fixtures ahead,
with open bets on its first round. Once every league is built, every rating is computed from
the results in one bulk rebuild (``ratings.services.ratings_rebuild``).

What is skipped, and why: the signals of single writes (no notification, no auditlog history
per generated row: the rosters and results are built with auditlog off, their services
writing none then, and what they would send after commit is dropped: nobody is told about
generated history, and the post-match sequences ran already; no ``post_save`` of ``Result``:
the bets are settled here), and the games' ``season_rollover`` between generated seasons.
"""

import multiprocessing
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import timedelta
from functools import partial
from typing import Any

from auditlog.context import disable_auditlog
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import connection, connections, transaction
from django.utils import timezone

from betting import bulk as betting_bulk
from betting.league_settings import settings_save
from core import registry
from core.refusals import Refused
from league.models import League, Season, Team
from league.services import league_create, season_create
from ledger.models import Account
from loadgen import people, plugins
from loadgen.copier import tables_baseline
from loadgen.models import LoadRun
from matches import bulk as matches_bulk
from matches import plugins as match_plugins
from matches.models import Fixture, Result
from matches.simulation_chunks import results_resolve
from ratings.services import ratings_rebuild
from rules_engine import Dice
from rules_engine.dice import MAX_SEED

MAX_LEAGUES = 100_000
MIN_TEAMS, MAX_TEAMS = 4, 40
MAX_SEASONS = 10
MAX_PUNTERS = 100
MAX_JOBS = 16
BETS_PER_PUNTER = 10
"""Bets each punter places on a season played (and one or two on the open season)."""
STAKES = (10, 60)
COLOURS = ["#1f4e8c", "#f2c14e", "#8c1c13", "#2a9d8f", "#6a4c93", "#e5e5e5", "#386641", "#0077b6"]


class AlreadyGenerated(Exception):
    """The database holds generated data already (``--force`` to add more)."""


@dataclass(frozen=True)
class LoadPlan:
    leagues: int
    teams: int
    seasons: int
    seed: int
    punters: int = 10
    jobs: int = 1

    def check(self) -> None:
        """``ValidationError`` naming each bad setting (nothing is built then)."""
        errors: dict[str, str] = {}
        if not 1 <= self.leagues <= MAX_LEAGUES:
            errors["leagues"] = f"give between 1 and {MAX_LEAGUES} leagues (got {self.leagues})"
        if not MIN_TEAMS <= self.teams <= MAX_TEAMS or self.teams % 2:
            errors["teams"] = (
                f"give an even number of teams per league, {MIN_TEAMS} to {MAX_TEAMS} "
                f"(got {self.teams}): every team plays every round"
            )
        if not 1 <= self.seasons <= MAX_SEASONS:
            errors["seasons"] = f"give between 1 and {MAX_SEASONS} seasons (got {self.seasons})"
        if not 0 <= self.punters <= MAX_PUNTERS:
            errors["punters"] = f"give between 0 and {MAX_PUNTERS} punters (got {self.punters})"
        if not 1 <= self.jobs <= MAX_JOBS:
            errors["jobs"] = f"give between 1 and {MAX_JOBS} jobs (got {self.jobs})"
        if not 0 <= self.seed <= MAX_SEED:
            errors["seed"] = f"give a seed between 0 and {MAX_SEED} (got {self.seed})"
        if errors:
            raise ValidationError(errors)

    @property
    def rounds(self) -> int:
        return 2 * (self.teams - 1)


def load_generate(
    *,
    plan: LoadPlan,
    force: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> LoadRun:
    """Build ``plan``'s leagues, one transaction each, the games taken in turn, in
    ``plan.jobs`` processes. Refused with ``AlreadyGenerated`` when a run is recorded already,
    unless ``force``. Each league is drawn from its own seed, itself drawn from ``plan.seed``:
    the same data whatever the number of processes (only the ids differ)."""
    plan.check()
    if plan.jobs > 1 and connection.vendor != "postgresql":
        raise Refused("postgresql_needed", "more than one job needs PostgreSQL", field="jobs")
    games = _generated_games()
    if not games:
        raise Refused(
            "no_generating_game", "no registered game can generate its teams", field="leagues"
        )
    earlier = LoadRun.objects.order_by("-pk").first()
    if earlier is not None and not force:
        raise AlreadyGenerated(
            f"this database holds generated data already ({earlier}); pass --force to add more"
        )
    first = (earlier.first_league + earlier.leagues) if earlier else 1
    run = LoadRun.objects.create(
        # the first run records what was there before it: copy_leagues copies what comes after
        baseline=tables_baseline() if earlier is None else {},
        seed=plan.seed,
        first_league=first,
        leagues=plan.leagues,
        teams=plan.teams,
        seasons=plan.seasons,
        punters=plan.punters,
    )
    master = Dice(plan.seed, record=False)
    tasks = [
        (first + index, index % len(games), master.roll(MAX_SEED, "league seed") - 1)
        for index in range(plan.leagues)
    ]
    people.users_prepare()
    if plan.jobs == 1:
        built: Iterable[int] = (_league_task(plan, task) for task in tasks)
        for done, _number in enumerate(built, start=1):
            if progress is not None:
                progress(done, plan.leagues)
    else:
        connections.close_all()  # each process opens its own connection
        with multiprocessing.get_context("fork").Pool(plan.jobs) as pool:
            built = pool.imap_unordered(partial(_league_task, plan), tasks)
            for done, _number in enumerate(built, start=1):
                if progress is not None:
                    progress(done, plan.leagues)
    ratings_rebuild()  # every generated result rated, in bulk: the ratings pages show data
    run.finished_at = timezone.now()
    run.save(update_fields=["finished_at"])
    _statistics_refresh()
    return run


def _statistics_refresh() -> None:
    """On PostgreSQL, ``ANALYZE`` the whole database: rows written in bulk (COPY) leave the
    planner's statistics behind until autovacuum gets to them, and with stale statistics a
    league's results list read 380,000 results for one league (1.1 s instead of 21 ms on the
    1,000-league volume)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")


def _generated_games() -> list[registry.Game]:
    """The games that can build their teams in bulk (``loadgen.plugins.load``), in turn."""
    return [registry.game(name) for name in plugins.load.games()]


def _league_task(plan: LoadPlan, task: tuple[int, int, int]) -> int:
    number, game_index, seed = task
    game = _generated_games()[game_index]
    league_generate(plan=plan, number=number, game=game, dice=Dice(seed, record=False))
    return number


@transaction.atomic
def league_generate(*, plan: LoadPlan, number: int, game: registry.Game, dice: Dice) -> League:
    """One league of ``game``: teams, ``plan.seasons`` seasons played, the next one open."""
    usernames = [people.commissioner_name(number)]
    usernames += [people.coach_name(number, n) for n in range(1, plan.teams + 1)]
    usernames += [people.punter_name(number, n) for n in range(1, plan.punters + 1)]
    users = people.users_create(usernames=usernames)
    commissioner = users[usernames[0]]
    coaches = [users[people.coach_name(number, n)] for n in range(1, plan.teams + 1)]
    punters = [users[people.punter_name(number, n)] for n in range(1, plan.punters + 1)]
    league = league_create(
        commissioner=commissioner,
        name=f"Load {game.label} {number:05d}",
        rule_system=game.name,
        season_name="Season 1",
        description="Generated for load tests (manage.py generate_load).",
    )
    settings_save(league=league, values={"mode": "pool"})
    specs = [
        {
            "name": f"Team {number}-{n}",
            "coach": coach,
            "primary_colour": COLOURS[n % len(COLOURS)],
            "secondary_colour": COLOURS[(n + 3) % len(COLOURS)],
        }
        for n, coach in enumerate(coaches, start=1)
    ]
    with disable_auditlog():  # generated rosters have no history of changes, as before
        teams = plugins.load.of(game.name).load_teams(league=league, teams=specs, dice=dice)
    wallets = betting_bulk.wallets_open(league=league, users=punters)
    season = league.seasons.get()
    week = timedelta(weeks=1)
    today = timezone.now().replace(hour=20, minute=0, second=0, microsecond=0)
    for index in range(plan.seasons):
        if index:
            season = season_create(league=league, name=f"Season {index + 1}")
        season.league = league
        start = today - week * (plan.seasons - index) * (plan.rounds + 2)
        fixtures, results = season_play(
            season=season, game=game, teams=teams, start=start, dice=dice, by=commissioner
        )
        stakes = _stakes(game, fixtures, wallets, dice, BETS_PER_PUNTER)
        betting_bulk.bets_place(league=league, stakes=stakes)
        betting_bulk.fixtures_settle(league=league, fixtures=fixtures, results=results)
        _refresh(wallets)
        matches_bulk.season_close(season=season)
    upcoming = season_create(league=league, name=f"Season {plan.seasons + 1}")
    upcoming.league = league
    ahead = matches_bulk.fixtures_write(
        fixtures=matches_bulk.round_robin_plan(
            season=upcoming, teams=teams, first_kickoff=today + timedelta(days=1), interval=week
        )
    )
    first_round = [fixture for fixture in ahead if fixture.round == 1]
    betting_bulk.bets_place(league=league, stakes=_stakes(game, first_round, wallets, dice, 2))
    return league


def season_play(
    *,
    season: Season,
    game: registry.Game,
    teams: Sequence[Team],
    start: Any,
    dice: Dice,
    by: User,
) -> tuple[list[Fixture], list[Result]]:
    """A double round robin from ``start``, every fixture kicked off and played: simulated by
    the engine (a seed each), or played at the table round after round through the game's
    ``load_results`` (by default the result-report workflow's round-level variants)."""
    fixtures = matches_bulk.round_robin_plan(season=season, teams=teams, first_kickoff=start)
    loader = plugins.load.of(game.name)
    loader.load_kick_off(fixtures=fixtures, dice=dice)
    matches_bulk.fixtures_write(fixtures=fixtures)
    if game.simulated:
        seeds = [dice.roll(MAX_SEED, "fixture seed") - 1 for _fixture in fixtures]
        results = results_resolve(fixtures=fixtures, seeds=seeds)
    else:
        with disable_auditlog(), _after_commit_dropped():
            results = loader.load_results(fixtures=fixtures, dice=dice, by=by)
    matches_bulk.results_write(results=[result for result in results if result.pk is None])
    return fixtures, results


@contextmanager
def _after_commit_dropped() -> Iterator[None]:
    """What the services called inside send once the transaction commits, dropped: generated
    history tells nobody (no notification) and sends no task (the post-match sequences ran
    already, in the round's bulk variant)."""
    hooks = transaction.get_connection().run_on_commit
    before = len(hooks)
    yield
    del hooks[before:]


def _stakes(
    game: registry.Game,
    fixtures: Sequence[Fixture],
    wallets: Sequence[Account],
    dice: Dice,
    per_punter: int,
) -> list[betting_bulk.Stake]:
    """Each punter's bets on fixtures drawn among ``fixtures``, stakes within what the wallet
    holds (spread over its bets)."""
    stakes = []
    if not fixtures:
        return stakes
    low, high = STAKES
    for wallet in wallets:
        count = min(per_punter, len(fixtures))
        cap = min(high, wallet.balance // max(count, 1))
        if cap < low:
            continue
        chosen = {fixtures[dice.roll(len(fixtures), "fixture") - 1].pk: None for _ in range(count)}
        by_pk = {fixture.pk: fixture for fixture in fixtures}
        for pk in chosen:
            fixture = by_pk[pk]
            outcomes = match_plugins.outcomes_of(fixture)
            stakes.append(
                betting_bulk.Stake(
                    wallet=wallet,
                    fixture=fixture,
                    outcome=outcomes[dice.roll(len(outcomes), "outcome") - 1],
                    stake=low + dice.roll(cap - low + 1, "stake") - 1,
                )
            )
    return stakes


def _refresh(wallets: Sequence[Account]) -> None:
    balances = dict(
        Account.objects.filter(pk__in=[w.pk for w in wallets]).values_list("pk", "balance")
    )
    for wallet in wallets:
        wallet.balance = balances[wallet.pk]


def load_counts() -> dict[str, int]:
    """Rows of the tables the generated data fills."""
    from betting.models import Bet, Settlement
    from ledger.models import Entry, Transaction
    from ratings.models import CoachRating, TeamRating

    return {
        "users": User.objects.count(),
        "leagues": League.objects.count(),
        "seasons": Season.objects.count(),
        "teams": Team.objects.count(),
        "fixtures": Fixture.objects.count(),
        "results": Result.objects.count(),
        "accounts": Account.objects.count(),
        "bets": Bet.objects.count(),
        "settlements": Settlement.objects.count(),
        "transactions": Transaction.objects.count(),
        "entries": Entry.objects.count(),
        "team ratings": TeamRating.objects.count(),
        "coach ratings": CoachRating.objects.count(),
    }
