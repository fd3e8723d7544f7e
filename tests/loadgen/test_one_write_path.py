"""One write path (issue 24, point 5): the load generator builds a league through the same
services as its users, in bulk. From one seed, a small league built once by hand, one user
action at a time (the single-item services), and once by ``league_generate`` holds the same
rows: teams, players, line-ups, match plans, frozen sheets, results and standings, ids and
timestamps aside."""

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import models
from django.utils import timezone

from core import registry
from league.models import League, Season, Team
from league.services import league_create, team_register
from loadgen import people, plugins
from loadgen.services import COLOURS, LoadPlan, league_generate
from matches.models import Fixture, PostMatchRun, Result, ResultReport
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
    "died_at",
}
"""Columns that differ between two equal builds: ids, clocks, the season (named by its
league)."""
IDS = {"id", "result_report"}
"""Keys of stored documents that name rows by id (a sheet's players, a record's report)."""


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
    from systems.mythril.demo import TEAMS, _players
    from systems.mythril.services.teams import mythril_team_register

    for spec in specs:
        _name, race, picks, pitch = TEAMS[dice.roll(len(TEAMS), "draft") - 1]
        mythril_team_register(
            league=league, team_list=race, players=_players(picks), home_pitch=pitch, **spec
        )


def _killpower_by_hand(league: League, dice: Dice, specs: list[dict[str, Any]]) -> None:
    from systems.killpower.demo import EQUIPMENT, NAMES, SPECIALIZATIONS
    from systems.killpower.services.teams import killpower_team_register

    gladiators = [
        {"name": f"{name} {number}", "specialization": spec, "equipment": kit}
        for number, (name, spec, kit) in enumerate(
            zip(NAMES, SPECIALIZATIONS, EQUIPMENT, strict=True), start=1
        )
    ]
    for spec in specs:
        killpower_team_register(
            league=league, gladiators=gladiators, seed=dice.roll(MAX_SEED, "team seed") - 1, **spec
        )


BY_HAND = {
    "killpower": _killpower_by_hand,
    "rotzball": _rotzball_by_hand,
    "tutatis": _tutatis_by_hand,
    "mythril": _mythril_by_hand,
}
"""Each game's roster built by a coach, one service call at a time."""

ROWS = {
    "rotzball": ["rotzball.Player", "rotzball.LineupSlot", "rotzball.MatchPlan"],
    "tutatis": ["tutatis.Player", "tutatis.TutatisTeam"],
    "mythril": ["mythril.Player", "mythril.TeamProfile"],
    "killpower": ["killpower.Gladiator"],
}
"""The rows each game's rosters must hold (the comparison of two empty tables proves
nothing)."""

ROSTERS_ONLY = {"mythril"}
"""Games whose generated seasons are not played through the services yet: their rosters as
registered and their ledger are compared (teams registered one at a time by hand, in bulk by
the generator)."""

PLAYED: dict[str, set[str]] = {}
"""Columns a generated season changes in a game of ``ROSTERS_ONLY``."""
TREASURIES = {"mythril"}
"""Games whose teams keep gold on the ledger."""
SEASON_ROWS: set[str] = set()
"""Rows a generated season writes in a game of ``ROSTERS_ONLY``."""

TABLE_GAMES = {"tutatis", "killpower"}
"""Games played at the table: by hand, each round's fixtures are kicked off (a Killpower
fixture by the commissioner, its RAP on a seed drawn on the dice), then each one's result
entered by the home coach (what the game's ``load_entry`` draws), confirmed by the away coach
and its post-match sequence run, one service call at a time."""


def _kick_off_by_hand(season: Season, fixture_id: int, dice: Dice) -> None:
    if season.league.rule_system != "killpower":
        fixture_kick_off(fixture_id=fixture_id)
        return
    from systems.killpower.kickoff import fixture_kick_off_now

    fixture_kick_off_now(
        fixture=Fixture.objects.get(pk=fixture_id),
        user=season.league.commissioner,
        seed=dice.roll(MAX_SEED, "kick-off seed") - 1,
    )


def _table_by_hand(season: Season, dice: Dice) -> None:
    from matches.table_results.post_match import post_match_run
    from matches.table_results.services import report_confirm, report_enter

    loader = plugins.load.of(season.league.rule_system)
    fixtures = season.fixtures.order_by("round", "pk").values_list("round", "pk")
    rounds: dict[int, list[int]] = {}
    for number, fixture_id in fixtures:
        rounds.setdefault(number, []).append(fixture_id)
    for ids in rounds.values():
        for fixture_id in ids:
            _kick_off_by_hand(season, fixture_id, dice)
        for fixture_id in ids:
            fixture = Fixture.objects.select_related("home__coach", "away__coach").get(
                pk=fixture_id
            )
            entry = loader.load_entry(fixture=fixture, dice=dice)
            report = report_enter(fixture=fixture, user=fixture.home.coach, result=entry)
            report_confirm(
                report=report,
                user=fixture.away.coach,
                seed=dice.roll(MAX_SEED, "result seed") - 1,
            )
            post_match_run(fixture_id=fixture_id, seed=dice.roll(MAX_SEED, "post-match seed") - 1)


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
            if isinstance(value, Team):
                value = ("team", value.name)
            elif isinstance(value, Fixture):
                value = ("fixture", value.round, value.home.name, value.away.name)
            elif isinstance(value, User):
                value = ("user", _role(value))
            elif isinstance(value, models.Model):
                value = (type(value).__name__, str(value))
            elif isinstance(value, dict | list):
                value = _without_ids(value)
            data[field.name] = value
        rows.append(data)
    return sorted(rows, key=repr)


def _role(user: User) -> str:
    """What a user is in its build: the coach of a team (by the team's name), or not."""
    team = Team.objects.filter(coach=user).first()
    return f"coach of {team.name}" if team else "commissioner"


def _without_ids(document: Any) -> Any:
    """A stored document (a frozen sheet, a result's record) without the row ids it names
    players and reports by."""
    if isinstance(document, dict):
        return {key: _without_ids(value) for key, value in document.items() if key not in IDS}
    if isinstance(document, list):
        return [_without_ids(value) for value in document]
    return document


def _team_rows(league: League) -> dict[str, list[dict[str, Any]]]:
    """Every row of a team of ``league``, by model, for the models that hold a team (players,
    line-ups, match plans, standings, a game's team profile...)."""
    found = {}
    for model in _team_models():
        found[model._meta.label] = _rows(model, team__league=league)
    return found


def _team_models() -> list[type[models.Model]]:
    from django.apps import apps

    return [
        model
        for model in apps.get_models()
        if any(
            getattr(field, "related_model", None) is Team and field.name == "team"
            for field in model._meta.concrete_fields
        )
    ]


def _league_rows(league: League, season: Season) -> dict[str, Any]:
    teams = _rows(Team, league=league)
    for team in teams:
        team.pop("league")
        team["coach"] = team["coach"] is not None  # each build its own users
    return {
        "teams": teams,
        **_team_rows(league),
        "fixtures": _rows(Fixture, season=season),
        "results": _rows(Result, fixture__season=season),
        "reports": _rows(ResultReport, fixture__season=season),
        "post-match runs": _rows(PostMatchRun, fixture__season=season),
    }


def _without(row: dict[str, Any], columns: set[str]) -> dict[str, Any]:
    return {key: value for key, value in row.items() if key not in columns}


def _created(league: League) -> list[Any]:
    """Each Killpower gladiator's ``created`` event (seed, equipment, rolls), by team and
    number."""
    from systems.killpower.models import GladiatorEvent

    events = GladiatorEvent.objects.filter(
        gladiator__team__league=league, kind=GladiatorEvent.Kind.CREATED
    ).select_related("gladiator__team")
    return sorted(
        (event.gladiator.team.name, event.gladiator.number, event.detail) for event in events
    )


def _ledger_rows(league: League) -> list[Any]:
    """Each account of ``league`` (its kind, team and balance) with its entries (amount,
    reason), in the order they were posted."""
    from ledger.models import Account, Entry

    accounts = []
    for account in Account.objects.filter(league=league).select_related("team").order_by("pk"):
        entries = Entry.objects.filter(account=account).order_by("pk")
        accounts.append(
            (
                account.kind,
                account.team.name if account.team else None,
                account.balance,
                [(entry.amount, entry.transaction.reason) for entry in entries],
            )
        )
    return sorted(accounts, key=repr)


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
    by_generator = _league_rows(generated, generated.seasons.get(name="Season 1"))
    if game in ROSTERS_ONLY:
        by_hand = _league_rows(league, season)
        assert all(by_hand[label] for label in ROWS[game]), "the rosters were built"
        kinds = [label for label in by_hand if label.startswith(game)]
        for kind in ("teams", *(label for label in kinds if label not in SEASON_ROWS)):
            played = PLAYED.get(kind, set())
            assert [_without(row, played) for row in by_hand[kind]] == [
                _without(row, played) for row in by_generator[kind]
            ], kind
        if game in TREASURIES:
            treasuries = _ledger_rows(league)
            assert len([row for row in treasuries if row[0] == "treasury"]) == TEAMS
            assert treasuries == [row for row in _ledger_rows(generated) if row[0] != "wallet"]
        return
    if game in TABLE_GAMES:
        _table_by_hand(season, dice)
    else:
        fixture_ids = season.fixtures.order_by("round", "pk").values_list("pk", flat=True)
        for fixture_id in fixture_ids:
            fixture_simulate(fixture_id=fixture_id, seed=dice.roll(MAX_SEED, "fixture seed") - 1)

    by_generator = _league_rows(generated, generated.seasons.get(name="Season 1"))
    by_hand = _league_rows(league, season)
    assert by_hand["results"], "the season was played"
    assert len(by_hand["results"]) == len(by_hand["fixtures"]), "every fixture played"
    if game in TABLE_GAMES:
        assert len(by_hand["post-match runs"]) == len(by_hand["results"]), "sequences ran"
    assert all(by_hand[label] for label in ROWS[game]), "the rosters were built"
    for kind in by_generator:
        assert by_hand[kind] == by_generator[kind], kind
    assert set(by_hand) == set(by_generator)
    if game == "killpower":
        assert _created(league) == _created(generated)
