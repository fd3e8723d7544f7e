"""Bet downloads: the league's every bet for its commissioner only, a player's own bets only
to that player; the same bets, stakes and prices as the API and the pages show."""

from decimal import Decimal

import pytest

from betting import bets
from tests.exports.helpers import csv_records, json_records

pytestmark = pytest.mark.django_db


@pytest.fixture
def placed(open_fixture, wallet, punter, other_punter, place):
    bets.wallet_open(user=other_punter, league=open_fixture.season.league)
    return [
        place(punter, open_fixture, "home", 10),
        place(punter, open_fixture, "away", 25),
        place(other_punter, open_fixture, "home", 17),
    ]


def test_my_bets_download_holds_my_bets_as_the_api_does(client, api_as, punter, placed):
    client.force_login(punter)
    records = json_records(client.get("/betting/my-bets.json"))
    rows = csv_records(client.get("/betting/my-bets.csv"))
    api = api_as(punter).get("/api/v1/bets/").json()["results"]
    assert (
        sorted(r["id"] for r in records)
        == sorted(b["id"] for b in api)
        == [placed[0].pk, placed[1].pk]
    )
    by_id = {b["id"]: b for b in api}
    for record, row in zip(records, rows, strict=True):
        bet = by_id[record["id"]]
        assert record["stake"] == bet["stake"] and row["stake"] == str(bet["stake"])
        assert record["outcome"] == bet["outcome"] and record["status"] == "open"
        assert Decimal(str(record["price"])) == Decimal(bet["price"]) == Decimal(row["price"])
        assert isinstance(record["price"], float | int)
        assert record["player"] == "punter" and record["payout"] is None
        assert row["payout"] == "" and row["placed_at"] == record["placed_at"]


def test_the_commissioner_downloads_every_bet_of_the_league(
    client, commissioner, fixed_league, placed
):
    client.force_login(commissioner)
    response = client.get(f"/betting/leagues/{fixed_league.pk}/bets.csv")
    assert response["Content-Disposition"].startswith("attachment;")
    rows = csv_records(response)
    assert sorted(int(r["id"]) for r in rows) == sorted(bet.pk for bet in placed)
    assert sorted(r["player"] for r in rows) == ["other_punter", "punter", "punter"]
    assert sum(int(r["stake"]) for r in rows) == 52
    assert len(json_records(client.get(f"/betting/leagues/{fixed_league.pk}/bets.json"))) == 3


def test_a_player_may_not_download_the_leagues_bets(client, punter, fixed_league, placed):
    client.force_login(punter)
    assert client.get(f"/betting/leagues/{fixed_league.pk}/bets.csv").status_code == 403


def test_anonymous_users_are_sent_to_sign_in(client, fixed_league, placed):
    for url in ("/betting/my-bets.csv", f"/betting/leagues/{fixed_league.pk}/bets.json"):
        response = client.get(url)
        assert response.status_code == 302 and "login" in response["Location"]


def test_another_player_sees_only_their_own(client, other_punter, placed):
    client.force_login(other_punter)
    records = json_records(client.get("/betting/my-bets.json"))
    assert [r["id"] for r in records] == [placed[2].pk]


def test_the_pages_link_their_downloads(client, commissioner, punter, fixed_league, placed):
    client.force_login(punter)
    assert 'href="/betting/my-bets.csv"' in client.get("/betting/my-bets/").content.decode()
    client.force_login(commissioner)
    page = client.get(f"/betting/leagues/{fixed_league.pk}/book/").content.decode()
    assert f'href="/betting/leagues/{fixed_league.pk}/bets.csv"' in page


def test_bet_downloads_cost_a_few_queries(
    client, commissioner, punter, fixed_league, placed, django_assert_max_num_queries
):
    client.force_login(commissioner)
    with django_assert_max_num_queries(6):
        csv_records(client.get(f"/betting/leagues/{fixed_league.pk}/bets.csv"))
    client.force_login(punter)
    with django_assert_max_num_queries(6):
        json_records(client.get("/betting/my-bets.json"))
