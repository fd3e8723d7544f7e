"""The corrections API: who may call it, what it answers (400 naming the field, 403, 409) and
that a refused call changes nothing; the history readable by anyone."""

import pytest

from matches.models import Fixture, Result, ResultCorrection

pytestmark = pytest.mark.django_db


def url(fixture, command):
    return f"/api/v1/fixtures/{fixture.pk}/{command}/"


def test_the_commissioner_corrects_a_result(api_as, commissioner, played, fixture):
    response = api_as(commissioner).post(
        url(fixture, "correct"),
        {"home_score": 1, "away_score": 2, "winner": "away", "reason": "Own goal not counted"},
        format="json",
    )
    assert response.status_code == 200, response.data
    body = response.json()
    assert body["result"] == {
        "id": played.pk,
        "home_score": 1,
        "away_score": 2,
        "winner": "away",
        "decided_by": "regulation",
    }
    assert body["correction"]["before"]["winner"] == "home"
    assert body["correction"]["by"] == "commissioner"
    assert body["fixture_status"] == "played"

    history = api_as(None).get(url(fixture, "corrections")).json()
    assert [row["kind"] for row in history] == ["corrected"]
    assert history[0]["reason"] == "Own goal not counted"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"home_score": 1, "away_score": 0, "winner": "home"}, "reason"),
        ({"home_score": -1, "away_score": 0, "winner": "home", "reason": "x"}, "home_score"),
        ({"home_score": 0, "away_score": 2, "winner": "home", "reason": "x"}, "winner"),
        ({"home_score": 0, "away_score": 2, "winner": "both", "reason": "x"}, "winner"),
        ({"home_score": 1, "away_score": 1, "winner": "draw", "reason": "x"}, "winner"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(api_as, commissioner, played, fixture, body, field):
    response = api_as(commissioner).post(url(fixture, "correct"), body, format="json")
    assert response.status_code == 400
    assert field in response.json()["error"]["fields"]
    played.refresh_from_db()
    assert (played.home_score, played.away_score, played.winner) == (2, 1, "home")
    assert not ResultCorrection.objects.exists()


@pytest.mark.parametrize("user", ["coach", "stranger"])
@pytest.mark.parametrize("command", ["correct", "void"])
def test_only_the_commissioner_may(api_as, request, played, fixture, user, command):
    body = {"home_score": 0, "away_score": 1, "winner": "away", "reason": "x"}
    response = api_as(request.getfixturevalue(user)).post(
        url(fixture, command), body, format="json"
    )
    assert response.status_code == 403
    assert Result.objects.filter(fixture=fixture, winner="home").exists()


@pytest.mark.parametrize("user", ["coach", "stranger"])
def test_only_the_commissioner_awards(api_as, request, fixture, user):
    response = api_as(request.getfixturevalue(user)).post(
        url(fixture, "award"), {"winner": "home", "reason": "x"}, format="json"
    )
    assert response.status_code == 403
    assert not Result.objects.filter(fixture=fixture).exists()


def test_an_unknown_fixture_is_a_404(api_as, commissioner):
    response = api_as(commissioner).post(
        "/api/v1/fixtures/999999/award/", {"winner": "home", "reason": "x"}, format="json"
    )
    assert response.status_code == 404


def test_anonymous_writes_are_refused(api_as, played, fixture):
    response = api_as(None).post(url(fixture, "void"), {"reason": "x"}, format="json")
    assert response.status_code == 401


def test_wrong_states_are_409(api_as, commissioner, fixture):
    client = api_as(commissioner)
    body = {"home_score": 0, "away_score": 1, "winner": "away", "reason": "x"}
    assert client.post(url(fixture, "correct"), body, format="json").status_code == 409
    assert client.post(url(fixture, "void"), {"reason": "x"}, format="json").status_code == 409
    response = client.post(
        url(fixture, "award"), {"winner": "away", "reason": "No show"}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["result"]["decided_by"] == "forfeit"
    again = client.post(url(fixture, "award"), {"winner": "home", "reason": "x"}, format="json")
    assert again.status_code == 409
    assert again.json()["error"]["code"] == "not_open"


def test_a_void_answers_the_fixture_scheduled_again(api_as, commissioner, played, fixture):
    response = api_as(commissioner).post(
        url(fixture, "void"),
        {"reason": "Replay ordered", "kickoff": "2031-05-01T20:00:00Z"},
        format="json",
    )
    assert response.status_code == 200, response.data
    assert response.json()["fixture_status"] == "scheduled"
    assert response.json()["result"] is None
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.SCHEDULED and fixture.kickoff.year == 2031
