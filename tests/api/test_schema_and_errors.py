"""The OpenAPI schema and docs, the browsable root, and the error shape for 404 and 503."""

from unittest import mock

import pytest
import yaml
from django.core.management import call_command
from django.db import OperationalError
from drf_spectacular.validation import validate_schema

from tests.api.conftest import assert_error
from tests.factories import FixtureFactory, PlayerFactory


@pytest.mark.django_db
def test_schema_is_valid_openapi_without_warnings(tmp_path):
    # when the schema is generated strictly (any warning fails)
    target = tmp_path / "schema.yml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(target))

    # then it validates, and every operation has a summary
    schema = yaml.safe_load(target.read_text())
    validate_schema(schema)
    operations = [op for path in schema["paths"].values() for op in path.values()]
    assert operations
    assert all(op.get("summary") for op in operations), [
        op["operationId"] for op in operations if not op.get("summary")
    ]


@pytest.mark.django_db
def test_schema_endpoint_and_offline_docs(api_as):
    schema = api_as(None).get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    docs = api_as(None).get("/api/docs/")

    assert schema.status_code == 200
    assert "/api/v1/fixtures/{id}/simulate/" in schema.json()["paths"]
    assert docs.status_code == 200
    html = docs.content.decode()
    assert "drf_spectacular_sidecar" in html  # served from our static files, not a CDN
    assert "cdn.jsdelivr" not in html


@pytest.mark.django_db
def test_api_root_is_browsable(api_as):
    body = api_as(None).get("/api/v1/").json()

    assert set(body) >= {
        "leagues",
        "seasons",
        "teams",
        "players",
        "fixtures",
        "results",
        "simulation-batches",
    }


@pytest.mark.django_db
def test_not_found_uses_the_error_shape(api_as):
    error = assert_error(api_as(None).get("/api/v1/teams/999999/"), 404)

    assert error["code"] == "not_found"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("target", "url"),
    [
        ("league.selectors.league_list", "/api/v1/leagues/"),
        ("matches.selectors.fixture_rows", "/api/v1/fixtures/"),
    ],
)
def test_lost_database_answers_503_with_retry_after(api_as, target, url):
    # given the database connection is lost while the view queries it
    with mock.patch(
        target, side_effect=OperationalError("server closed the connection unexpectedly")
    ):
        response = api_as(None).get(url)

    # then the client is told to retry, in the error shape
    assert response.status_code == 503
    assert int(response["Retry-After"]) > 0
    assert response.json()["error"]["code"] == "service_unavailable"


@pytest.mark.django_db
def test_browsable_pages_render_for_every_endpoint(api_as, commissioner, season, team, other_team):
    # given a fixture, so every kind of URL has an object
    fixture = FixtureFactory(season=season, home=team, away=other_team)
    urls = [
        "/api/v1/",
        "/api/v1/me/",
        "/api/v1/auth/token/",
        f"/api/v1/leagues/{season.league_id}/",
        f"/api/v1/seasons/{season.pk}/",
        f"/api/v1/seasons/{season.pk}/generate-fixtures/",
        f"/api/v1/seasons/{season.pk}/simulate/",
        f"/api/v1/seasons/{season.pk}/standings/",
        f"/api/v1/teams/{team.pk}/",
        f"/api/v1/teams/{team.pk}/sheet/",
        f"/api/v1/teams/{team.pk}/lineup/",
        f"/api/v1/teams/{team.pk}/match-plan/",
        f"/api/v1/players/{team.players.first().pk}/",
        f"/api/v1/fixtures/{fixture.pk}/",
        f"/api/v1/fixtures/{fixture.pk}/simulate/",
        f"/api/v1/fixtures/{fixture.pk}/cancel/",
        f"/api/v1/fixtures/{fixture.pk}/reschedule/",
        "/api/v1/results/",
        "/api/v1/simulation-batches/",
    ]

    # when the commissioner opens each in a browser, then each page renders (GET or 405)
    client = api_as(commissioner)
    for url in urls:
        response = client.get(url, HTTP_ACCEPT="text/html")
        assert response.status_code in (200, 405), (url, response.status_code)
        assert b"<html" in response.content, url


@pytest.mark.django_db
def test_a_bad_filter_value_is_named(api_as):
    response = api_as(None).get("/api/v1/teams/", {"league": "abc"})

    assert_error(response, 400, "league")


@pytest.mark.django_db
def test_ordering_is_deterministic_on_ties(api_as, team):
    # given players level on agility
    for name in ("Zed", "Abe", "Max"):
        PlayerFactory(team=team, name=name, agility=99)

    # when ordered by agility, the tie keeps creation order (primary key) on every page
    body = api_as(None).get("/api/v1/players/", {"ordering": "-agility", "page_size": 2}).json()
    second = (
        api_as(None)
        .get("/api/v1/players/", {"ordering": "-agility", "page_size": 2, "page": 2})
        .json()
    )

    assert [p["name"] for p in body["results"] + second["results"][:1]] == ["Zed", "Abe", "Max"]
