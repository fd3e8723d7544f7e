"""``manage.py generate_load``: a small run covering every game (4 leagues of 4 teams, one
season played), then what it built checked against the rules the services keep."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db.models import Q

import rules_engine
from betting.models import Bet, Settlement
from core import documents, registry
from core.sweeping import sweep_all
from league.models import League, Season, Team
from ledger.audit import ledger_audit
from ledger.models import Account
from loadgen.models import LoadRun
from matches import plugins as match_plugins
from matches.models import Fixture, Result
from matches.standings import standings_get
from matches.standings_keeping import standings_drift

pytestmark = pytest.mark.django_db

GAMES = ("rotzball", "killpower", "tutatis", "mythril")
TEAMS = 4
PUNTERS = 3


def generate(*extra: str, seed: int = 7) -> str:
    """One process, on any database: the test's transaction is not visible to others (two
    processes on PostgreSQL: tests/integration/test_generate_load_postgres.py)."""
    out = StringIO()
    call_command(
        "generate_load",
        "--leagues", "4", "--teams", str(TEAMS), "--seasons", "1",
        "--punters", str(PUNTERS), "--seed", str(seed), "--jobs", "1", *extra,
        stdout=out,
    )  # fmt: skip
    return out.getvalue()


@pytest.fixture
def generated() -> str:
    return generate()


def played(league: League) -> list[Fixture]:
    season = league.seasons.get(name="Season 1")
    return list(season.fixtures.select_related("result", "home", "away").order_by("pk"))


def test_every_game_gets_a_league_with_its_teams_seasons_and_fixtures(generated):
    assert sorted(League.objects.values_list("rule_system", flat=True)) == sorted(GAMES)
    assert Team.objects.count() == 4 * TEAMS
    rounds = 2 * (TEAMS - 1)
    per_season = rounds * TEAMS // 2
    for league in League.objects.all():
        seasons = {s.name: s for s in Season.objects.filter(league=league)}
        assert set(seasons) == {"Season 1", "Season 2"}
        assert seasons["Season 1"].finished_at is not None
        assert seasons["Season 1"].champion is not None
        assert seasons["Season 2"].finished_at is None
        history = seasons["Season 1"].fixtures
        assert history.count() == per_season
        assert history.filter(status=Fixture.Status.PLAYED).count() == per_season
        upcoming = seasons["Season 2"].fixtures
        assert upcoming.count() == per_season
        assert upcoming.filter(status=Fixture.Status.SCHEDULED).count() == per_season
    assert Result.objects.count() == 4 * per_season
    assert LoadRun.objects.get().finished_at is not None
    assert "ledger_audit  ok" in generated


def test_every_played_fixture_has_a_result_with_its_seed_and_frozen_sheets(generated):
    for league in League.objects.all():
        for fixture in played(league):
            assert fixture.result.seed is not None
            assert fixture.home_sheet and fixture.away_sheet and fixture.options is not None
            assert fixture.result.record
            if league.rule_system != "rotzball":  # entered at the table: its report confirmed
                assert fixture.result.record["result_report"]


def test_a_simulated_result_replays_from_its_seed():
    generate()
    fixture = played(League.objects.get(rule_system="rotzball"))[-1]
    kinds = registry.game("rotzball").documents
    replay = rules_engine.get_system("rotzball").resolve_match(
        documents.read(kinds["sheet"], fixture.home_sheet),
        documents.read(kinds["sheet"], fixture.away_sheet),
        dice=rules_engine.Dice(fixture.result.seed),
        options=documents.read(kinds["options"], fixture.options),
    )
    stored = fixture.result
    assert (replay.home_score, replay.away_score) == (stored.home_score, stored.away_score)
    assert documents.stamp(kinds["record"], replay.record) == stored.record


def test_an_entered_killpower_result_replays_from_its_seed():
    generate()
    fixture = played(League.objects.get(rule_system="killpower"))[0]
    record = fixture.result.record
    replay = rules_engine.get_system("killpower").record_result(
        fixture.home_sheet,
        fixture.away_sheet,
        {**record["report"], "home": _engine_side(record, "home"),
         "away": _engine_side(record, "away")},
        dice=rules_engine.Dice(fixture.result.seed),
        options=fixture.options["settings"],
    )  # fmt: skip
    assert (replay.home_score, replay.away_score) == (
        fixture.result.home_score,
        fixture.result.away_score,
    )
    assert replay.record["report"] == record["report"]


def _engine_side(record, side):
    return {key: value for key, value in record["report"][side].items()}


def roster_problems(league: League) -> dict[int, object]:
    """Each team's refusal by its game's own roster check (none when it can play)."""
    teams = list(league.teams.select_related("league"))
    if match_plugins.readiness.implements(league.rule_system):
        return match_plugins.readiness.of(league.rule_system).teams_not_ready(teams=teams)
    from systems.mythril.services.teams import draft_check  # Mythril checks a draft by the engine

    problems = {}
    for team in teams:
        # the roster as registered: its players (the generator hires and fires none) and its
        # popularity as frozen at its first kick-off (post-match rolls move it since)
        profile = team.mythril
        first = Fixture.objects.filter(Q(home=team) | Q(away=team)).order_by("kickoff").first()
        sheet = first.home_sheet if first.home_id == team.pk else first.away_sheet
        verdict = draft_check(
            league=league,
            team_list=profile.team_list.race,
            players=[{"position": p.position.name} for p in team.mythril_players.all()],
            popularity=sheet["popularity"],
            home_pitch=profile.home_pitch.name if profile.home_pitch else "lawn",
        )
        if not verdict["ok"]:
            problems[team.pk] = verdict["errors"]
    return problems


def test_rosters_pass_each_games_check_and_nothing_waits_for_a_worker():
    generate()
    for league in League.objects.all():
        assert roster_problems(league) == {}, league.rule_system
        if match_plugins.table_results.implements(league.rule_system):
            game = match_plugins.table_results.of(league.rule_system)
            assert game.post_match_pending(season=league.seasons.get(name="Season 1")) == []
    summary = sweep_all()
    assert summary.get("failed_sweeps", 0) == 0
    assert not any(count for name, count in summary.items()), summary


def test_bets_are_placed_and_settled_through_a_balanced_ledger():
    generate()
    assert ledger_audit()["ok"], ledger_audit()["problems"]
    assert Account.objects.filter(kind=Account.Kind.WALLET).count() == 4 * PUNTERS
    history = Bet.objects.filter(fixture__season__name="Season 1")
    assert history.exists()
    assert not history.filter(status=Bet.Status.OPEN).exists()
    assert Bet.objects.filter(fixture__season__name="Season 2", status=Bet.Status.OPEN).exists()
    assert Settlement.objects.count() == Result.objects.count()  # every played fixture once


def test_the_same_seed_builds_the_same_leagues_and_a_second_run_needs_force():
    generate()
    with pytest.raises(CommandError, match="--force"):
        generate()
    generate("--force")
    leagues = list(League.objects.order_by("pk"))
    assert len(leagues) == 8
    for first, again in zip(leagues[:4], leagues[4:], strict=True):
        assert first.rule_system == again.rule_system
        assert [
            (f.round, f.result.home_score, f.result.away_score, f.result.seed)
            for f in played(first)
        ] == [
            (f.round, f.result.home_score, f.result.away_score, f.result.seed)
            for f in played(again)
        ]
    assert ledger_audit()["ok"]


def test_played_fixture_pages_of_every_game_render(client):
    generate()
    for league in League.objects.all():
        fixture = played(league)[0]
        assert client.get(f"/matches/{fixture.pk}/").status_code == 200
        assert client.get(league.get_absolute_url()).status_code == 200
        assert client.get(f"/leagues/teams/{fixture.home_id}/").status_code == 200


@pytest.mark.parametrize(
    ("flags", "named"),
    [
        (["--leagues", "0"], "--leagues"),
        (["--leagues", "-3"], "--leagues"),
        (["--teams", "5"], "--teams"),
        (["--teams", "2"], "--teams"),
        (["--seasons", "0"], "--seasons"),
        (["--punters", "-1"], "--punters"),
        (["--jobs", "0"], "--jobs"),
    ],
)
def test_bad_arguments_are_refused_naming_the_flag_and_build_nothing(flags, named):
    args = {"--leagues": "2", "--teams": "4", "--seasons": "1"}
    args.update(dict(zip(flags[::2], flags[1::2], strict=True)))
    with pytest.raises(CommandError, match=named):
        call_command("generate_load", *[item for pair in args.items() for item in pair])
    assert not League.objects.exists()
    assert not LoadRun.objects.exists()


def test_the_kept_standings_count_every_generated_result_and_crown_the_table_leader(generated):
    for league in League.objects.all():
        season = league.seasons.get(name="Season 1")
        assert standings_drift(season_id=season.pk) == []
        rows = standings_get(season=season)
        assert sum(row.played for row in rows) == 2 * season.fixtures.count()
        if league.rule_system == "rotzball":  # the generic table crowns its leader
            assert season.champion == rows[0].team
