"""Absurd input is refused with a 400 naming its field, and nothing is written."""

from datetime import timedelta

import pytest
from django.utils import timezone

from league.models import League
from matches.models import Fixture
from systems.killpower.models import ResultReport
from tests.api.conftest import assert_error
from tests.factories import FixtureFactory

pytestmark = pytest.mark.django_db


def test_a_killpower_score_beyond_any_match_is_refused_at_entry(api_as, coach, kp_fixture):
    response = api_as(coach).post(
        f"/api/v1/fixtures/{kp_fixture.pk}/result-reports/",
        {"result": {"score": {"home": 10**30, "away": 0}}},
        format="json",
    )

    assert_error(response, 400, "result.score.home")
    assert not ResultReport.objects.exists()


@pytest.mark.parametrize("round_number", [0, 1000, 32768])
def test_a_round_out_of_range_is_refused(
    api_as, commissioner, season, team, other_team, round_number
):
    response = api_as(commissioner).post(
        f"/api/v1/seasons/{season.pk}/fixtures/",
        {
            "home": team.pk,
            "away": other_team.pk,
            "round": round_number,
            "kickoff": (timezone.now() + timedelta(days=3)).isoformat(),
        },
        format="json",
    )

    assert_error(response, 400, "round")
    assert not Fixture.objects.exists()


@pytest.mark.parametrize("kickoff", ["0001-01-01T20:00:00Z", "9999-12-31T20:00:00Z"])
def test_a_kickoff_outside_2000_2099_is_refused(
    api_as, commissioner, season, team, other_team, kickoff
):
    schedule = api_as(commissioner).post(
        f"/api/v1/seasons/{season.pk}/fixtures/",
        {"home": team.pk, "away": other_team.pk, "kickoff": kickoff},
        format="json",
    )
    generate = api_as(commissioner).post(
        f"/api/v1/seasons/{season.pk}/generate-fixtures/", {"first_kickoff": kickoff}, format="json"
    )

    assert_error(schedule, 400, "kickoff")
    assert_error(generate, 400, "first_kickoff")
    assert not Fixture.objects.exists()


def test_rescheduling_to_a_past_kickoff_needs_a_confirmation(
    api_as, commissioner, season, team, other_team
):
    fixture = FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() + timedelta(days=3)
    )
    past = (timezone.now() - timedelta(hours=1)).isoformat()
    url = f"/api/v1/fixtures/{fixture.pk}/reschedule/"

    refused = api_as(commissioner).post(url, {"kickoff": past}, format="json")
    fixture.refresh_from_db()
    assert_error(refused, 400, "kickoff")
    assert fixture.kickoff > timezone.now()

    confirmed = api_as(commissioner).post(url, {"kickoff": past, "past": True}, format="json")
    assert confirmed.status_code == 200, confirmed.content
    fixture.refresh_from_db()
    assert fixture.kickoff < timezone.now()


def test_a_huge_league_description_is_refused(api_as, commissioner, league):
    response = api_as(commissioner).patch(
        f"/api/v1/leagues/{league.pk}/", {"description": "x" * 2_400_000}, format="json"
    )

    assert response.status_code in (400, 413)
    league.refresh_from_db()
    assert league.description == ""


def test_a_description_over_its_maximum_names_the_field(api_as, commissioner, league):
    response = api_as(commissioner).patch(
        f"/api/v1/leagues/{league.pk}/", {"description": "x" * 2001}, format="json"
    )

    assert_error(response, 400, "description")
    assert League.objects.get(pk=league.pk).description == ""


def test_a_body_over_the_upload_limit_answers_in_the_api_error_shape(
    api_as, commissioner, league, settings
):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000

    response = api_as(commissioner).patch(
        f"/api/v1/leagues/{league.pk}/", {"description": "x" * 2000}, format="json"
    )

    assert_error(response, 413)
    assert response.json()["error"]["code"] == "request_too_large"


def test_a_nul_character_is_refused_naming_where(api_as, commissioner, league):
    in_body = api_as(commissioner).patch(
        f"/api/v1/leagues/{league.pk}/", {"house_rules": {"ranking": ["a\u0000"]}}, format="json"
    )
    in_query = api_as(None).get("/api/v1/teams/?coach=a%00b")

    assert_error(in_body, 400)
    assert "house_rules.ranking.0" in in_body.json()["error"]["message"]
    assert_error(in_query, 400)


def test_the_api_reads_json_only_so_a_form_null_never_reaches_the_database(api_as, stranger):
    client = api_as(stranger)
    form = client.post(
        "/api/v1/leagues/",
        {"name": "x", "rule_system": "rotzball", "house_rules": "null"},
        format="multipart",
    )
    json_null = client.post(
        "/api/v1/leagues/",
        {"name": "x", "rule_system": "rotzball", "house_rules": None},
        format="json",
    )

    assert_error(form, 415)
    assert_error(json_null, 400, "house_rules")
    assert not League.objects.exists()


def test_a_query_number_beyond_any_column_is_a_400(api_as, season):
    response = api_as(None).get(f"/api/v1/fixtures/?season={10**30}")

    assert_error(response, 400)
