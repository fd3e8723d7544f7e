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
    *("id", "created_at", "updated_at", "locked_at", "kickoff", "finished_at", "season"),
    *("reviewed_at", "done_at", "died_at"),
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


def _killpower_by_hand(league: League, dice: Dice, specs: list[dict[str, Any]]) -> None:
    from systems.killpower import load
    from systems.killpower.services.teams import killpower_team_register

    for spec in specs:
        killpower_team_register(league=league, **spec, **load.team_choice(dice))


def _killpower_played_by_hand(fixture_id: int, dice: Dice) -> None:
    """One match as its league plays it, one user action at a time: the commissioner kicks it
    off, the home coach enters the result, the away coach confirms it, the worker runs the
    post-match sequence."""
    from matches.table_results.services import report_confirm, report_enter
    from systems.killpower import load
    from systems.killpower.kickoff import fixture_kick_off_now
    from systems.killpower.services.post_match import post_match_run

    fixture = Fixture.objects.get(pk=fixture_id)
    commissioner = fixture.season.league.commissioner
    seed = dice.roll(MAX_SEED, "kick-off seed") - 1
    fixture = fixture_kick_off_now(fixture=fixture, user=commissioner, seed=seed)
    report = report_enter(
        fixture=fixture, user=fixture.home.coach, result=load.report_choice(fixture, dice)
    )
    seed = dice.roll(MAX_SEED, "result seed") - 1
    report_confirm(report=report, user=fixture.away.coach, seed=seed)
    post_match_run(fixture_id=fixture_id, seed=dice.roll(MAX_SEED, "post-match seed") - 1)


BY_HAND = {
    "rotzball": _rotzball_by_hand,
    "tutatis": _tutatis_by_hand,
    "killpower": _killpower_by_hand,
}
"""Each game's roster built by a coach, one service call at a time."""

ROWS = {
    "rotzball": ["rotzball.Player", "rotzball.LineupSlot", "rotzball.MatchPlan"],
    "tutatis": ["tutatis.Player", "tutatis.TutatisTeam"],
    "killpower": [
        "killpower.Gladiator",
        "killpower.KillpowerTeam",
        "gladiator events",
        "reports",
        "post-match runs",
        "results",
        "matches.Standing",
    ],
}
"""The rows each game's rosters must hold (the comparison of two empty tables proves
nothing)."""

TABLE_GAMES = {"tutatis"}
"""Games played at the table whose results still come from the game's ``load_results``: their
fixtures are kicked off by hand and compared frozen (sheets, options)."""

PLAYED_BY_HAND = {"killpower": _killpower_played_by_hand}
"""Games played at the table through the result-report workflow, by hand as generated."""

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
            if isinstance(value, User):  # each build its own users: named by their team
                coached = Team.objects.filter(coach=value).first()
                value = ("coach", coached.name) if coached else ("user", None)
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


def _without_ids(document: Any) -> Any:
    """A stored document (a frozen sheet) without the row ids it names its players by."""
    if isinstance(document, dict):
        return {
            key: _without_ids(value)
            for key, value in document.items()
            if key not in ("id", "result_report")
        }
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
    from matches.models import PostMatchRun, ResultReport
    from systems.killpower.models import GladiatorEvent

    return {
        "teams": teams,
        **_team_rows(league),
        "fixtures": _rows(Fixture, season=season),
        "results": _rows(Result, fixture__season=season),
        "reports": _rows(ResultReport, fixture__season=season),
        "post-match runs": _rows(PostMatchRun, fixture__season=season),
        "gladiator events": _rows(GladiatorEvent, gladiator__team__league=league),
    }


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
        if game in PLAYED_BY_HAND:
            PLAYED_BY_HAND[game](fixture_id, dice)
        elif game in TABLE_GAMES:
            fixture_kick_off(fixture_id=fixture_id)
        else:
            fixture_simulate(fixture_id=fixture_id, seed=dice.roll(MAX_SEED, "fixture seed") - 1)

    by_generator = _league_rows(generated, generated.seasons.get(name="Season 1"))
    by_hand = _league_rows(league, season)
    if game in TABLE_GAMES:
        for rows in (by_hand, by_generator):
            for kind in ("results", "matches.Standing", "reports", "post-match runs"):
                rows.pop(kind)
            rows["fixtures"] = sorted(
                ({key: row[key] for key in FROZEN} for row in rows["fixtures"]), key=repr
            )
        assert all(row["home_sheet"] for row in by_hand["fixtures"]), "kicked off"
    else:
        assert by_hand["results"], "the season was played"
    assert all(by_hand[label] for label in ROWS[game]), "the rows were written"
    for kind in by_generator:
        assert by_hand[kind] == by_generator[kind], kind
    assert set(by_hand) == set(by_generator)
