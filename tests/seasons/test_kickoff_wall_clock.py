"""Kick-offs keep their local hour (the site's time zone) across a change of daylight saving
time: within a season, and from a summer season to the next one in winter."""

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from matches import seasons, services
from tests.seasons.conftest import simulate_all

pytestmark = pytest.mark.django_db

PARIS = ZoneInfo("Europe/Paris")


@pytest.fixture(autouse=True)
def paris(settings):
    settings.TIME_ZONE = "Europe/Paris"


def _local_kickoffs(season) -> list[datetime]:
    kickoffs = season.fixtures.order_by("round", "pk").values_list("kickoff", flat=True)
    return [kickoff.astimezone(PARIS) for kickoff in kickoffs]


def test_rounds_after_the_clocks_go_back_kick_off_at_the_same_local_hour(
    season, team, other_team, third_team
):
    # Round 1 on 18 October 2026 at 20:00 (summer time); the clocks go back on the 25th
    first = datetime(2026, 10, 18, 20, 0, tzinfo=PARIS)

    services.fixtures_generate(season=season, double=False, first_kickoff=first)

    kickoffs = _local_kickoffs(season)
    assert sorted({k.date() for k in kickoffs}) == [
        date(2026, 10, 18),
        date(2026, 10, 25),
        date(2026, 11, 1),
    ]
    assert {(k.hour, k.minute) for k in kickoffs} == {(20, 0)}


def test_the_next_season_in_winter_keeps_the_summer_seasons_local_hour(
    season, league, commissioner, team, other_team, third_team, run_on_commit, monkeypatch
):
    # Given a season played in summer at 20:00 local time (18:00 UTC), then finished
    summer = datetime(2026, 7, 1, 20, 0, tzinfo=PARIS)
    services.fixtures_generate(season=season, double=False, first_kickoff=summer)
    simulate_all(season, run_on_commit)
    seasons.season_finish(season=season, by=commissioner)

    # When the next season starts on 20 November (winter time)
    monkeypatch.setattr(timezone, "now", lambda: datetime(2026, 11, 20, 12, 0, tzinfo=UTC))
    winter = seasons.season_start_next(league=league, name="2627", by=commissioner)

    # Then its rounds kick off from the next day at 20:00 local time, not 21:00
    kickoffs = _local_kickoffs(winter)
    assert kickoffs[0].date() == date(2026, 11, 21)
    assert {(k.hour, k.minute) for k in kickoffs} == {(20, 0)}


def test_a_commissioner_in_another_zone_gets_the_sites_hours_every_round(
    season, league, commissioner, team, other_team, third_team, run_on_commit, monkeypatch
):
    """The rounds of a season are spaced on the site's clock even when the request reads in the
    commissioner's zone (New York changes its clocks on 8 March 2026, Paris on the 29th)."""
    march = datetime(2026, 3, 3, 20, 0, tzinfo=PARIS)
    services.fixtures_generate(season=season, double=True, first_kickoff=march)
    simulate_all(season, run_on_commit)
    seasons.season_finish(season=season, by=commissioner)
    monkeypatch.setattr(timezone, "now", lambda: datetime(2026, 11, 20, 12, 0, tzinfo=UTC))

    with timezone.override(ZoneInfo("America/New_York")):
        following = seasons.season_start_next(league=league, name="2627", by=commissioner)

    kickoffs = _local_kickoffs(following)
    assert kickoffs[0].date() == date(2026, 11, 21)
    assert {(k.hour, k.minute) for k in kickoffs} == {(20, 0)}
    assert {k.weekday() for k in kickoffs} == {kickoffs[0].weekday()}
