"""The stored forecast: made by a worker after every result, correction and void, once per
change with the latest winning, and kept per round for the chart."""

import pytest

from forecasts import services
from forecasts.models import ForecastRound, SeasonForecast
from league.services import league_update
from matches.corrections import result_void
from tests.ratings.conftest import play

pytestmark = pytest.mark.django_db


def test_each_result_stores_a_forecast_and_the_round_keeps_its_title_chances(
    kp_season, fixtures, played
):
    for fixture in [f for f in fixtures if f.round == 1]:
        played(fixture, 3, 0)

    stored = SeasonForecast.objects.get(season=kp_season)
    assert stored.generation == stored.requested == 2  # two results, two changes
    assert stored.fixtures_left == len(fixtures) - 2
    assert stored.simulations == 2000
    assert sum(team["title"] for team in stored.teams) == pytest.approx(1)
    assert sum(team["top"] for team in stored.teams) == pytest.approx(4)  # 4 places, 4 teams
    rounds = ForecastRound.objects.filter(season=kp_season)
    assert [r.round for r in rounds] == [1]
    assert rounds[0].titles == {str(team["team"]): team["title"] for team in stored.teams}

    for fixture in [f for f in fixtures if f.round == 2]:
        played(fixture, 0, 2)
    assert [r.round for r in ForecastRound.objects.filter(season=kp_season)] == [1, 2]


def test_two_changes_faster_than_the_worker_store_one_forecast_of_the_latest(
    kp_season, fixtures, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        play(fixtures[0], 2, 1)
        play(fixtures[1], 1, 2)
    assert SeasonForecast.objects.get(season=kp_season).requested == 2

    # the first change's task finds a newer change heard: it leaves it to its own task
    assert services.forecast_refresh(season_id=kp_season.pk, generation=1)["stored"] is False
    assert SeasonForecast.objects.get(season=kp_season).computed_at is None
    # the latest's stores it, reflecting both results; run twice, it stores nothing more
    assert services.forecast_refresh(season_id=kp_season.pk, generation=2)["stored"] is True
    assert services.forecast_refresh(season_id=kp_season.pk, generation=2)["stored"] is False
    stored = SeasonForecast.objects.get(season=kp_season)
    assert stored.generation == 2 and stored.fixtures_left == len(fixtures) - 2
    assert len(callbacks) >= 2


def test_a_change_heard_while_computing_wins_over_the_forecast_being_stored(kp_season, fixtures):
    first = services.forecast_request(season_id=kp_season.pk)
    services.forecast_request(season_id=kp_season.pk)  # heard meanwhile

    assert services.forecast_store(season=kp_season, generation=first) is False
    assert SeasonForecast.objects.get(season=kp_season).generation == 0


def test_a_void_and_a_correction_forecast_the_season_again(
    kp_season, fixtures, played, commissioner, run_on_commit
):
    result = played(fixtures[0], 3, 0)
    assert SeasonForecast.objects.get(season=kp_season).fixtures_left == len(fixtures) - 1

    run_on_commit(result_void, result=result, reason="wrong sheet", by=commissioner)

    stored = SeasonForecast.objects.get(season=kp_season)
    assert stored.generation == stored.requested == 2
    assert stored.fixtures_left == len(fixtures)


def test_changing_the_leagues_places_forecasts_its_open_season_again(
    kp_league, kp_season, fixtures, played, run_on_commit
):
    played(fixtures[0], 3, 0)
    assert SeasonForecast.objects.get(season=kp_season).top_places == 4

    run_on_commit(league_update, league=kp_league, forecast_top_places=2, forecast_bottom_places=2)

    stored = SeasonForecast.objects.get(season=kp_season)
    assert (stored.top_places, stored.bottom_places) == (2, 2)
    assert sum(team["top"] for team in stored.teams) == pytest.approx(2)
    assert sum(team["bottom"] for team in stored.teams) == pytest.approx(2)


def test_the_sweep_sends_again_a_change_whose_task_was_lost(
    kp_season, fixtures, django_capture_on_commit_callbacks, run_on_commit
):
    with django_capture_on_commit_callbacks(execute=False):
        play(fixtures[0], 2, 1)  # its task lost: never run
    assert SeasonForecast.objects.get(season=kp_season).computed_at is None

    assert run_on_commit(services.forecasts_sweep) == {"forecasts_resent": 1}

    stored = SeasonForecast.objects.get(season=kp_season)
    assert stored.generation == stored.requested == 1
    assert stored.fixtures_left == len(fixtures) - 1
    assert services.forecasts_sweep() == {"forecasts_resent": 0}
