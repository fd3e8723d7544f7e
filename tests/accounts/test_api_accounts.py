"""Accounts for REST clients: sign up, sign in only once verified when the site asks it, list
and revoke tokens, close the account."""

import pytest
from django.contrib.auth.models import User
from django.core import mail
from knox.models import AuthToken
from rest_framework.test import APIClient

from tests.api.conftest import assert_error
from tests.factories import PASSWORD

REGISTER = "/api/v1/auth/register/"
TOKEN = "/api/v1/auth/token/"
STRONG = "a-long-Password-9c"


def _register(client=None, **change):
    body = {"username": "newcomer", "email": "newcomer@example.org", "password": STRONG, **change}
    return (client or APIClient()).post(REGISTER, body, format="json")


@pytest.mark.django_db
def test_a_client_signs_up_and_gets_a_working_token(settings):
    settings.ACCOUNT_EMAIL_VERIFICATION = "none"

    answer = _register()

    assert answer.status_code == 201
    body = answer.json()
    assert body["username"] == "newcomer" and body["email_verification"] == "none"
    me = APIClient()
    me.credentials(HTTP_AUTHORIZATION=f"Token {body['token']}")
    assert me.get("/api/v1/me/").json()["username"] == "newcomer"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"password": "short"}, "password"),
        ({"password": "newcomer-newcomer"}, "password"),  # too like the username
        ({"username": "coach"}, "username"),
        ({"username": "bad name!"}, "username"),
        ({"email": "nope"}, "email"),
    ],
)
def test_a_refused_sign_up_names_the_field_and_creates_nobody(coach, change, field):
    before = User.objects.count()

    answer = _register(**change)

    assert_error(answer, 400, field)
    assert User.objects.count() == before


@pytest.mark.django_db
def test_with_verification_required_no_token_until_the_email_is_confirmed(settings):
    settings.ACCOUNT_EMAIL_VERIFICATION = "mandatory"

    answer = _register()
    refused = APIClient().post(TOKEN, {"username": "newcomer", "password": STRONG})

    assert answer.status_code == 201 and answer.json()["token"] is None
    assert len(mail.outbox) == 1
    assert refused.json()["error"]["code"] == "email_unverified"
    assert not AuthToken.objects.exists()


@pytest.mark.django_db
def test_sign_ups_are_limited_per_address():
    answers = [
        _register(username=f"user{n}", email=f"u{n}@example.org").status_code for n in range(11)
    ]

    assert answers[:10] == [201] * 10
    assert answers[10] == 429


@pytest.mark.django_db
def test_tokens_are_listed_and_revoked_by_their_owner_only(coach, other_coach):
    mine, token = AuthToken.objects.create(coach)
    theirs, _other = AuthToken.objects.create(other_coach)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")

    listed = client.get("/api/v1/me/tokens/").json()
    foreign = client.delete(f"/api/v1/me/tokens/{theirs.token_key}/")
    revoked = client.delete(f"/api/v1/me/tokens/{mine.token_key}/")

    assert [row["token_key"] for row in listed] == [mine.token_key]
    assert_error(foreign, 404)
    assert revoked.status_code == 204
    assert AuthToken.objects.filter(user=other_coach).exists()
    assert client.get("/api/v1/me/").status_code == 401  # the token used is gone


@pytest.mark.django_db
def test_closing_over_the_api_needs_the_password(coach):
    _instance, token = AuthToken.objects.create(coach)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")

    wrong = client.post("/api/v1/me/close/", {"password": "nope"})
    assert_error(wrong, 400, "password")
    assert User.objects.get(pk=coach.pk).is_active

    done = client.post("/api/v1/me/close/", {"password": PASSWORD})

    assert done.status_code == 204
    closed = User.objects.get(pk=coach.pk)
    assert not closed.is_active and closed.username.startswith("deleted-user-")
    assert client.get("/api/v1/me/").status_code == 401


@pytest.mark.django_db
def test_an_email_in_use_is_not_revealed_and_its_owner_is_told(coach, settings):
    settings.ACCOUNT_EMAIL_VERIFICATION = "mandatory"
    coach.email = "coach@example.org"
    coach.save(update_fields=["email"])
    fresh = _register(username="fresh", email="fresh@example.org")
    mail.outbox.clear()

    taken = _register(username="copycat", email="coach@example.org")

    # the same answer as a new account waiting for its verification
    assert (taken.status_code, fresh.status_code) == (201, 201)
    assert taken.json() == {**fresh.json(), "username": "copycat", "email": "coach@example.org"}
    assert not User.objects.filter(username="copycat").exists()
    # the address's owner learns of it, nobody else
    assert [message.to for message in mail.outbox] == [["coach@example.org"]]
