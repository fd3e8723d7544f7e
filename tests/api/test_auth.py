"""Token sign-in (knox), sign-out, session auth with CSRF, and the user's own endpoint."""

from datetime import timedelta

import pytest
from django.db import connection
from knox.crypto import hash_token
from knox.models import AuthToken
from rest_framework.test import APIClient

from core.models import UserProfile
from tests.api.conftest import assert_error
from tests.factories import LeagueFactory

TOKEN_URL = "/api/v1/auth/token/"
LOGOUT_URL = "/api/v1/auth/logout/"
ME_URL = "/api/v1/me/"
PASSWORD = "correct-horse-battery"  # tests.factories.UserFactory


def token_client(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client


@pytest.mark.django_db
def test_token_login_use_and_logout(coach):
    # given a coach's credentials
    client = APIClient()

    # when they sign in
    response = client.post(TOKEN_URL, {"username": "coach", "password": PASSWORD}, format="json")

    # then they get a token with an expiry, which signs their requests
    assert response.status_code == 200, response.content
    token = response.json()["token"]
    assert response.json()["expiry"]
    assert token_client(token).get(ME_URL).json()["username"] == "coach"

    # when they sign out with it
    assert token_client(token).post(LOGOUT_URL).status_code == 204

    # then the token is refused
    assert_error(token_client(token).get(ME_URL), 401)
    assert not AuthToken.objects.filter(user=coach).exists()


@pytest.mark.django_db
def test_token_is_stored_hashed(coach):
    # given a token just issued
    token = APIClient().post(TOKEN_URL, {"username": "coach", "password": PASSWORD}).json()["token"]

    # then the database holds only its digest, never the token itself
    row = AuthToken.objects.get(user=coach)
    assert row.digest == hash_token(token)
    assert token not in row.digest
    with connection.cursor() as cursor:
        cursor.execute("SELECT * FROM knox_authtoken")
        stored = [str(value) for line in cursor.fetchall() for value in line]
    assert all(token not in value for value in stored)


@pytest.mark.django_db
def test_expired_token_is_refused(coach):
    # given a token that expired a second ago
    _instance, token = AuthToken.objects.create(user=coach, expiry=timedelta(seconds=-1))

    # when it is used
    response = token_client(token).get(ME_URL)

    # then it is refused
    assert_error(response, 401)


@pytest.mark.django_db
def test_wrong_password_is_a_400_in_the_error_shape(coach):
    # when someone signs in with a wrong password
    response = APIClient().post(TOKEN_URL, {"username": "coach", "password": "wrong"})

    # then the answer names no token and uses the one error shape
    error = assert_error(response, 400, "non_field_errors")
    assert error["code"] == "invalid"
    assert not AuthToken.objects.exists()


@pytest.mark.django_db
def test_missing_fields_are_named():
    response = APIClient().post(TOKEN_URL, {"username": "coach"})

    assert_error(response, 400, "password")


@pytest.mark.django_db
def test_sign_ins_from_one_address_are_throttled(coach):
    # given ten successful sign-ins from one address within a minute (the "login" rate)
    client = APIClient()
    for _attempt in range(10):
        assert (
            client.post(TOKEN_URL, {"username": "coach", "password": PASSWORD}).status_code == 200
        )

    # when an eleventh comes
    response = client.post(TOKEN_URL, {"username": "coach", "password": PASSWORD})

    # then it is throttled, in the error shape, and says when to come back
    error = assert_error(response, 429)
    assert error["code"] == "throttled"
    assert int(response["Retry-After"]) > 0
    assert AuthToken.objects.count() == 10


@pytest.mark.django_db
def test_session_auth_enforces_csrf(coach):
    # given a browser signed in with a session cookie, sending no CSRF token
    client = APIClient(enforce_csrf_checks=True)
    client.login(username="coach", password=PASSWORD)

    # when it writes
    response = client.patch(ME_URL, {"language": "fr"}, format="json")

    # then it is refused and nothing changes
    assert_error(response, 403)
    assert not UserProfile.objects.filter(user=coach).exists()
    # while reading with the session works
    assert client.get(ME_URL).json()["username"] == "coach"


@pytest.mark.django_db
def test_me_lists_teams_coached_and_leagues_commissioned(api_as, coach, team, commissioner, league):
    # given the coach also commissions a league of their own
    LeagueFactory(name="Coach's League", commissioner=coach)

    # when they ask who they are
    body = api_as(coach).get(ME_URL).json()

    # then they see their team and their league, and no language preference yet
    assert body["username"] == "coach"
    assert body["language"] == ""
    assert [t["name"] for t in body["teams"]] == ["Wolves"]
    assert body["teams"][0]["league"] == {"id": league.pk, "name": "Middenheim Cup"}
    assert [lg["name"] for lg in body["leagues"]] == ["Coach's League"]
    assert [lg["name"] for lg in api_as(commissioner).get(ME_URL).json()["leagues"]] == [
        "Middenheim Cup"
    ]


@pytest.mark.django_db
def test_me_sets_the_language(api_as, coach):
    # when the coach chooses French
    response = api_as(coach).patch(ME_URL, {"language": "fr"}, format="json")

    # then it is stored through the service and shown
    assert response.status_code == 200, response.content
    assert response.json()["language"] == "fr"
    assert UserProfile.objects.get(user=coach).language == "fr"


@pytest.mark.django_db
def test_me_refuses_an_unknown_language(api_as, coach):
    response = api_as(coach).patch(ME_URL, {"language": "xx"}, format="json")

    assert_error(response, 400, "language")
    assert not UserProfile.objects.filter(user=coach).exists()


@pytest.mark.django_db
def test_me_needs_a_signed_in_user():
    assert_error(APIClient().get(ME_URL), 401)
    assert_error(APIClient().patch(ME_URL, {"language": "fr"}, format="json"), 401)


@pytest.mark.django_db
def test_token_requests_answer_in_the_users_saved_language(coach, team):
    # given a coach who chose French and signs requests with a token
    UserProfile.objects.create(user=coach, language="fr")
    _instance, token = AuthToken.objects.create(user=coach)
    payload = {
        "team": team.pk,
        "name": "Hans",
        "endurance": 101,
        "agility": 40,
        "strength": 40,
        "intelligence": 40,
    }

    # when a characteristic breaks the 1-100 rule
    french = token_client(token).post("/api/v1/players/", payload, format="json")
    english = token_client(token).post(
        "/api/v1/players/", payload, format="json", HTTP_ACCEPT_LANGUAGE="en"
    )

    # then the field message is in French, whatever the client's Accept-Language says
    assert french.status_code == english.status_code == 400
    assert "inférieure ou égale à 100" in french.json()["error"]["fields"]["endurance"][0]
    assert (
        english.json()["error"]["fields"]["endurance"]
        == french.json()["error"]["fields"]["endurance"]
    )
