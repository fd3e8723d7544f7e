"""Finishing a season: every fixture resolved, the champion from the table, archived and
read-only, the coaches told once."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from matches import seasons, services
from matches.models import Fixture
from matches.standings import standings_get
from tests.factories import FixtureFactory


def test_finish_crowns_the_top_of_the_table(played_season, commissioner, run_on_commit, events):
    table = standings_get(season=played_season)

    finished = run_on_commit(seasons.season_finish, season=played_season, by=commissioner)

    assert finished.finished_at is not None
    assert finished.champion == table[0].team
    [event] = [e for e in events if e.kind == "season.finished"]
    assert event.key == f"season.finished:{played_season.pk}"
    coaches = {row.team.coach_id for row in table}
    assert set(event.recipients) == coaches
    assert event.data["champion"] == table[0].team.pk


def test_finish_refuses_while_fixtures_are_left(season, team, other_team, third_team, commissioner):
    services.fixtures_generate(season=season, double=False)
    first = season.fixtures.order_by("round", "pk").first()

    with pytest.raises(seasons.SeasonConflict) as refused:
        seasons.season_finish(season=season, by=commissioner)

    assert refused.value.field == "fixtures"
    assert "3 fixtures" in refused.value.message
    assert first.home.name in refused.value.message
    season.refresh_from_db()
    assert season.finished_at is None and season.champion is None


def test_cancelled_fixtures_do_not_hold_a_season_open(
    season, team, other_team, third_team, commissioner, run_on_commit
):
    services.fixtures_generate(season=season, double=False)
    extra = FixtureFactory(season=season, home=team, away=other_team, round=9)
    services.fixture_cancel(fixture=extra)
    run_on_commit(services.simulation_request, season=season, user=None)

    assert seasons.season_finish(season=season, by=commissioner).finished_at is not None


def test_only_the_commissioner_finishes(played_season, coach):
    with pytest.raises(PermissionDenied):
        seasons.season_finish(season=played_season, by=coach)
    played_season.refresh_from_db()
    assert played_season.finished_at is None


def test_finishing_twice_is_refused(played_season, commissioner):
    seasons.season_finish(season=played_season, by=commissioner)
    with pytest.raises(seasons.SeasonConflict) as refused:
        seasons.season_finish(season=played_season, by=commissioner)
    assert refused.value.code == "season_finished"


def test_a_season_with_nothing_played_cannot_finish(season, team, other_team, commissioner):
    with pytest.raises(seasons.SeasonConflict) as refused:
        seasons.season_finish(season=season, by=commissioner)
    assert refused.value.code == "nothing_played"


def test_a_finished_season_is_read_only(played_season, commissioner, team, other_team):
    seasons.season_finish(season=played_season, by=commissioner)
    played_season.refresh_from_db()
    kickoff = played_season.fixtures.first().kickoff

    with pytest.raises(ValidationError) as schedule:
        services.fixture_schedule(season=played_season, home=team, away=other_team, kickoff=kickoff)
    with pytest.raises(ValidationError) as simulate:
        services.simulation_request(season=played_season, user=commissioner)

    for refused in (schedule, simulate):
        assert "finished" in refused.value.message_dict["season"][0]
    assert played_season.fixtures.count() == 3
    assert not played_season.fixtures.exclude(status=Fixture.Status.PLAYED).exists()
