"""POST /api/v1/seasons/{id}/fixtures/: the commissioner schedules one fixture."""

from datetime import UTC, datetime

import pytest

from matches.models import Fixture
from tests.api.conftest import ANONYMOUS, assert_error, refused_status
from tests.factories import SeasonFactory, TeamFactory

pytestmark = pytest.mark.django_db

KICKOFF = datetime(2031, 5, 3, 19, 0, tzinfo=UTC)


# --- API ----------------------------------------------------------------------------------


def test_commissioner_schedules_a_fixture_by_api(api_as, commissioner, season, team, other_team):
    response = api_as(commissioner).post(
        f"/api/v1/seasons/{season.pk}/fixtures/",
        {"home": team.pk, "away": other_team.pk, "kickoff": KICKOFF.isoformat(), "round": 5},
        format="json",
    )

    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["season"], body["round"], body["home"]["id"], body["away"]["id"]) == (
        season.pk,
        5,
        team.pk,
        other_team.pk,
    )
    assert body["status"] == "scheduled"
    assert Fixture.objects.get().kickoff == KICKOFF


@pytest.mark.parametrize("persona", ["coach", "stranger", ANONYMOUS])
def test_others_cannot_schedule_by_api(client_for, persona, season, team, other_team):
    response = client_for(persona).post(
        f"/api/v1/seasons/{season.pk}/fixtures/",
        {"home": team.pk, "away": other_team.pk, "kickoff": KICKOFF.isoformat()},
        format="json",
    )

    assert_error(response, refused_status(persona))
    assert not Fixture.objects.exists()


def test_a_bad_body_names_the_field(api_as, commissioner, season, team, other_team):
    client = api_as(commissioner)
    url = f"/api/v1/seasons/{season.pk}/fixtures/"

    assert_error(
        client.post(url, {"home": team.pk, "away": other_team.pk}, format="json"), 400, "kickoff"
    )
    assert_error(
        client.post(
            url, {"home": team.pk, "away": team.pk, "kickoff": KICKOFF.isoformat()}, format="json"
        ),
        400,
        "away",
    )
    other_season_team = TeamFactory(league=SeasonFactory().league, name="Far away")
    assert_error(
        client.post(
            url,
            {"home": other_season_team.pk, "away": team.pk, "kickoff": KICKOFF.isoformat()},
            format="json",
        ),
        400,
        "home",
    )
    assert not Fixture.objects.exists()
