"""Double elimination in the API: the format and the bracket reset in create and retrieve,
the commissioner's round commands, the bracket read by anyone."""

import pytest

from tests.factories import ResultFactory, TeamFactory
from tournaments import services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def five_teams(league):
    return [TeamFactory(league=league, name=f"Team {n}", coach=None) for n in range(1, 6)]


def test_the_commissioner_creates_a_double_elimination(api_as, commissioner, season, five_teams):
    body = {
        "season": season.pk,
        "name": "Double",
        "teams": [team.pk for team in five_teams],
        "format": "double",
        "bracket_reset": False,
    }

    created = api_as(commissioner).post("/api/v1/tournaments/", body, format="json")

    assert created.status_code == 201, created.json()
    data = created.json()
    assert data["format"] == "double" and data["bracket_reset"] is False
    assert [e["team"] for e in data["entries"]] == [team.pk for team in five_teams]
    read = api_as(commissioner).get(f"/api/v1/tournaments/{data['id']}/").json()
    assert read["format"] == "double" and read["bracket_reset"] is False


def test_a_stranger_cannot_create_and_a_bad_format_is_refused(
    api_as, commissioner, stranger, season, five_teams
):
    body = {"season": season.pk, "name": "X", "teams": [t.pk for t in five_teams]}
    assert api_as(stranger).post("/api/v1/tournaments/", body, format="json").status_code == 403
    bad = api_as(commissioner).post(
        "/api/v1/tournaments/", {**body, "format": "ladder"}, format="json"
    )
    assert bad.status_code == 400 and "format" in bad.json()["error"]["fields"]
    assert not Tournament.objects.exists()


def test_the_bracket_is_read_as_it_is_played(api_client, api_as, commissioner, season, five_teams):
    tournament = services.tournament_create(
        season=season, name="Double", teams=five_teams, format=Tournament.Format.DOUBLE
    )
    client = api_as(commissioner)
    paired = client.post(f"/api/v1/tournaments/{tournament.pk}/pair/")
    assert paired.status_code == 201
    # five teams in eight places: W1.2 (4 v 5) and W2.2 (2 v 3, both through on walkovers)
    assert len(paired.json()["pairings"]) == 2
    client.post(f"/api/v1/tournaments/{tournament.pk}/publish/", {"round": 1}, format="json")

    bracket = api_client.get(f"/api/v1/tournaments/{tournament.pk}/bracket/").json()
    matches = {m["id"]: m for m in bracket["matches"]}
    assert bracket["champion"] is None
    assert matches["W1.1"]["walkover"] and matches["W1.1"]["winner"] == five_teams[0].pk
    assert matches["W1.1"]["away"] == 0  # a bye
    assert matches["W1.2"]["tournament_round"] == 1 and matches["W1.2"]["fixture"] is not None
    assert matches["W2.1"]["away"] is None  # not known yet
    assert "GF2" in matches

    while tournament.round_set.count() < 20:
        for pairing in tournament.round_set.last().pairings.select_related("fixture"):
            ResultFactory(fixture=pairing.fixture, home_score=1, away_score=0)
        paired = client.post(f"/api/v1/tournaments/{tournament.pk}/pair/")
        if paired.status_code != 201:
            assert paired.json()["error"]["code"] == "tournament_over", paired.json()
            break
        number = paired.json()["number"]
        client.post(
            f"/api/v1/tournaments/{tournament.pk}/publish/", {"round": number}, format="json"
        )
    bracket = api_client.get(f"/api/v1/tournaments/{tournament.pk}/bracket/").json()
    assert bracket["champion"] == five_teams[0].pk
    assert "GF2" not in {m["id"] for m in bracket["matches"]}  # not needed


def test_a_swiss_has_no_bracket(api_client, swiss):
    response = api_client.get(f"/api/v1/tournaments/{swiss.pk}/bracket/")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "not_a_bracket"
