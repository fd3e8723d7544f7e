"""Guessing passwords: the web form and the token endpoint lock out a username after the
failure limit, and a client address only after its own, far higher limit across usernames
(django-axes, counted in the database), whatever the X-Forwarded-For header claims."""

import pytest
from axes.models import AccessAttempt
from django.test import Client
from knox.models import AuthToken
from rest_framework.test import APIClient
from rest_framework.throttling import ScopedRateThrottle

from tests.factories import PASSWORD

TOKEN_URL = "/api/v1/auth/token/"
LOGIN_URL = "/accounts/login/"


def _token(client: APIClient, username: str, password: str, **headers):
    return client.post(TOKEN_URL, {"username": username, "password": password}, **headers)


@pytest.mark.django_db
def test_the_web_form_locks_a_guesser_out_even_with_the_right_password(coach, settings):
    client = Client()
    for attempt in range(1, settings.AXES_FAILURE_LIMIT + 1):
        answer = client.post(LOGIN_URL, {"login": "coach", "password": "guess"})
        # the form again with its error, until the failure that reaches the limit
        assert answer.status_code == (429 if attempt == settings.AXES_FAILURE_LIMIT else 200)

    answer = client.post(LOGIN_URL, {"login": "coach", "password": PASSWORD})

    assert answer.status_code == 429
    assert int(answer["Retry-After"]) == settings.AXES_COOLOFF_TIME.total_seconds()
    assert "Try again in 15 minutes" in answer.content.decode()
    assert "_auth_user_id" not in client.session


@pytest.mark.django_db
def test_a_failure_below_the_limit_does_not_lock_and_success_resets_the_count(coach, settings):
    client = Client()
    for _attempt in range(settings.AXES_FAILURE_LIMIT - 1):
        client.post(LOGIN_URL, {"login": "coach", "password": "guess"})

    answer = client.post(LOGIN_URL, {"login": "coach", "password": PASSWORD})

    assert answer.status_code == 302
    assert not AccessAttempt.objects.filter(failures_since_start__gt=0).exists()


@pytest.mark.django_db
def test_the_token_endpoint_locks_out_in_the_error_shape(coach, settings):
    client = APIClient()
    for attempt in range(1, settings.AXES_FAILURE_LIMIT + 1):
        expected = 429 if attempt == settings.AXES_FAILURE_LIMIT else 400
        assert _token(client, "coach", "guess").status_code == expected

    answer = _token(client, "coach", PASSWORD)

    assert answer.status_code == 429
    assert answer.json()["error"]["code"] == "locked_out"
    assert answer["Retry-After"] == str(int(settings.AXES_COOLOFF_TIME.total_seconds()))
    assert not AuthToken.objects.exists()


@pytest.mark.django_db
def test_forged_forwarded_headers_do_not_reset_the_count(coach, settings):
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 5
    # no proxy of ours in front (the default): X-Forwarded-For is the client's to forge
    client = APIClient()
    for number in range(settings.LOGIN_ADDRESS_FAILURE_LIMIT - 1):
        forged = {"HTTP_X_FORWARDED_FOR": f"10.0.0.{number}"}
        assert _token(client, f"user{number}", "guess", **forged).status_code == 400
    assert _token(client, "last", "guess", HTTP_X_FORWARDED_FOR="10.0.1.1").status_code == 429

    answer = _token(client, "coach", PASSWORD, HTTP_X_FORWARDED_FOR="10.9.9.9")

    assert answer.status_code == 429  # the address (REMOTE_ADDR) is locked, not the header


@pytest.mark.django_db
def test_behind_one_proxy_the_address_it_reports_is_the_client(coach, settings):
    settings.TRUSTED_PROXY_COUNT = 1
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 5
    client = APIClient()
    for number in range(settings.LOGIN_ADDRESS_FAILURE_LIMIT):
        # the client forges the left part; our proxy appends the real address
        header = {"HTTP_X_FORWARDED_FOR": f"6.6.6.{number}, 203.0.113.7"}
        _token(client, f"user{number}", "guess", **header)

    locked = _token(client, "coach", PASSWORD, HTTP_X_FORWARDED_FOR="1.1.1.1, 203.0.113.7")
    other = _token(client, "coach", PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.7, 198.51.100.2")

    assert locked.status_code == 429
    assert other.status_code == 200  # another client behind the same proxy signs in


@pytest.mark.django_db
def test_a_username_is_locked_whatever_the_address(coach, settings):
    for number in range(settings.AXES_FAILURE_LIMIT):
        _token(APIClient(REMOTE_ADDR=f"192.0.2.{number + 1}"), "coach", "guess")

    answer = _token(APIClient(REMOTE_ADDR="198.51.100.50"), "coach", PASSWORD)

    assert answer.status_code == 429


@pytest.fixture
def no_login_throttle(monkeypatch):
    """The per-minute sign-in throttle out of the way: these tests count the lockout."""
    monkeypatch.setattr(ScopedRateThrottle, "allow_request", lambda self, request, view: True)


@pytest.mark.django_db
def test_one_accounts_wrong_passwords_do_not_lock_the_others_at_the_same_address(
    coach, no_login_throttle
):
    # given a player mistyping his password 30 times at a venue
    venue = APIClient(REMOTE_ADDR="198.51.100.7")
    answers = [_token(venue, "clumsy", f"guess-{n}").status_code for n in range(30)]
    assert answers[:4] == [400] * 4 and set(answers[4:]) == {429}  # his account is locked

    # when another player signs in from the same address, on the API and on the form
    token = _token(venue, "coach", PASSWORD)
    page = Client(REMOTE_ADDR="198.51.100.7").post(
        LOGIN_URL, {"login": "coach", "password": PASSWORD}
    )

    # then both succeed
    assert token.status_code == 200
    assert page.status_code == 302


@pytest.mark.django_db
def test_an_address_is_locked_after_100_failures_across_accounts(
    coach, settings, no_login_throttle
):
    assert settings.LOGIN_ADDRESS_FAILURE_LIMIT == 100  # the default
    venue = APIClient(REMOTE_ADDR="198.51.100.8")
    answers = [_token(venue, f"user{n % 25}", "guess").status_code for n in range(100)]

    assert answers[:99] == [400] * 99  # 4 failures an account: none of them locked
    assert answers[99] == 429
    locked = _token(venue, "coach", PASSWORD)
    assert locked.status_code == 429
    assert locked.json()["error"]["code"] == "locked_out"
    assert _token(APIClient(REMOTE_ADDR="198.51.100.9"), "coach", PASSWORD).status_code == 200
