"""The champion market through the API: the season's odds, placing with the bet contract
(``market: champion``), its refusal codes, the idempotency replay, and the fixture bets
unchanged beside it."""

from decimal import Decimal

import pytest

from betting import bets
from betting.league_settings import settings_save
from betting.models import Bet

pytestmark = pytest.mark.django_db


@pytest.fixture
def fixed(rz_league):
    settings_save(league=rz_league, values={"mode": "fixed"})
    return rz_league


def test_the_seasons_odds_list_each_team_with_its_chance_and_price(
    api_as, fixed, rz_season, teams, fixtures
):
    response = api_as(None).get(f"/api/v1/seasons/{rz_season.pk}/odds/")

    assert response.status_code == 200
    body = response.json()
    assert body["season"] == rz_season.pk and body["market"] == "fixed" and not body["closed"]
    lines = body["champion"]
    assert {line["outcome"] for line in lines} == {str(team.pk) for team in teams}
    assert sum(line["probability"] for line in lines) == pytest.approx(1)
    for line in lines:
        assert isinstance(line["probability"], float) and 0 <= line["probability"] <= 1
        assert isinstance(line["price"], str) and Decimal(line["price"]) >= Decimal("1.01")


def test_a_league_without_betting_has_no_champion_odds(api_as, rz_season, teams, fixtures):
    response = api_as(None).get(f"/api/v1/seasons/{rz_season.pk}/odds/")
    assert response.status_code == 400
    assert response.json()["error"]["code"] == "betting_off"


def test_a_champion_bet_is_placed_replayed_and_refused_with_the_contracts_codes(
    api_as, fixed, rz_season, teams, fixtures, punter
):
    client = api_as(punter)
    odds = client.get(f"/api/v1/seasons/{rz_season.pk}/odds/").json()["champion"]
    team = odds[0]
    body = {
        "season": rz_season.pk,
        "market": "champion",
        "outcome": team["outcome"],
        "stake": 40,
        "price": team["price"],
    }
    assert client.post("/api/v1/bets/", body).json()["error"]["code"] == "no_wallet"
    bets.wallet_open(user=punter, league=fixed)

    placed = client.post("/api/v1/bets/", body, HTTP_IDEMPOTENCY_KEY="abc")
    assert placed.status_code == 201
    shown = placed.json()
    assert {k: shown[k] for k in ("market", "season", "fixture", "team", "outcome", "status")} == {
        "market": "champion",
        "season": rz_season.pk,
        "fixture": None,
        "team": int(team["outcome"]),
        "outcome": team["outcome"],
        "status": "open",
    }
    assert shown["price"] == team["price"]
    replay = client.post("/api/v1/bets/", body, HTTP_IDEMPOTENCY_KEY="abc")
    assert replay.status_code == 200 and replay.json()["id"] == shown["id"]
    conflict = client.post("/api/v1/bets/", body | {"stake": 41}, HTTP_IDEMPOTENCY_KEY="abc")
    assert conflict.status_code == 409
    assert conflict.json()["error"]["code"] == "idempotency_conflict"

    for change, code in (
        ({"price": "999.00"}, "price_changed"),
        ({"stake": 5}, "stake_out_of_range"),
        ({"outcome": "0"}, "invalid_outcome"),
    ):
        refused = client.post("/api/v1/bets/", body | change)
        assert refused.status_code == 400
        assert refused.json()["error"]["code"] == code
    missing = client.post("/api/v1/bets/", {k: v for k, v in body.items() if k != "season"})
    assert missing.status_code == 400
    assert Bet.objects.count() == 1

    mine = client.get(f"/api/v1/bets/?season={rz_season.pk}").json()
    rows = mine["results"] if isinstance(mine, dict) else mine
    assert [row["id"] for row in rows] == [shown["id"]]

    checked = client.post("/api/v1/bets/check/", body)
    assert checked.status_code == 200
    assert checked.json()["payout"] == int(40 * Decimal(team["price"]))


def test_the_schema_types_the_champion_market(api_as):
    schema = api_as(None).get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    body = schema.json()
    assert "/api/v1/seasons/{id}/odds/" in body["paths"]
    place = body["components"]["schemas"]["BetPlaceRequest"]["properties"]
    assert {"market", "season", "fixture", "outcome"} <= set(place)
    line = body["components"]["schemas"]["ChampionLine"]["properties"]
    assert {"outcome", "probability", "price"} <= set(line)
