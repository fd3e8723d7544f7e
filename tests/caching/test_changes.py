"""Every kind of change to a league bumps its version, so no cached page outlives its data: for
each, the page or API read is read anonymously (and served from the cache a second time), the
change is made through the real service and committed, and the next anonymous read shows it.
These tests commit (``transaction=True``): a version moves on only once a change commits."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from core import league_versions
from league import services as league_services
from matches import corrections, deadlines, seasons
from matches import services as match_services
from matches.models import Fixture, Result
from systems.rotzball import services as rotzball_services
from tests.caching.conftest import text

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def upcoming(season, team, other_team) -> Fixture:
    return Fixture.objects.create(
        season=season,
        round=2,
        home=other_team,
        away=team,
        kickoff=timezone.now() + timedelta(days=8),
    )


def read_twice(client: Client, path: str):
    """Read ``path`` twice (the second from the cache) and return the second answer."""
    first = client.get(path)
    second = client.get(path)
    assert first.status_code == second.status_code == 200
    assert second.content == first.content
    return second


def seen(response) -> str:
    if response["Content-Type"].startswith("application/json"):
        return response.content.decode()
    return text(response)


def changed(league, path: str, change, *, before: str, after: str) -> None:
    """``before`` is on the page at ``path``; ``change()`` commits; ``after`` is on it then."""
    client = Client()
    old = read_twice(client, path)
    version = league_versions.version_get(league.pk)
    assert before in seen(old) and after not in seen(old)

    change()

    new = client.get(path)
    assert new.status_code == 200
    assert after in seen(new), f"stale: {after!r} missing from {path}"
    assert league_versions.version_get(league.pk) != version
    assert new["ETag"] != old["ETag"]
    assert client.get(path, headers={"if-none-match": old["ETag"]}).status_code == 200


def test_a_result(league, pages, upcoming):
    changed(
        league,
        f"/api/v1/fixtures/{upcoming.pk}/",
        lambda: match_services.fixture_simulate(fixture_id=upcoming.pk, seed=3),
        before='"status":"scheduled"',
        after='"status":"played"',
    )


def test_a_result_in_the_standings(league, pages, upcoming):
    changed(
        league,
        pages["api-standings"],
        lambda: match_services.fixture_simulate(fixture_id=upcoming.pk, seed=3),
        before='"played":1',
        after='"played":2',
    )


def test_a_result_in_the_season_s_fixtures_list(league, pages, upcoming):
    changed(
        league,
        f"/api/v1/fixtures/?season={upcoming.season_id}&round=2",
        lambda: match_services.fixture_simulate(fixture_id=upcoming.pk, seed=3),
        before='"status":"scheduled"',
        after='"status":"played"',
    )


def a_correction(result: Result, by, *, home_score: int):
    """A change that corrects ``result`` to a home win of ``home_score`` (the commissioner's)."""
    return lambda: corrections.result_correct(
        result=result,
        home_score=home_score,
        away_score=result.away_score,
        winner="home",
        reason="The referee's sheet was misread.",
        by=by,
    )


def test_a_correction(league, pages, played, commissioner):
    result = Result.objects.get(fixture=played)
    score = result.home_score + 7
    changed(
        league,
        pages["api-fixture"],
        a_correction(result, commissioner, home_score=score),
        before='"status":"played"',
        after=f'"home_score":{score}',
    )


def test_a_correction_in_the_league_s_results_list(league, pages, played, commissioner):
    result = Result.objects.get(fixture=played)
    score = result.home_score + 9
    changed(
        league,
        pages["api-results"],
        a_correction(result, commissioner, home_score=score),
        before=f'"home_score":{result.home_score}',
        after=f'"home_score":{score}',
    )


def test_a_void(league, pages, played, commissioner):
    changed(
        league,
        pages["fixture"],
        lambda: corrections.result_void(
            result=Result.objects.get(fixture=played),
            reason="Played with the wrong rules.",
            by=commissioner,
        ),
        before="Wolves",
        after="void",
    )


def test_a_roster_edit(league, pages, team):
    player = team.players.order_by("pk").first()
    changed(
        league,
        pages["team"],
        lambda: rotzball_services.player_update(player=player, name="Zedekiah Quill"),
        before=player.name,
        after="Zedekiah Quill",
    )


def test_a_league_setting(league, pages):
    changed(
        league,
        pages["league"],
        lambda: league_services.league_update(league=league, description="Now with dragons."),
        before=league.name,
        after="Now with dragons.",
    )


def test_a_league_setting_on_the_team_page(league, pages):
    changed(
        league,
        pages["api-league"],
        lambda: league_services.league_update(league=league, name="Altdorf Shield"),
        before=league.name,
        after="Altdorf Shield",
    )


def test_a_season_finished(league, pages, season, commissioner):
    changed(
        league,
        pages["league"],
        lambda: seasons.season_finish(season=season, by=commissioner),
        before=season.name,
        after="its results can no longer change",
    )


def test_a_fixture_rescheduled(league, upcoming):
    later = upcoming.kickoff + timedelta(days=3)
    changed(
        league,
        f"/api/v1/fixtures/{upcoming.pk}/",
        lambda: match_services.fixture_reschedule(fixture=upcoming, kickoff=later),
        before='"status":"scheduled"',
        after=timezone.localtime(later).strftime("%Y-%m-%dT%H:%M"),
    )


def test_a_fixture_cancelled(league, upcoming):
    changed(
        league,
        f"/api/v1/fixtures/{upcoming.pk}/",
        lambda: match_services.fixture_cancel(fixture=upcoming),
        before='"status":"scheduled"',
        after='"status":"cancelled"',
    )


def test_a_team_registered(league, pages):
    changed(
        league,
        pages["api-teams"],
        lambda: league_services.team_register(league=league, name="Ostland Owls"),
        before="Wolves",
        after="Ostland Owls",
    )


def test_a_season_added(league, pages):
    changed(
        league,
        pages["api-seasons"],
        lambda: league_services.season_create(league=league, name="Season two"),
        before='"name":"2526"',
        after='"name":"Season two"',
    )


def test_a_change_to_another_league_leaves_this_one_cached(league, pages, commissioner):
    from tests.factories import LeagueFactory

    other = LeagueFactory(name="Nuln Shield", commissioner=commissioner)
    version = league_versions.version_get(league.pk)

    league_services.league_update(league=other, description="Elsewhere.")

    assert league_versions.version_get(league.pk) == version


def test_a_rolled_back_change_bumps_nothing(league, pages):
    from django.db import transaction

    version = league_versions.version_get(league.pk)
    with pytest.raises(RuntimeError), transaction.atomic():
        league_services.league_update(league=league, description="Never happened.")
        raise RuntimeError

    assert league_versions.version_get(league.pk) == version
    assert "Never happened." not in text(Client().get(pages["league"]))


def test_a_team_retired(league, pages, team, commissioner):
    changed(
        league,
        pages["api-team"],
        lambda: seasons.team_retire(team=team, by=commissioner),
        before='"retired_at":null',
        after='"retired_at":"',
    )


def test_a_round_deadline_set(kp_league, kp_season, kp_fixture, commissioner):
    """A deadline (of a game played at the table) moves its league's version on."""
    read_twice(Client(), f"/matches/{kp_fixture.pk}/")
    version = league_versions.version_get(kp_league.pk)

    deadlines.round_deadlines_set(
        season=kp_season,
        deadlines={kp_fixture.round: kp_fixture.kickoff + timedelta(days=1)},
        by=commissioner,
    )

    assert league_versions.version_get(kp_league.pk) != version


def test_a_correction_in_the_statistics(league, played, commissioner):
    """The statistics and records, read from every result, are cached too: a corrected score
    is the league's new highest score on the next anonymous read of the page and the API."""
    result = Result.objects.get(fixture=played)
    high = result.home_score + 7
    api = f"/api/v1/leagues/{league.pk}/statistics/records/"
    changed(
        league,
        api,
        a_correction(result, commissioner, home_score=high),
        before='"key":"highest_score"',
        after=f'"home_score":{high}',
    )


def test_the_statistics_page_is_kept_and_validated(league, played):
    client = Client()
    path = f"/leagues/{league.pk}/statistics/"
    response = read_twice(client, path)
    assert response["ETag"]
    assert "public" in response["Cache-Control"]
    assert client.get(path, headers={"if-none-match": response["ETag"]}).status_code == 304
