"""Fixtures: generation, simulation (202 + batch), cancel and reschedule by the commissioner."""

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from matches.models import Fixture, Result, SimulationBatch
from matches.services import SIMULATE_CHUNK_TASK
from tests.api.conftest import ANONYMOUS, assert_error, refused_status
from tests.factories import FixtureFactory, TeamFactory, full_lineup

NOT_COMMISSIONER = ["coach", "other_coach", "stranger", "other_commissioner", ANONYMOUS]


@pytest.fixture
def match(season, team, other_team):
    """A scheduled fixture, Wolves at home to Ravens, tomorrow."""
    return FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() + timedelta(days=1)
    )


def snapshot(fixture: Fixture) -> tuple:
    fixture.refresh_from_db()
    return (
        fixture.status,
        fixture.kickoff,
        fixture.home_sheet,
        Result.objects.filter(fixture=fixture).count(),
    )


# --- reading ------------------------------------------------------------------------------


@pytest.mark.django_db
def test_fixtures_filter_by_season_round_status_and_team(api_as, season, team, other_team, league):
    # given three teams and a played and a scheduled fixture
    third = TeamFactory(league=league, name="Boars")
    FixtureFactory(season=season, round=1, home=team, away=other_team, status=Fixture.Status.PLAYED)
    FixtureFactory(season=season, round=2, home=other_team, away=third)
    client = api_as(None)

    def names(**query):
        body = client.get("/api/v1/fixtures/", {"season": season.pk, **query}).json()
        return [(f["round"], f["home"]["name"], f["away"]["name"]) for f in body["results"]]

    # then each filter narrows the list
    assert names() == [(1, "Wolves", "Ravens"), (2, "Ravens", "Boars")]
    assert names(round=2) == [(2, "Ravens", "Boars")]
    assert names(status="played") == [(1, "Wolves", "Ravens")]
    assert names(team=third.pk) == [(2, "Ravens", "Boars")]
    assert names(team=other_team.pk) == [(1, "Wolves", "Ravens"), (2, "Ravens", "Boars")]


@pytest.mark.django_db
def test_unknown_fixture_is_404(api_as, commissioner):
    assert_error(api_as(None).get("/api/v1/fixtures/999999/"), 404)
    assert_error(api_as(commissioner).post("/api/v1/fixtures/999999/simulate/"), 404)


# --- generate -----------------------------------------------------------------------------


@pytest.mark.django_db
def test_commissioner_generates_a_double_round_robin(
    api_as, commissioner, league, season, team, other_team
):
    # given three teams
    TeamFactory(league=league, name="Boars")
    first = datetime(2030, 3, 1, 19, 0, tzinfo=UTC)

    # when the commissioner generates fixtures a fortnight apart
    response = api_as(commissioner).post(
        f"/api/v1/seasons/{season.pk}/generate-fixtures/",
        {"double": True, "first_kickoff": first.isoformat(), "interval_days": 14},
    )

    # then every pair meets twice, one round a fortnight (a bye each round)
    assert response.status_code == 201, response.content
    assert response.json() == {"season": season.pk, "fixtures": 6, "rounds": 6}
    kickoffs = sorted(set(season.fixtures.values_list("kickoff", flat=True)))
    assert kickoffs[0] == first
    assert kickoffs[1] - kickoffs[0] == timedelta(days=14)


@pytest.mark.django_db
def test_generating_twice_is_refused(api_as, commissioner, season, team, other_team):
    client = api_as(commissioner)
    assert (
        client.post(
            f"/api/v1/seasons/{season.pk}/generate-fixtures/", {"double": False}
        ).status_code
        == 201
    )

    response = client.post(f"/api/v1/seasons/{season.pk}/generate-fixtures/", {"double": False})

    assert_error(response, 400, "season")
    assert season.fixtures.count() == 1


@pytest.mark.django_db
def test_generate_names_a_bad_interval(api_as, commissioner, season, team, other_team):
    response = api_as(commissioner).post(
        f"/api/v1/seasons/{season.pk}/generate-fixtures/", {"interval_days": 0}
    )

    assert_error(response, 400, "interval_days")
    assert not season.fixtures.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("persona", NOT_COMMISSIONER)
def test_only_the_commissioner_generates_fixtures(
    client_for, persona, season, team, other_team, other_league
):
    response = client_for(persona).post(
        f"/api/v1/seasons/{season.pk}/generate-fixtures/", {"double": True}
    )

    assert_error(response, refused_status(persona))
    assert not season.fixtures.exists()


# --- simulate -----------------------------------------------------------------------------


@pytest.mark.django_db
def test_simulating_a_fixture_plays_it_exactly_once(
    api_as, commissioner, match, django_capture_on_commit_callbacks
):
    client = api_as(commissioner)

    # when the commissioner simulates the fixture (the task runs after commit, eagerly)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = client.post(f"/api/v1/fixtures/{match.pk}/simulate/")

    # then the answer is 202 with the batch to poll, and the fixture has exactly one result
    assert response.status_code == 202, response.content
    batch = response.json()
    assert batch["total"] == 1
    assert response["Location"].endswith(f"/api/v1/simulation-batches/{batch['id']}/")
    # the simulation sent once; the other callbacks are what its result set off: the events it
    # published (core.events) and the rating of the result (ratings.tasks)
    sent = [getattr(callback, "task_name", None) for callback in callbacks]
    assert sent.count(SIMULATE_CHUNK_TASK) == 1
    match.refresh_from_db()
    assert match.status == Fixture.Status.PLAYED
    assert Result.objects.filter(fixture=match).count() == 1
    result = Result.objects.get(fixture=match)
    progress = client.get(f"/api/v1/simulation-batches/{batch['id']}/").json()
    assert (progress["total"], progress["played"], progress["done"]) == (1, 1, True)

    # when it is simulated again
    with django_capture_on_commit_callbacks(execute=True) as again:
        second = client.post(f"/api/v1/fixtures/{match.pk}/simulate/")

    # then there is nothing left to do, and nothing changed
    error = assert_error(second, 400, "fixtures")
    assert "Nothing left" in error["fields"]["fixtures"][0]
    assert again == []
    assert list(Result.objects.filter(fixture=match)) == [result]
    assert SimulationBatch.objects.count() == 1


@pytest.mark.django_db
def test_simulate_refuses_an_incomplete_lineup(api_as, commissioner, match, team):
    # given the home side has no passer
    team.lineup_slots.filter(position="passer").delete()

    response = api_as(commissioner).post(f"/api/v1/fixtures/{match.pk}/simulate/")

    # then the team is named and the fixture stays scheduled, unplayed
    error = assert_error(response, 400, "lineups")
    assert "Wolves" in error["fields"]["lineups"][0]
    assert snapshot(match) == (Fixture.Status.SCHEDULED, match.kickoff, None, 0)
    assert not SimulationBatch.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("persona", NOT_COMMISSIONER)
def test_only_the_commissioner_simulates_a_fixture(client_for, persona, match, other_league):
    before = snapshot(match)

    response = client_for(persona).post(f"/api/v1/fixtures/{match.pk}/simulate/")

    assert_error(response, refused_status(persona))
    assert snapshot(match) == before
    assert not SimulationBatch.objects.exists()


@pytest.mark.django_db
def test_simulating_a_round_plays_only_that_round(
    api_as, commissioner, league, season, team, other_team, django_capture_on_commit_callbacks
):
    # given a full double round robin between two ready teams
    client = api_as(commissioner)
    client.post(f"/api/v1/seasons/{season.pk}/generate-fixtures/", {"double": True})

    # when the commissioner simulates round 1
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/api/v1/seasons/{season.pk}/simulate/", {"round": 1})

    # then round 1 is played and round 2 is not
    assert response.status_code == 202, response.content
    assert response.json()["label"] == "Round 1"
    statuses = dict(season.fixtures.values_list("round", "status"))
    assert statuses == {1: Fixture.Status.PLAYED, 2: Fixture.Status.SCHEDULED}
    assert Result.objects.filter(fixture__season=season).count() == 1


@pytest.mark.django_db
def test_simulating_a_season_plays_everything_left(
    api_as, commissioner, league, season, team, other_team, django_capture_on_commit_callbacks
):
    # given three ready teams and their fixtures
    full_lineup(TeamFactory(league=league, name="Boars"), skill=50)
    client = api_as(commissioner)
    client.post(f"/api/v1/seasons/{season.pk}/generate-fixtures/", {"double": False})

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(f"/api/v1/seasons/{season.pk}/simulate/", {})

    assert response.status_code == 202, response.content
    assert response.json()["total"] == 3
    assert Result.objects.filter(fixture__season=season).count() == 3
    assert_error(client.post(f"/api/v1/seasons/{season.pk}/simulate/", {}), 400, "fixtures")


@pytest.mark.django_db
@pytest.mark.parametrize("persona", NOT_COMMISSIONER)
def test_only_the_commissioner_simulates_a_season(client_for, persona, match, season, other_league):
    before = snapshot(match)

    response = client_for(persona).post(f"/api/v1/seasons/{season.pk}/simulate/", {})

    assert_error(response, refused_status(persona))
    assert snapshot(match) == before


# --- cancel and reschedule -----------------------------------------------------------------


@pytest.mark.django_db
def test_commissioner_cancels_a_fixture(api_as, commissioner, match):
    response = api_as(commissioner).post(f"/api/v1/fixtures/{match.pk}/cancel/")

    assert response.status_code == 200, response.content
    assert response.json()["status"] == "cancelled"
    match.refresh_from_db()
    assert match.status == Fixture.Status.CANCELLED


@pytest.mark.django_db
def test_a_kicked_off_fixture_cannot_be_cancelled(api_as, commissioner, match):
    Fixture.objects.filter(pk=match.pk).update(status=Fixture.Status.LOCKED)

    response = api_as(commissioner).post(f"/api/v1/fixtures/{match.pk}/cancel/")

    assert_error(response, 400, "status")
    match.refresh_from_db()
    assert match.status == Fixture.Status.LOCKED


@pytest.mark.django_db
@pytest.mark.parametrize("persona", NOT_COMMISSIONER)
def test_only_the_commissioner_cancels_a_fixture(client_for, persona, match, other_league):
    before = snapshot(match)

    response = client_for(persona).post(f"/api/v1/fixtures/{match.pk}/cancel/")

    assert_error(response, refused_status(persona))
    assert snapshot(match) == before


@pytest.mark.django_db
def test_commissioner_reschedules_a_fixture(api_as, commissioner, match):
    kickoff = datetime(2031, 5, 4, 18, 30, tzinfo=UTC)

    response = api_as(commissioner).post(
        f"/api/v1/fixtures/{match.pk}/reschedule/", {"kickoff": kickoff.isoformat()}
    )

    assert response.status_code == 200, response.content
    match.refresh_from_db()
    assert match.kickoff == kickoff


@pytest.mark.django_db
def test_reschedule_names_a_bad_kickoff(api_as, commissioner, match):
    before = snapshot(match)

    response = api_as(commissioner).post(
        f"/api/v1/fixtures/{match.pk}/reschedule/", {"kickoff": "soon"}
    )

    assert_error(response, 400, "kickoff")
    assert snapshot(match) == before


@pytest.mark.django_db
@pytest.mark.parametrize("persona", NOT_COMMISSIONER)
def test_only_the_commissioner_reschedules_a_fixture(client_for, persona, match, other_league):
    before = snapshot(match)

    response = client_for(persona).post(
        f"/api/v1/fixtures/{match.pk}/reschedule/", {"kickoff": "2031-05-04T18:30:00Z"}
    )

    assert_error(response, refused_status(persona))
    assert snapshot(match) == before


@pytest.mark.django_db
def test_the_fixtures_list_shows_the_newest_season_first_then_rounds_and_kick_offs(
    api_as, league, season, team, other_team
):
    from tests.factories import SeasonFactory

    # given a newer season, and fixtures of both entered out of order
    newer = SeasonFactory(league=league, name="Next")
    soon = timezone.now() + timedelta(days=1)
    made = {
        "old r2": FixtureFactory(season=season, round=2, home=team, away=other_team, kickoff=soon),
        "new r2": FixtureFactory(season=newer, round=2, home=team, away=other_team, kickoff=soon),
        "old r1": FixtureFactory(season=season, round=1, home=other_team, away=team, kickoff=soon),
        "new r1 late": FixtureFactory(
            season=newer, round=1, home=team, away=other_team, kickoff=soon + timedelta(hours=2)
        ),
        "new r1": FixtureFactory(season=newer, round=1, home=other_team, away=team, kickoff=soon),
    }
    names = {fixture.pk: name for name, fixture in made.items()}

    # when anyone lists the league's fixtures
    body = api_as(None).get("/api/v1/fixtures/", {"league": league.pk}).json()

    # then the newer season comes first, each season by round, then kick-off
    assert [names[row["id"]] for row in body["results"]] == [
        "new r1", "new r1 late", "new r2", "old r1", "old r2",
    ]  # fmt: skip
