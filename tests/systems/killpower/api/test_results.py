"""Killpower results over the API: each role on each command, the queue, the post-match report
and the referee sheet."""

import pytest

from matches.models import Fixture, Result
from systems.killpower.models import ResultReport
from tests.api.conftest import ANONYMOUS, assert_error, refused_status
from tests.systems.killpower.helpers import report

pytestmark = pytest.mark.django_db

REPORT = report(3, 0, home={"played": ["Titanos 1", "Titanos 2"], "badly_wounded": ["Titanos 2"]})


def submit(client, fixture, body=None):
    return client.post(
        f"/api/v1/fixtures/{fixture.pk}/result-reports/", body or {"result": REPORT}, format="json"
    )


@pytest.fixture
def entered(api_as, coach, kp_fixture):
    response = submit(api_as(coach), kp_fixture)
    assert response.status_code == 201, response.content
    return ResultReport.objects.get(pk=response.json()["id"])


@pytest.mark.parametrize("persona", ["commissioner", "coach", "other_coach"])
def test_the_commissioner_or_either_coach_enters_a_result(client_for, persona, kp_fixture):
    response = submit(client_for(persona), kp_fixture)

    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["status"], body["submitted_by"], body["result"]) == ("pending", persona, None)
    assert body["payload"]["home"]["badly_wounded"] == ["Titanos 2"]
    assert body["fixture"]["id"] == kp_fixture.pk


@pytest.mark.parametrize("persona", [ANONYMOUS, "stranger", "other_commissioner"])
def test_nobody_else_enters_a_result(client_for, persona, kp_fixture):
    assert_error(submit(client_for(persona), kp_fixture), refused_status(persona))
    assert not ResultReport.objects.exists()


def test_a_bad_report_answers_400_naming_the_field(api_as, coach, kp_fixture):
    body = {
        "result": report(1, 0, home={"played": ["Titanos 1"], "comas": [{"gladiator": "Titanos 2", "state": -12}]}),
    }  # fmt: skip
    error = assert_error(
        submit(api_as(coach), kp_fixture, body), 400, "result.home.comas.0.gladiator"
    )
    assert error["fields"]["result.home.comas.0.gladiator"] == [
        "'Titanos 2' did not play the match"
    ]
    kp_fixture.refresh_from_db()
    assert kp_fixture.status == Fixture.Status.SCHEDULED


@pytest.mark.parametrize(
    ("persona", "status"),
    [
        (ANONYMOUS, 401),
        ("stranger", 403),
        ("coach", 403),
        ("other_coach", 200),
        ("commissioner", 200),
    ],
)
def test_the_other_coach_or_the_commissioner_confirms(
    client_for, persona, status, entered, kp_fixture
):
    response = client_for(persona).post(
        f"/api/v1/result-reports/{entered.pk}/confirm/", {}, format="json"
    )

    assert response.status_code == status, response.content
    if status == 200:
        body = response.json()
        assert body["status"] == "confirmed"
        assert (body["result"]["home_score"], body["result"]["winner"]) == (3, "home")
        assert Result.objects.filter(fixture=kp_fixture).count() == 1
    else:
        assert not Result.objects.exists()


@pytest.mark.parametrize(
    ("persona", "status"),
    [
        (ANONYMOUS, 401),
        ("stranger", 403),
        ("coach", 403),
        ("commissioner", 403),
        ("other_coach", 200),
    ],
)
def test_the_other_coach_disputes(client_for, persona, status, entered):
    response = client_for(persona).post(
        f"/api/v1/result-reports/{entered.pk}/dispute/", {"reason": "2-0"}, format="json"
    )
    assert response.status_code == status, response.content
    entered.refresh_from_db()
    assert entered.status == ("disputed" if status == 200 else "pending")


@pytest.mark.parametrize(
    ("persona", "status"),
    [
        (ANONYMOUS, 401),
        ("stranger", 403),
        ("coach", 403),
        ("other_coach", 403),
        ("commissioner", 200),
    ],
)
def test_the_commissioner_decides(client_for, persona, status, entered):
    response = client_for(persona).post(
        f"/api/v1/result-reports/{entered.pk}/decide/",
        {"result": report(2, 0), "note": "The sheet says 2-0."},
        format="json",
    )
    assert response.status_code == status, response.content
    if status == 200:
        assert response.json()["status"] == "decided"
        assert response.json()["result"]["home_score"] == 2


def test_a_disputed_result_waits_in_the_queue(api_as, other_coach, commissioner, entered, stranger):
    api_as(other_coach).post(f"/api/v1/result-reports/{entered.pk}/dispute/", {"reason": "2-0"})

    body = api_as(commissioner).get("/api/v1/result-reports/queue/").json()
    assert [
        (r["id"], r["status"], r["disputed_by"], r["dispute_reason"]) for r in body["results"]
    ] == [(entered.pk, "disputed", "other_coach", "2-0")]
    assert api_as(stranger).get("/api/v1/result-reports/queue/").json()["count"] == 0
    assert_error(api_as(None).get("/api/v1/result-reports/queue/"), 401)
    error = assert_error(
        api_as(other_coach).post(f"/api/v1/result-reports/{entered.pk}/dispute/", {}), 400, "report"
    )
    assert "disputed" in error["fields"]["report"][0]


def test_reports_are_listed_and_filtered(api_as, entered, kp_fixture):
    client = api_as(None)
    assert client.get("/api/v1/result-reports/", {"fixture": kp_fixture.pk}).json()["count"] == 1
    assert client.get("/api/v1/result-reports/", {"status": "confirmed"}).json()["count"] == 0
    assert client.get(f"/api/v1/result-reports/{entered.pk}/").json()["status"] == "pending"


def test_the_post_match_report_shows_every_step_and_roll(
    api_as, other_coach, entered, kp_fixture, django_capture_on_commit_callbacks
):
    client = api_as(None)
    assert_error(client.get(f"/api/v1/fixtures/{kp_fixture.pk}/post-match/"), 404)

    with django_capture_on_commit_callbacks(execute=True):
        api_as(other_coach).post(f"/api/v1/result-reports/{entered.pk}/confirm/", {}, format="json")
    body = client.get(f"/api/v1/fixtures/{kp_fixture.pk}/post-match/").json()

    assert body["fixture"] == kp_fixture.pk and isinstance(body["seed"], int)
    home = body["log"]["home"]
    assert home["outcome"] == "win" and home["log"]["ranking"]["after"] == 3
    assert [e["gladiator"] for e in home["log"]["experience"]] == ["Titanos 1", "Titanos 2"]
    assert body["rolls"] == []  # nobody in a coma, no redraw: nothing to roll
    result = client.get(f"/api/v1/results/{Result.objects.get().pk}/").json()
    assert result["record"]["report"]["score"] == {"home": 3, "away": 0}
    assert result["decided_by"] == "points"


def test_the_referee_sheet(api_as, entered, kp_fixture):
    body = api_as(None).get(f"/api/v1/fixtures/{kp_fixture.pk}/referee-sheet/").json()

    assert body["kicked_off"] is True and body["turns"][0] == 20 and len(body["turns"]) == 20
    assert body["home"]["team"]["name"] == "Titanos"
    assert (body["home"]["power"], body["home"]["points_to_score"]) == (0, 1)
    assert len(body["away"]["gladiators"]) == 7
    assert all(1 <= g["rapidity"] <= 10 for g in body["home"]["gladiators"])
    assert body["score"] is None


def kick_off(client, fixture):
    return client.post(f"/api/v1/fixtures/{fixture.pk}/kick-off/")


def test_the_commissioner_kicks_a_fixture_off_before_its_time(api_as, commissioner, kp_fixture):
    # Given a fixture scheduled in two days, when its commissioner kicks it off
    response = kick_off(api_as(commissioner), kp_fixture)

    # Then it answers the referee sheet, teams frozen and RAP drawn
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["kicked_off"] is True and body["fixture"]["id"] == kp_fixture.pk
    assert len(body["home"]["gladiators"]) == 7
    assert all(1 <= g["rapidity"] <= 10 for g in body["away"]["gladiators"])
    kp_fixture.refresh_from_db()
    assert kp_fixture.status == Fixture.Status.LOCKED

    # ... once: a second time answers 400 naming the fixture
    assert_error(kick_off(api_as(commissioner), kp_fixture), 400, "fixture")


@pytest.mark.parametrize(
    "persona", [ANONYMOUS, "coach", "other_coach", "stranger", "other_commissioner"]
)
def test_nobody_else_kicks_a_fixture_off(client_for, persona, kp_fixture):
    assert_error(kick_off(client_for(persona), kp_fixture), refused_status(persona))
    kp_fixture.refresh_from_db()
    assert kp_fixture.status == Fixture.Status.SCHEDULED
