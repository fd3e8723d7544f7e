"""The tournaments API: anyone reads a tournament, its rounds and its standings; the
commissioner pairs, swaps, publishes, enters and withdraws, refused in the project's shape."""

import pytest

from tests.factories import TeamFactory
from tests.tournaments.conftest import play
from tournaments import services
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def test_anyone_lists_and_reads_a_tournament(api_client, league, swiss):
    listing = api_client.get(f"/api/v1/tournaments/?league={league.pk}")
    assert listing.status_code == 200
    assert [t["id"] for t in listing.json()["results"]] == [swiss.pk]

    detail = api_client.get(f"/api/v1/tournaments/{swiss.pk}/").json()
    assert detail["format"] == "swiss" and detail["rounds"] == 3 and detail["league"] == league.pk
    assert len(detail["entries"]) == 6 and detail["tiebreakers"][0] == "points"


def test_the_commissioner_plays_a_round_through_the_api(api_as, commissioner, swiss):
    client = api_as(commissioner)

    paired = client.post(f"/api/v1/tournaments/{swiss.pk}/pair/")
    assert paired.status_code == 201
    body = paired.json()
    assert body["number"] == 1 and body["status"] == "draft" and body["warnings"] == []
    assert len(body["pairings"]) == 3

    first, second = body["pairings"][0], body["pairings"][1]
    swapped = client.post(
        f"/api/v1/tournaments/{swiss.pk}/swap/",
        {"first": first["away"], "second": second["away"]},
        format="json",
    )
    assert swapped.status_code == 200 and swapped.json()["warnings"] == []

    published = client.post(f"/api/v1/tournaments/{swiss.pk}/publish/", {"round": 1}, format="json")
    again = client.post(f"/api/v1/tournaments/{swiss.pk}/publish/", {"round": 1}, format="json")
    assert published.status_code == again.status_code == 200
    assert [p["fixture"] for p in published.json()["pairings"]] == [
        p["fixture"] for p in again.json()["pairings"]
    ]
    assert swiss.season.fixtures.count() == 3

    refused = client.post(f"/api/v1/tournaments/{swiss.pk}/pair/")
    assert refused.status_code == 400
    error = refused.json()["error"]
    assert error["code"] == "round_in_play" and "round" in error["fields"]

    play(Round.objects.get(tournament=swiss, number=1))
    rounds = client.get(f"/api/v1/tournaments/{swiss.pk}/rounds/").json()
    assert rounds[0]["pairings"][0]["result"] == {"home": 1, "away": 0, "winner": "home"}
    standings = client.get(f"/api/v1/tournaments/{swiss.pk}/standings/").json()
    assert [row["place"] for row in standings] == [1, 1, 1, 4, 4, 4]
    assert standings[0]["values"]["points"] == 3


def test_entries_and_withdrawals_through_the_api(api_as, commissioner, league, swiss):
    client = api_as(commissioner)
    late = TeamFactory(league=league, name="Late", coach=None)

    entered = client.post(
        f"/api/v1/tournaments/{swiss.pk}/enter/", {"team": late.pk}, format="json"
    )
    assert entered.status_code == 201 and entered.json()["joined_round"] == 1

    gone = client.post(
        f"/api/v1/tournaments/{swiss.pk}/withdraw/", {"team": late.pk}, format="json"
    )
    assert gone.status_code == 200 and gone.json()["withdrawn_after"] == 0

    twice = client.post(
        f"/api/v1/tournaments/{swiss.pk}/withdraw/", {"team": late.pk}, format="json"
    )
    assert twice.status_code == 400 and twice.json()["error"]["code"] == "already_withdrawn"


def test_only_the_commissioner_commands(api_as, coach, swiss):
    response = api_as(coach).post(f"/api/v1/tournaments/{swiss.pk}/pair/")
    assert response.status_code == 403
    assert not Round.objects.exists()
    services.round_pair(tournament=swiss)
    swap = api_as(coach).post(f"/api/v1/tournaments/{swiss.pk}/swap/", {}, format="json")
    assert swap.status_code == 403
