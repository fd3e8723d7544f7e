"""One write path (issue 24, point 5): the load generator builds a league through the same
services as its users, in bulk. From one seed, a small league built once by hand, one user
action at a time (the single-item services), and once by ``league_generate`` holds the same
rows: teams, players, line-ups, match plans, frozen sheets, results and standings, and for the
games played at the table their reports, post-match runs (experience, injuries, level-ups) and
ledger (treasuries, transactions and their entries), ids and timestamps aside."""

from datetime import timedelta
from typing import Any

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.db import models
from django.utils import timezone

from core import registry
from league.models import League, Season, Team
from league.services import league_create, team_register
from loadgen import people
from loadgen.services import COLOURS, LoadPlan, league_generate
from matches.models import Fixture, Result
from matches.services import fixture_kick_off, fixture_simulate, fixtures_generate
from rules_engine import Dice
from rules_engine.dice import MAX_SEED

pytestmark = pytest.mark.django_db

SEED = 2024
TEAMS = 4
SKIPPED = {
    "id",
    "created_at",
    "updated_at",
    "locked_at",
    "kickoff",
    "finished_at",
    "season",
    "reviewed_at",
    "done_at",
}
"""Columns that differ between two equal builds: ids, clocks, the season (named by its
league)."""


def _rotzball_by_hand(league: League, dice: Dice, specs: list[dict[str, Any]]) -> None:
    from systems.rotzball import load, services

    for spec in specs:
        team = team_register(league=league, **spec)
        squad, tactic = load.roster_draw(dice)
        players = [services.player_create(team=team, **fields) for fields in squad]
        services.lineup_set(team=team, assignments=load.lineup_choice(players))
        services.team_set_match_plan(team=team, tactic=tactic)


def _tutatis_by_hand(league: League, dice: Dice, specs: list[dict[str, Any]]) -> None:
    from systems.tutatis import load
    from systems.tutatis.services import rosters

    for spec, team_list in zip(
        specs, load.team_lists_draw(teams=len(specs), dice=dice), strict=True
    ):
        team = team_register(league=league, **spec)
        rosters.team_list_choose(user=spec["coach"], team=team, team_list=team_list)
        rosters.roster_set(user=spec["coach"], team=team, counts=load.roster_counts(team_list))


def _mythril_by_hand(league: League, dice: Dice, specs: list[dict[str, Any]]) -> None:
    from systems.mythril import load
    from systems.mythril.services.teams import mythril_team_register

    for spec in specs:
        mythril_team_register(league=league, **spec, **load.draft_draw(dice))


BY_HAND = {
    "rotzball": _rotzball_by_hand,
    "tutatis": _tutatis_by_hand,
    "mythril": _mythril_by_hand,
}
"""Each game's roster built by a coach, one service call at a time."""

ROWS = {
    "rotzball": ["rotzball.Player", "rotzball.LineupSlot", "rotzball.MatchPlan"],
    "tutatis": ["tutatis.Player", "tutatis.TutatisTeam"],
    "mythril": ["mythril.Player", "mythril.TeamProfile", "mythril.LevelUp", "ledger.Transaction"],
}
"""The rows each game's rosters must hold (the comparison of two empty tables proves
nothing)."""


def _tutatis_played_by_hand(fixture: Fixture, dice: Dice) -> None:
    from systems.tutatis import load

    _played_by_hand(fixture, *load.play_draw(dice))


def _mythril_played_by_hand(fixture: Fixture, dice: Dice) -> None:
    from systems.mythril import load

    _played_by_hand(fixture, *load.play_draw(fixture, dice))


def _played_by_hand(fixture: Fixture, entered: Any, seed: int, post_match_seed: int) -> None:
    """The home coach enters the result, the away coach confirms it, a worker runs the
    post-match sequence."""
    from matches.table_results.post_match import post_match_run
    from matches.table_results.services import report_confirm, report_enter

    report = report_enter(fixture=fixture, user=fixture.home.coach, result=entered)
    report_confirm(report=report, user=fixture.away.coach, seed=seed)
    post_match_run(fixture_id=fixture.pk, seed=post_match_seed)


TABLE_GAMES = {"tutatis", "mythril"}
"""Games played at the table: their fixtures are kicked off by hand and compared frozen
(sheets, options); their results are entered and confirmed by hand (``PLAYED_BY_HAND``), each
fixture kicked off when its turn comes (its sheets hold the earlier post-match sequences)."""

PLAYED_BY_HAND = {"tutatis": _tutatis_played_by_hand, "mythril": _mythril_played_by_hand}
"""Each table game's result of a kicked-off fixture, entered and confirmed by its coaches."""

FROZEN = ("round", "home", "away", "home_sheet", "away_sheet", "options")


def _rows(model: type[models.Model], **where: Any) -> list[dict[str, Any]]:
    """``model``'s rows matching ``where``, every foreign key to a team, player or fixture
    named by what it points at (the same in both builds), ids and clocks left out; sorted."""
    rows = []
    for row in model.objects.filter(**where):
        data = {}
        for field in row._meta.concrete_fields:
            if field.name in SKIPPED or (field.primary_key and field.name != "team"):
                continue
            value = getattr(row, field.name)
            if isinstance(value, User):
                value = ("user", _role(value))
            elif isinstance(value, League):
                value = "the league"  # each build its own
            elif isinstance(value, Team):
                value = ("team", value.name)
            elif isinstance(value, Fixture):
                value = ("fixture", value.round, value.home.name, value.away.name)
            elif isinstance(value, models.Model):
                value = (type(value).__name__, str(value))
            elif isinstance(value, dict | list):
                value = _without_ids(value)
            data[field.name] = value
        rows.append(data)
    return sorted(rows, key=repr)


def _role(user: User) -> str:
    """A user by what they are in the league (each build has its own users)."""
    coached = Team.objects.filter(coach=user).values_list("name", flat=True).first()
    return f"coach of {coached}" if coached else "commissioner"


PLAYER_KEYS = {"player", "mvp", "dead", "badly_hurt", "spp"}
"""Keys of stored documents (reports, post-match logs) that name players by their row id."""


def _without_ids(document: Any, key: str = "") -> Any:
    """A stored document (a frozen sheet, a report, a post-match log) without the row ids it
    names its players (and the report it came from) by: a player named by his team and number
    instead."""
    if isinstance(document, dict):
        if key in PLAYER_KEYS:  # by player: {"12": 3, ...}
            return {repr(_without_ids(name, key)): value for name, value in document.items()}
        return {
            name: _without_ids(value, name)
            for name, value in document.items()
            if name not in ("id", "result_report")
        }
    if isinstance(document, list):
        return [_without_ids(value, key) for value in document]
    if key in PLAYER_KEYS and str(document).isdigit():
        return PLAYERS.get(int(document), document)
    if key == "team" and isinstance(document, int):
        return TEAM_NAMES.get(document, document)
    return document


PLAYERS: dict[int, tuple[str, int]] = {}
"""Player ids of the build being compared -> (team, number) (``_league_rows`` fills it)."""
TEAM_NAMES: dict[int, str] = {}
"""Team ids of the build being compared -> name."""


def _team_rows(league: League) -> dict[str, list[dict[str, Any]]]:
    """Every row of a team of ``league``, by model, for the models that hold a team (players,
    line-ups, match plans, standings, a game's team profile...)."""
    found = {}
    for model in _team_models():
        found[model._meta.label] = _rows(model, team__league=league)
    return found


def _team_models() -> list[type[models.Model]]:
    return [
        model
        for model in apps.get_models()
        if any(
            getattr(field, "related_model", None) is Team and field.name == "team"
            for field in model._meta.concrete_fields
        )
    ]


def _players_named(league: League) -> None:
    PLAYERS.clear()
    TEAM_NAMES.clear()
    TEAM_NAMES.update(Team.objects.filter(league=league).values_list("pk", "name"))
    for model in apps.get_models():
        if model.__name__ == "Player" and any(f.name == "number" for f in model._meta.fields):
            rows = model.objects.filter(team__league=league).values_list(
                "pk", "team__name", "number"
            )
            PLAYERS.update({pk: (team, number) for pk, team, number in rows})


def _ledger_rows(league: League) -> list[Any]:
    """The league's ledger transactions, each with its entries (account by kind and owner)."""
    from ledger.models import Transaction

    rows = []
    for row in Transaction.objects.filter(league=league).prefetch_related(
        "entries__account__team", "entries__account__user"
    ):
        fixture = row.fixture
        entries = sorted(
            (
                entry.account.kind,
                entry.account.team.name if entry.account.team else None,
                _role(entry.account.user) if entry.account.user else None,
                entry.amount,
            )
            for entry in row.entries.all()
        )
        rows.append(
            (
                row.reason,
                fixture and (fixture.round, fixture.home.name, fixture.away.name),
                entries,
            )
        )
    return sorted(rows, key=repr)


def _table_rows(season: Season) -> dict[str, Any]:
    """A table game's reports and post-match runs of ``season``."""
    from matches.models import PostMatchRun, ResultReport

    return {
        "reports": _rows(ResultReport, fixture__season=season),
        "post-match runs": _rows(PostMatchRun, fixture__season=season),
    }


def _league_rows(league: League, season: Season) -> dict[str, Any]:
    _players_named(league)
    teams = _rows(Team, league=league)
    for team in teams:
        team.pop("league")
        team["coach"] = team["coach"] is not None  # each build its own users
    return {
        "teams": teams,
        **_team_rows(league),
        "fixtures": _rows(Fixture, season=season),
        "results": _rows(Result, fixture__season=season),
        "ledger.Transaction": _ledger_rows(league),
        **(_table_rows(season) if league.rule_system in PLAYED_BY_HAND else {}),
        **{
            label: _rows(apps.get_model(label), **{path: league})
            for label, path in OTHER_ROWS.get(league.rule_system, [])
        },
    }


OTHER_ROWS = {"mythril": [("mythril.LevelUp", "player__team__league")]}
"""A game's rows that hold no team, by model and the path to their league."""


@pytest.mark.parametrize("game", sorted(BY_HAND))
def test_a_league_built_by_hand_and_by_the_generator_holds_the_same_rows(game):
    plan = LoadPlan(leagues=1, teams=TEAMS, seasons=1, seed=SEED, punters=0)
    people.users_prepare()
    generated = league_generate(
        plan=plan, number=1, game=registry.game(game), dice=Dice(SEED, record=False)
    )

    dice = Dice(SEED, record=False)
    commissioner = User.objects.create_user("by-hand-commissioner")
    league = league_create(
        commissioner=commissioner, name="By hand", rule_system=game, season_name="Season 1"
    )
    specs = [
        {
            "name": f"Team 1-{n}",
            "coach": User.objects.create_user(f"by-hand-coach-{n}"),
            "primary_colour": COLOURS[n % len(COLOURS)],
            "secondary_colour": COLOURS[(n + 3) % len(COLOURS)],
        }
        for n in range(1, TEAMS + 1)
    ]
    BY_HAND[game](league, dice, specs)
    season = league.seasons.get()
    start = timezone.now() - timedelta(weeks=plan.rounds + 2)
    fixtures_generate(season=season, double=True, first_kickoff=start)
    fixture_ids = season.fixtures.order_by("round", "pk").values_list("pk", flat=True)
    for fixture_id in fixture_ids:
        if game in PLAYED_BY_HAND:  # kicked off at its time, then played
            PLAYED_BY_HAND[game](fixture_kick_off(fixture_id=fixture_id), dice)
        elif game in TABLE_GAMES:
            fixture_kick_off(fixture_id=fixture_id)
        else:
            fixture_simulate(fixture_id=fixture_id, seed=dice.roll(MAX_SEED, "fixture seed") - 1)

    by_generator = _league_rows(generated, generated.seasons.get(name="Season 1"))
    by_hand = _league_rows(league, season)
    if game in TABLE_GAMES:
        for rows in (by_hand, by_generator):
            if game not in PLAYED_BY_HAND:
                for kind in ("results", "matches.Standing"):
                    rows.pop(kind)
            rows["fixtures"] = sorted(
                ({key: row[key] for key in (*FROZEN, "status")} for row in rows["fixtures"]),
                key=repr,
            )
        assert all(row["home_sheet"] for row in by_hand["fixtures"]), "kicked off"
    if game not in TABLE_GAMES or game in PLAYED_BY_HAND:
        assert by_hand["results"], "the season was played"
        assert by_hand["matches.Standing"], "the standings were kept"
    if game in PLAYED_BY_HAND:
        assert len(by_hand["reports"]) == len(by_hand["results"]), "each result confirmed"
        assert all(run["status"] == "done" for run in by_hand["post-match runs"])
        assert len(by_hand["post-match runs"]) == len(by_hand["results"]), "post-match ran"
    assert all(by_hand[label] for label in ROWS[game]), "the rosters were built"
    for kind in by_generator:
        assert by_hand[kind] == by_generator[kind], kind
    assert set(by_hand) == set(by_generator)
