"""Killpower teams and gladiators over the API: creation, computed sheets, raises."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import Team
from systems.killpower.models import Gladiator
from tests.api.conftest import ANONYMOUS, assert_error, refused_status
from tests.factories import killpower_recruits, set_ranking_points

pytestmark = pytest.mark.django_db


def test_gladiators_are_listed_with_their_computed_characteristics(api_as, titanos, viking):
    body = api_as(None).get("/api/v1/gladiators/", {"team": titanos.pk}).json()

    assert body["count"] == 7
    first = body["results"][0]
    assert (first["number"], first["name"], first["specialization"]) == (1, "Titanos 1", "archer")
    assert first["characteristics"] == {"DEP": 5, "PHY": 4, "HAB": 5, "POU": 4, "BAL": 4, "VIE": 4}
    assert (first["armour"], first["raises_available"], first["status"]) == (1, 0, "fit")
    assert first["equipment"] == {"kind": "combat_gloves"}


def test_a_gladiator_shows_his_history(api_as, titanos):
    gladiator = titanos.gladiators.get(number=1)

    body = api_as(None).get(f"/api/v1/gladiators/{gladiator.pk}/").json()

    assert [e["kind"] for e in body["events"]] == ["created"]
    assert body["events"][0]["detail"]["seed"] == 1


def test_the_living_and_the_dead_filter(api_as, titanos):
    Gladiator.objects.filter(team=titanos, number=7).update(status="dead")
    client = api_as(None)

    assert client.get("/api/v1/gladiators/", {"living": "true"}).json()["count"] == 6
    assert client.get("/api/v1/gladiators/", {"living": "false"}).json()["count"] == 1
    assert client.get("/api/v1/gladiators/", {"status": "dead"}).json()["count"] == 1


def test_a_killpower_team_shows_its_power_and_division(api_as, titanos, team):
    set_ranking_points(titanos, 14)
    Gladiator.objects.filter(team=titanos).update(xp=10)  # 70 XP: +7

    body = api_as(None).get(f"/api/v1/teams/{titanos.pk}/").json()
    rotzball = api_as(None).get(f"/api/v1/teams/{team.pk}/").json()

    assert (body["ranking_points"], body["power"], body["division"]) == (14, 21, 2)
    assert (rotzball["power"], rotzball["division"]) == (None, None)


def test_a_team_list_reads_the_living_gladiators_of_killpower_teams_only(
    api_as, titanos, viking, team
):
    set_ranking_points(titanos, 14)
    Gladiator.objects.filter(team=titanos).update(xp=10)
    client = api_as(None)

    with CaptureQueriesContext(connection) as killpower:
        listed = client.get("/api/v1/teams/", {"league": titanos.league_id}).json()
    with CaptureQueriesContext(connection) as rotzball:
        other = client.get("/api/v1/teams/", {"league": team.league_id}).json()

    # the page's gladiators in one query; none for a page of another game's teams
    read = [
        query["sql"]
        for query in killpower.captured_queries
        if "killpower_gladiator" in query["sql"]
    ]
    assert len(read) == 1
    assert [(row["name"], row["power"]) for row in listed["results"]] == [
        ("Titanos", 21),
        ("Viking", 0),
    ]
    assert not any("killpower_gladiator" in query["sql"] for query in rotzball.captured_queries)
    assert [row["power"] for row in other["results"]] == [None]


def test_the_commissioner_creates_a_team_with_its_gladiators(
    api_as, commissioner, kp_league, coach
):
    chosen = [
        {"name": "Tom", "specialization": "shooter", "equipment": "magic_armour"},
        {"name": "Max", "specialization": "mentor", "equipment": "power_cards"},
    ]

    response = api_as(commissioner).post(
        "/api/v1/killpower-teams/",
        {"league": kp_league.pk, "name": "Titanos", "coach": "coach", "gladiators": chosen},
        format="json",
    )

    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["name"], body["coach"], body["power"]) == ("Titanos", "coach", 0)
    names = [g["name"] for g in body["gladiators"]]
    assert names == ["Tom", "Max", *(f"Recruit {n}" for n in range(1, 6))]
    tom = body["gladiators"][0]
    assert tom["armour"] == tom["equipment"]["armour"] and 7 <= tom["armour"] <= 11


@pytest.mark.parametrize("persona", [ANONYMOUS, "coach", "stranger"])
def test_only_the_commissioner_creates_a_team(client_for, persona, kp_league):
    response = client_for(persona).post(
        "/api/v1/killpower-teams/", {"league": kp_league.pk, "name": "Titanos"}, format="json"
    )
    assert_error(response, refused_status(persona))
    assert not Team.objects.exists()


@pytest.mark.parametrize(
    ("gladiators", "field"),
    [
        ([{"name": "Tom", "specialization": "wizard", "equipment": "magic_armour"}], "gladiators.0.specialization"),
        ([{"name": "Tom", "specialization": "archer", "equipment": "combat_gloves"}] * 2, "gladiators.1.name"),
        (killpower_recruits("A") + killpower_recruits("B")[:1], "gladiators"),
    ],
)  # fmt: skip
def test_a_bad_team_names_its_field(api_as, commissioner, kp_league, gladiators, field):
    response = api_as(commissioner).post(
        "/api/v1/killpower-teams/",
        {"league": kp_league.pk, "name": "Titanos", "gladiators": gladiators},
        format="json",
    )
    assert_error(response, 400, field)
    assert not Team.objects.exists()


def test_the_coach_raises_a_gladiator(client_for, api_as, titanos, coach):
    gladiator = titanos.gladiators.get(name="Titanos 5")
    Gladiator.objects.filter(pk=gladiator.pk).update(xp=10)
    url = f"/api/v1/gladiators/{gladiator.pk}/raise/"

    for persona in ("other_coach", "stranger", ANONYMOUS):
        assert_error(
            client_for(persona).post(url, {"characteristic": "BAL"}), refused_status(persona)
        )
    response = api_as(coach).post(url, {"characteristic": "BAL"})

    assert response.status_code == 200, response.content
    assert response.json()["characteristics"]["BAL"] == 6
    assert response.json()["raises_available"] == 0
    error = assert_error(api_as(coach).post(url, {"characteristic": "BAL"}), 400, "characteristic")
    assert "no raise left" in error["fields"]["characteristic"][0]
    assert_error(api_as(coach).post(url, {"characteristic": "DEP"}), 400, "characteristic")


def test_a_league_shows_its_format_and_house_rules(api_as, commissioner, kp_league):
    client = api_as(commissioner)
    response = client.patch(
        f"/api/v1/leagues/{kp_league.pk}/",
        {"house_rules": {"ranking": {"draw": "one"}}},
        format="json",
    )
    error = assert_error(response, 400, "house_rules")
    assert error["fields"]["house_rules"][0].startswith("ranking.draw")

    response = client.patch(
        f"/api/v1/leagues/{kp_league.pk}/",
        {"competition_format": "tournament", "house_rules": {"xp_per_match": 10}},
        format="json",
    )
    assert response.status_code == 200, response.content
    assert (response.json()["competition_format"], response.json()["house_rules"]) == (
        "tournament",
        {"xp_per_match": 10},
    )


def test_a_killpower_team_sheet_is_the_engines(api_as, titanos):
    body = api_as(None).get(f"/api/v1/teams/{titanos.pk}/sheet/").json()

    assert (body["rule_system"], body["complete"], body["issues"], body["ratings"]) == (
        "killpower",
        True,
        [],
        None,
    )
    sheet = body["sheet"]
    assert (sheet["power"], sheet["division"], sheet["total_xp"]) == (0, 0, 0)
    assert [g["number"] for g in sheet["gladiators"]] == list(range(1, 8))
    assert sheet["gladiators"][4]["characteristics"]["BAL"] == 5  # Titanos 5, a shooter
