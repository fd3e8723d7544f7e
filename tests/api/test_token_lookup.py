"""Token authentication in one query (core.api.authentication), with every refusal knox gave:
a revoked token is refused by the very next request, an expired one is refused and deleted, an
inactive user's refused; expired tokens of a user are deleted by the sweeper. And the load
test's per-request query count (core.query_count)."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from knox.models import AuthToken
from rest_framework.test import APIClient

from core import registry
from core.api.authentication import tokens_sweep
from core.models import UserProfile
from core.query_count import HEADER
from core.sweeping import sweep_all
from tests.api.conftest import assert_error

ME_URL = "/api/v1/me/"
LEAGUES_URL = "/api/v1/leagues/"


def token_client(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


def _token_queries(queries) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if "knox_authtoken" in q["sql"]]


@pytest.mark.django_db
def test_a_token_request_authenticates_with_one_query(coach, league):
    # given a coach with a saved language and a token, and a second token of his that expired
    UserProfile.objects.create(user=coach, language="fr")
    _row, token = AuthToken.objects.create(user=coach)
    AuthToken.objects.create(user=coach, expiry=timedelta(seconds=-1))

    # when he reads a list with the token
    with CaptureQueriesContext(connection) as queries:
        response = token_client(token).get(LEAGUES_URL, HTTP_ACCEPT_LANGUAGE="en")

    # then one query found the token, its user and his language, and nothing else asked for them
    assert response.status_code == 200
    assert len(_token_queries(queries)) == 1
    assert not [q for q in queries.captured_queries if 'FROM "core_userprofile"' in q["sql"]]
    assert response["Content-Language"] == "fr"
    # and the other expired token is left to the sweeper, not deleted by a read
    assert AuthToken.objects.filter(user=coach).count() == 2


@pytest.mark.django_db
def test_a_revoked_token_is_refused_by_the_next_request(coach):
    # given a token that has just signed a request
    row, token = AuthToken.objects.create(user=coach)
    client = token_client(token)
    assert client.get(ME_URL).status_code == 200

    # when it is revoked from another client (the account page's revoke)
    other = token_client(AuthToken.objects.create(user=coach)[1])
    assert other.delete(f"/api/v1/me/tokens/{row.token_key}/").status_code == 204

    # then the very next request with it is refused
    assert_error(client.get(ME_URL), 401)
    # and a sign-out refuses its own token at once as well
    assert other.post("/api/v1/auth/logout/").status_code == 204
    assert_error(other.get(ME_URL), 401)


@pytest.mark.django_db
def test_an_expired_token_is_refused_and_deleted(coach):
    row, token = AuthToken.objects.create(user=coach, expiry=timedelta(seconds=-1))

    assert_error(token_client(token).get(ME_URL), 401)
    assert not AuthToken.objects.filter(pk=row.pk).exists()


@pytest.mark.django_db
def test_an_inactive_users_token_is_refused(coach):
    _row, token = AuthToken.objects.create(user=coach)
    coach.is_active = False
    coach.save(update_fields=["is_active"])

    assert_error(token_client(token).get(ME_URL), 401)


@pytest.mark.django_db
def test_a_wrong_token_with_a_known_key_is_refused(coach):
    # given a real token and a forged one sharing its key (the first characters)
    _row, token = AuthToken.objects.create(user=coach)
    forged = token[:15] + ("0" if token[15] != "0" else "1") + token[16:]

    assert_error(token_client(forged).get(ME_URL), 401)
    assert_error(token_client("not-hex!").get(ME_URL), 401)


@pytest.mark.django_db
def test_the_sweeper_deletes_expired_tokens_only(coach):
    # given an expired token and a live one
    AuthToken.objects.create(user=coach, expiry=timedelta(seconds=-5))
    live, token = AuthToken.objects.create(user=coach)

    # when the sweeps run (the token sweep is registered with the others)
    assert "core.tokens" in [name for name, _sweep in registry.sweeps()]
    counts = sweep_all()

    # then only the live token is left, and it still works
    assert counts.get("expired_tokens_deleted") == 1
    assert list(AuthToken.objects.values_list("pk", flat=True)) == [live.pk]
    assert token_client(token).get(ME_URL).status_code == 200
    assert tokens_sweep() == {"expired_tokens_deleted": 0}


@pytest.mark.django_db
def test_query_count_header_counts_a_requests_statements(coach, league):
    # given the load test's middleware switched on
    with override_settings(MIDDLEWARE=["core.query_count.QueryCountMiddleware", *_middleware()]):
        _row, token = AuthToken.objects.create(user=coach)
        with CaptureQueriesContext(connection) as queries:
            response = token_client(token).get(LEAGUES_URL)

    # then the header gives the statements the request ran
    assert response.status_code == 200
    assert int(response[HEADER]) == len(queries.captured_queries) > 0


@pytest.mark.django_db
def test_query_count_header_is_off_by_default(league):
    assert HEADER not in APIClient().get(LEAGUES_URL)


def _middleware() -> list[str]:
    from django.conf import settings

    return [name for name in settings.MIDDLEWARE if name != "core.query_count.QueryCountMiddleware"]
