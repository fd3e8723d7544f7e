"""Every create and update endpoint, sent boundary values in every field of its request body
(huge and negative numbers, empty and enormous strings, null, wrong types): it answers a 4xx
in the API's error shape or succeeds, never a server error.

The operations and their fields come from the OpenAPI document itself, so a new endpoint is
covered the day it appears. A superuser (every league's commissioner, every campaign's game
master) sends them, so the values reach the services rather than stop at a permission check.
"""

from functools import cache

import pytest
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from matches.table_results.services import report_enter
from notifications.models import WebhookEndpoint
from tests.battles.fixtures import (  # noqa: F401  # noqa: F401
    alliance,
    battle,
    campaign,
    game_master,
    hunt,
    other_player,
    player,
)
from tests.factories import FixtureFactory, UserFactory
from tests.hypothesis_profiles import examples
from tests.systems.killpower.helpers import report

pytestmark = pytest.mark.django_db

WRITES = ("post", "put", "patch")
NUMBERS = [-1, 0, 1, 7, 100, 32767, 32768, 2**31, 2**63, 10**30, -(10**30), 1.5]
TEXTS = ["", " ", "x", "x" * 5_000, "\u0000", "null", "0001-01-01T00:00:00Z", "9999-12-31"]
ODD = [None, True, [], {}, [None], {"": None}]


@cache
def _operations() -> list[tuple[str, str, dict]]:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = schema["components"]["schemas"]
    found = []
    for path, item in sorted(schema["paths"].items()):
        for method, operation in item.items():
            if method not in WRITES:
                continue
            content = operation.get("requestBody", {}).get("content", {})
            body = content.get("application/json", {}).get("schema", {})
            ref = body.get("$ref", "")
            properties = components[ref.rsplit("/", 1)[-1]].get("properties", {}) if ref else {}
            found.append((method, path, properties))
    return found


def _values(field: dict) -> st.SearchStrategy:
    kind = field.get("type")
    if kind in ("integer", "number"):
        typed = st.sampled_from(NUMBERS)
    elif kind == "string" or "enum" in field or "$ref" in field:
        typed = st.sampled_from(TEXTS) | st.text(max_size=40)
    elif kind == "boolean":
        typed = st.booleans()
    elif kind == "array":
        typed = st.lists(st.sampled_from(NUMBERS + TEXTS + ODD), max_size=3)
    else:
        typed = st.dictionaries(st.sampled_from(TEXTS), st.sampled_from(NUMBERS + ODD), max_size=3)
    return typed | st.sampled_from(ODD)


@pytest.fixture
def ids(kp_fixture, coach, titanos, team, fixture_scheduled, battle, game_master):  # noqa: F811
    """An existing object for every ``{id}`` the write endpoints name, by resource."""
    pending = report_enter(fixture=kp_fixture, user=coach, result=report(1, 0))
    from battles import services as battle_services

    run = battle_services.run_start(battle=battle, user=game_master, seed=1)
    return {
        "leagues": team.league_id,
        "seasons": team.league.seasons.get().pk,
        "teams": team.pk,
        "players": team.players.first().pk,
        "fixtures": fixture_scheduled.pk,
        "gladiators": titanos.gladiators.first().pk,
        "result-reports": pending.pk,
        "campaigns": battle.campaign_id,
        "armies": battle.defender_id,
        "troops": battle.defender.troops.first().pk,
        "battles": battle.pk,
        "runs": run.pk,
        "kp-fixtures": kp_fixture.pk,
        "webhooks": WebhookEndpoint.objects.create(
            league_id=team.league_id, url="http://127.0.0.1:9/hook", events=["fixture.played"]
        ).pk,
    }


@pytest.fixture
def fixture_scheduled(season, team, other_team):
    return FixtureFactory(season=season, home=team, away=other_team)


@pytest.mark.property
@pytest.mark.parametrize(
    ("method", "path"), [(m, p) for m, p, _ in _operations()], ids=lambda v: str(v)
)
def test_boundary_values_never_make_a_server_error(api_as, ids, method, path):
    properties = dict(next(props for m, p, props in _operations() if (m, p) == (method, path)))
    resource = path.split("/")[3]
    if path.endswith("/result-reports/"):
        resource = "kp-fixtures"
    url = path.replace("{id}", str(ids.get(resource, 0)))
    url = url.replace("{hook}", str(ids["webhooks"]))
    client = api_as(UserFactory(username="root", is_superuser=True))
    send = getattr(client, method)
    bodies = (
        st.fixed_dictionaries({}, optional={name: _values(f) for name, f in properties.items()})
        if properties
        else st.just({})
    )

    @settings(
        max_examples=examples(30),
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    )
    @given(body=bodies)
    def check(body):
        response = send(url, body, format="json")
        assert response.status_code < 500, (method, url, body, response.content[:500])
        if 400 <= response.status_code < 500:
            error = response.json()["error"]
            assert {"code", "message"} <= set(error), (method, url, body, error)

    check()
