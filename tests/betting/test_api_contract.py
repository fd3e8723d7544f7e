"""The betting API's contract, endpoint by endpoint, with each error code (issue: "The API
contract (outside clients rely on these names)")."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from betting.models import Bet, FixtureOdds
from ledger.models import Account, Entry, Transaction
from matches import services

pytestmark = pytest.mark.django_db


def _counts():
    return (Bet.objects.count(), Transaction.objects.count(), Entry.objects.count())


def test_opening_a_wallet_grants_once(api_as, punter, fixed_league):
    client = api_as(punter)
    url = f"/api/v1/leagues/{fixed_league.pk}/wallet/"
    assert client.get(url).json()["error"]["code"] == "no_wallet"
    assert client.get(url).status_code == 404
    first = client.post(url)
    assert first.status_code == 201
    assert first.json() == {"league": fixed_league.pk, "balance": 1000, "open_stakes": 0}
    again = client.post(url)
    assert again.status_code == 200
    assert again.json()["balance"] == 1000
    assert Account.objects.filter(user=punter).count() == 1
    assert Transaction.objects.filter(reason="grant").count() == 1


def test_settings_read_by_anyone_written_by_the_commissioner(
    api_as, fixed_league, commissioner, punter
):
    url = f"/api/v1/leagues/{fixed_league.pk}/betting/"
    assert api_as(None).get(url).json() == {
        "mode": "fixed",
        "margin_percent": 5,
        "house_cut_percent": 5,
        "min_stake": 10,
        "max_stake": 500,
        "starting_grant": 1000,
        "allow_cancel": True,
        "coaches_bet_on_own_teams": False,
    }
    assert api_as(punter).patch(url, {"margin_percent": 9}).status_code == 403
    assert api_as(None).patch(url, {"margin_percent": 9}).status_code in (401, 403)
    changed = api_as(commissioner).patch(url, {"margin_percent": 9, "max_stake": 50})
    assert changed.status_code == 200
    assert changed.json()["margin_percent"] == 9
    assert changed.json()["max_stake"] == 50


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"margin_percent": 51}, "margin_percent"),
        ({"min_stake": 0}, "min_stake"),
        ({"min_stake": 600}, "max_stake"),
        ({"mode": "casino"}, "mode"),
        ({"allow_cancel": None}, "allow_cancel"),
        # 10^9 at 1000.00 would pay 10^12, beyond one ledger entry
        ({"max_stake": 10**9}, "max_stake"),
        ({"min_stake": 10**9, "max_stake": 10**9}, "min_stake"),
        ({"coaches_bet_on_own_teams": "perhaps"}, "coaches_bet_on_own_teams"),
    ],
)
def test_bad_settings_name_the_field_and_change_nothing(
    api_as, fixed_league, commissioner, body, field
):
    url = f"/api/v1/leagues/{fixed_league.pk}/betting/"
    answer = api_as(commissioner).patch(url, body)
    assert answer.status_code == 400
    assert field in answer.json()["error"]["fields"]
    assert api_as(commissioner).get(url).json()["margin_percent"] == 5
    assert api_as(commissioner).get(url).json()["min_stake"] == 10


def test_a_game_played_at_the_table_bets_at_fixed_odds_from_ratings(
    api_as, kp_league, kp_fixture, commissioner
):
    answer = api_as(commissioner).patch(
        f"/api/v1/leagues/{kp_league.pk}/betting/", {"mode": "fixed"}
    )
    assert answer.status_code == 200
    assert answer.json()["mode"] == "fixed"
    body = api_as(None).get(f"/api/v1/fixtures/{kp_fixture.pk}/odds/").json()
    assert (body["market"], body["method"]) == ("fixed", "ratings")
    assert set(body["outcomes"]) == {"home", "away", "draw"}  # a championship match
    chances = [o["probability"] for o in body["outcomes"].values()]
    assert sum(chances) == pytest.approx(1)


def test_fixed_odds_carry_the_margin(api_as, open_fixture):
    body = api_as(None).get(f"/api/v1/fixtures/{open_fixture.pk}/odds/").json()
    assert body["fixture"] == open_fixture.pk
    assert body["market"] == "fixed"
    assert set(body["outcomes"]) == {"home", "away"}  # Rotzball cannot end level
    prices = [Decimal(o["price"]) for o in body["outcomes"].values()]
    assert all(p >= Decimal("1.01") and p == p.quantize(Decimal("0.01")) for p in prices)
    overround = sum(1 / p for p in prices)
    assert Decimal("1.04") < overround < Decimal("1.07")  # 5 % margin, prices rounded down
    chances = [o["probability"] for o in body["outcomes"].values()]
    assert sum(chances) == pytest.approx(1, abs=1e-3)


def test_odds_are_stored_and_served_from_storage(api_as, open_fixture, monkeypatch):
    first = api_as(None).get(f"/api/v1/fixtures/{open_fixture.pk}/odds/").json()
    from systems.rotzball.selectors import preview

    def fail(fixture):
        raise AssertionError("odds recomputed although stored")

    monkeypatch.setattr(preview, "fixture_odds", fail)
    second = api_as(None).get(f"/api/v1/fixtures/{open_fixture.pk}/odds/").json()
    assert second == first


def test_a_pool_shows_totals_and_estimates(api_as, pool_league, kp_fixture, punter, other_punter):
    for user, outcome, stake in ((punter, "home", 100), (other_punter, "away", 300)):
        client = api_as(user)
        client.post(f"/api/v1/leagues/{pool_league.pk}/wallet/")
        assert (
            client.post(
                "/api/v1/bets/", {"fixture": kp_fixture.pk, "outcome": outcome, "stake": stake}
            ).status_code
            == 201
        )
    body = api_as(None).get(f"/api/v1/fixtures/{kp_fixture.pk}/odds/").json()
    assert body["market"] == "pool"
    assert set(body["outcomes"]) == {"home", "away", "draw"}
    assert body["outcomes"]["home"] == {"pool": 100, "price": "3.60"}  # (400 - 10 %) / 100
    assert body["outcomes"]["away"] == {"pool": 300, "price": "1.20"}
    assert body["outcomes"]["draw"] == {"pool": 0, "price": None}


def test_placing_a_bet(api_as, punter, wallet, open_fixture):
    client = api_as(punter)
    price = client.get(f"/api/v1/fixtures/{open_fixture.pk}/odds/").json()["outcomes"]["away"][
        "price"
    ]
    answer = client.post(
        "/api/v1/bets/",
        {"fixture": open_fixture.pk, "outcome": "away", "stake": 40, "price": price},
    )
    assert answer.status_code == 201
    body = answer.json()
    assert {k: body[k] for k in ("fixture", "outcome", "stake", "price", "status")} == {
        "fixture": open_fixture.pk,
        "outcome": "away",
        "stake": 40,
        "price": price,
        "status": "open",
    }
    assert body["potential_payout"] == int(40 * Decimal(price))
    assert client.get(f"/api/v1/leagues/{wallet.league_id}/wallet/").json() == {
        "league": wallet.league_id,
        "balance": 960,
        "open_stakes": 40,
    }


def test_idempotency_key_answers_the_same_bet(api_as, punter, wallet, open_fixture):
    client = api_as(punter)
    body = {"fixture": open_fixture.pk, "outcome": "home", "stake": 25}
    first = client.post("/api/v1/bets/", body, HTTP_IDEMPOTENCY_KEY="k-1")
    again = client.post("/api/v1/bets/", body, HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == 201 and again.status_code == 200
    assert again.json()["id"] == first.json()["id"]
    assert Bet.objects.count() == 1
    other = client.post("/api/v1/bets/", {**body, "stake": 26}, HTTP_IDEMPOTENCY_KEY="k-1")
    assert other.status_code == 409
    assert other.json()["error"]["code"] == "idempotency_conflict"
    assert Bet.objects.count() == 1
    assert Account.objects.get(pk=wallet.pk).balance == 975


def _refused(client, body, code, status=400):
    before = _counts()
    answer = client.post("/api/v1/bets/", body)
    assert answer.status_code == status, answer.json()
    assert answer.json()["error"]["code"] == code
    assert _counts() == before
    return answer.json()["error"]


def test_each_refusal_has_its_code_and_writes_nothing(
    api_as, punter, wallet, open_fixture, fixed_league, commissioner, other_punter
):
    client = api_as(punter)
    fixture = open_fixture.pk
    error = _refused(
        client, {"fixture": fixture, "outcome": "home", "stake": 600}, "stake_out_of_range"
    )
    assert "stake" in error["fields"]
    _refused(client, {"fixture": fixture, "outcome": "home", "stake": 5}, "stake_out_of_range")
    _refused(client, {"fixture": fixture, "outcome": "draw", "stake": 50}, "invalid_outcome")
    # below the minimum, not a positive number, beyond any column: the contract's code
    for stake in (0, -5, 10**10):
        error = _refused(
            client, {"fixture": fixture, "outcome": "home", "stake": stake}, "stake_out_of_range"
        )
        assert list(error["fields"]) == ["stake"]
    for outcome in ("banana", "banana" * 50):
        error = _refused(
            client, {"fixture": fixture, "outcome": outcome, "stake": 50}, "invalid_outcome"
        )
        assert list(error["fields"]) == ["outcome"]
    error = _refused(
        client,
        {"fixture": fixture, "outcome": "home", "stake": 50, "price": "9.99"},
        "price_changed",
    )
    assert Decimal(error["price"]) >= Decimal("1.01")
    _refused(
        api_as(other_punter), {"fixture": fixture, "outcome": "home", "stake": 50}, "no_wallet"
    )
    _refused(
        api_as(commissioner), {"fixture": fixture, "outcome": "home", "stake": 50}, "not_allowed"
    )
    for _ in range(2):
        client.post("/api/v1/bets/", {"fixture": fixture, "outcome": "home", "stake": 500})
    _refused(client, {"fixture": fixture, "outcome": "home", "stake": 10}, "insufficient_funds")


def test_a_coach_does_not_bet_on_his_teams_fixture_unless_the_league_allows_it(
    api_as, open_fixture, fixed_league, coach, other_coach, commissioner
):
    url = f"/api/v1/leagues/{fixed_league.pk}/betting/"
    for user in (coach, other_coach):
        assert api_as(user).post(f"/api/v1/leagues/{fixed_league.pk}/wallet/").status_code == 201
        error = _refused(
            api_as(user),
            {"fixture": open_fixture.pk, "outcome": "away", "stake": 50},
            "not_allowed",
        )
        assert list(error["fields"]) == ["fixture"]

    allowed = api_as(commissioner).patch(url, {"coaches_bet_on_own_teams": True})

    assert allowed.status_code == 200 and allowed.json()["coaches_bet_on_own_teams"] is True
    answer = api_as(coach).post(
        "/api/v1/bets/", {"fixture": open_fixture.pk, "outcome": "away", "stake": 50}
    )
    assert answer.status_code == 201, answer.json()


def test_a_market_takes_no_stakes_whose_win_would_not_fit_the_ledger(
    api_as, punter, wallet, open_fixture, fixed_league, commissioner
):
    from django.db import transaction

    from betting import reasons
    from betting.models import MAX_BET
    from ledger import services as ledger
    from ledger.models import Account
    from ledger.services import Leg, Posting

    api_as(commissioner).patch(
        f"/api/v1/leagues/{fixed_league.pk}/betting/", {"max_stake": MAX_BET}
    )
    # rich: a grant from the money supply (the database moves a balance only with entries)
    supply = ledger.system_accounts(fixed_league)[Account.Kind.SUPPLY]
    rich = 2 * MAX_BET - wallet.balance
    with transaction.atomic():
        ledger.post(fixed_league, [Posting(reasons.GRANT, [Leg(supply, -rich), Leg(wallet, rich)])])
    client = api_as(punter)
    body = {"fixture": open_fixture.pk, "outcome": "home", "stake": MAX_BET - 100}
    assert client.post("/api/v1/bets/", body).status_code == 201
    error = _refused(client, {**body, "stake": 101}, "stake_out_of_range")
    assert "100" in error["message"] and list(error["fields"]) == ["stake"]
    assert client.post("/api/v1/bets/", {**body, "stake": 100}).status_code == 201


def test_betting_closes_at_kick_off_by_the_database_clock(api_as, punter, wallet, open_fixture):
    open_fixture.kickoff = timezone.now() - timedelta(seconds=1)
    open_fixture.save(update_fields=["kickoff"])
    _refused(
        api_as(punter),
        {"fixture": open_fixture.pk, "outcome": "home", "stake": 50},
        "betting_closed",
    )


def test_an_outcome_with_no_chance_is_not_offered_at_the_cap(api_as, punter, wallet, open_fixture):
    """A chance of 0 (the engine never saw it happen) is not priced at 1000: it is not
    offered, and a bet on it is refused under the outcome."""
    FixtureOdds.objects.update_or_create(
        fixture=open_fixture,
        defaults={"method": "test", "probabilities": {"home": 1.0, "away": 0.0}},
    )
    client = api_as(punter)

    odds = client.get(f"/api/v1/fixtures/{open_fixture.pk}/odds/").json()["outcomes"]
    error = _refused(
        client, {"fixture": open_fixture.pk, "outcome": "away", "stake": 50}, "invalid_outcome"
    )

    assert odds["away"] == {"probability": 0.0, "price": None}
    assert list(error["fields"]) == ["outcome"] and "cannot happen" in error["message"]
    french = client.post(
        "/api/v1/bets/",
        {"fixture": open_fixture.pk, "outcome": "away", "stake": 50},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert "ne peut pas se produire" in french.json()["error"]["message"]


def test_a_rescheduled_fixture_takes_bets_until_its_new_kick_off(
    api_as, punter, wallet, open_fixture
):
    """Betting closes at the kick-off the fixture has when the bet comes, read from its row:
    a move later opens it again, a move earlier closes it; the prices, which come from the
    line-ups and the round's ratings, not the date, are the same."""
    client = api_as(punter)
    bet = {"fixture": open_fixture.pk, "outcome": "home", "stake": 50}
    price = client.get(f"/api/v1/fixtures/{open_fixture.pk}/odds/").json()["outcomes"]["home"]
    open_fixture.kickoff = timezone.now() - timedelta(minutes=1)  # the old kick-off, passed
    open_fixture.save(update_fields=["kickoff"])
    _refused(client, bet, "betting_closed")

    services.fixture_reschedule(fixture=open_fixture, kickoff=timezone.now() + timedelta(days=3))
    placed = client.post("/api/v1/bets/", {**bet, "price": price["price"]})
    services.fixture_reschedule(
        fixture=open_fixture, kickoff=timezone.now() - timedelta(minutes=1), past=True
    )

    assert placed.status_code == 201, placed.json()
    _refused(client, bet, "betting_closed")


@pytest.mark.parametrize("status", ["locked", "played", "cancelled"])
def test_no_bet_once_kicked_off_played_or_cancelled(api_as, punter, wallet, open_fixture, status):
    open_fixture.status = status
    open_fixture.save(update_fields=["status"])
    _refused(
        api_as(punter),
        {"fixture": open_fixture.pk, "outcome": "home", "stake": 50},
        "betting_closed",
    )


def test_betting_off(api_as, punter, league, team, other_team, season, commissioner):
    from tests.factories import FixtureFactory

    fixture = FixtureFactory(season=season, home=team, away=other_team)
    assert (
        api_as(punter).post(f"/api/v1/leagues/{league.pk}/wallet/").json()["error"]["code"]
        == "betting_off"
    )
    _refused(api_as(punter), {"fixture": fixture.pk, "outcome": "home", "stake": 50}, "betting_off")
    assert (
        api_as(None).get(f"/api/v1/fixtures/{fixture.pk}/odds/").json()["error"]["code"]
        == "betting_off"
    )


def test_my_bets_list_filters_and_hides_others(
    api_as, punter, other_punter, wallet, open_fixture, place, fixed_league
):
    mine = place(punter, open_fixture, "home", 50)
    api_as(other_punter).post(f"/api/v1/leagues/{fixed_league.pk}/wallet/")
    theirs = place(other_punter, open_fixture, "away", 50)
    listed = api_as(punter).get("/api/v1/bets/").json()
    assert [b["id"] for b in listed["results"]] == [mine.pk]
    assert api_as(punter).get(f"/api/v1/bets/{theirs.pk}/").status_code == 404
    assert api_as(punter).get(f"/api/v1/bets/{mine.pk}/").json()["status"] == "open"
    assert api_as(punter).get("/api/v1/bets/?status=won").json()["count"] == 0
    assert api_as(punter).get(f"/api/v1/bets/?league={fixed_league.pk}").json()["count"] == 1
    assert api_as(punter).get(f"/api/v1/bets/?fixture={open_fixture.pk + 1}").json()["count"] == 0
    assert api_as(punter).get("/api/v1/bets/?status=maybe").status_code == 400
    assert api_as(None).get("/api/v1/bets/").status_code in (401, 403)


def test_cancel_refunds_the_stake_before_kick_off(
    api_as, punter, wallet, open_fixture, place, fixed_league, commissioner
):
    bet = place(punter, open_fixture, "home", 50)
    answer = api_as(punter).post(f"/api/v1/bets/{bet.pk}/cancel/")
    assert answer.status_code == 200
    assert answer.json()["status"] == "cancelled"
    assert Account.objects.get(pk=wallet.pk).balance == 1000
    again = api_as(punter).post(f"/api/v1/bets/{bet.pk}/cancel/")
    assert again.json()["error"]["code"] == "betting_closed"
    assert Account.objects.get(pk=wallet.pk).balance == 1000
    api_as(commissioner).patch(
        f"/api/v1/leagues/{fixed_league.pk}/betting/", {"allow_cancel": False}
    )
    other = place(punter, open_fixture, "home", 50)
    refused = api_as(punter).post(f"/api/v1/bets/{other.pk}/cancel/")
    assert refused.json()["error"]["code"] == "not_allowed"


def test_settlement_pays_fixed_odds_once(
    api_as, punter, wallet, open_fixture, place, run_on_commit
):
    home = place(punter, open_fixture, "home", 100)
    away = place(punter, open_fixture, "away", 100)
    result = run_on_commit(services.fixture_simulate, fixture_id=open_fixture.pk, seed=3)
    winner, loser = (home, away) if result.winner == "home" else (away, home)
    winner.refresh_from_db(), loser.refresh_from_db()
    assert (winner.status, winner.payout) == ("won", int(100 * winner.price))
    assert (loser.status, loser.payout) == ("lost", 0)
    assert Account.objects.get(pk=wallet.pk).balance == 800 + winner.payout
    statement = api_as(punter).get(f"/api/v1/leagues/{wallet.league_id}/wallet/entries/").json()
    assert statement["results"][0]["reason"] == "settlement"
    assert statement["results"][0]["amount"] == winner.payout
    assert statement["results"][-1]["reason"] == "grant"


def test_cancelled_fixture_refunds_everyone(
    api_as, punter, wallet, open_fixture, place, run_on_commit
):
    bet = place(punter, open_fixture, "home", 100)
    run_on_commit(services.fixture_cancel, fixture=open_fixture)
    bet.refresh_from_db()
    assert (bet.status, bet.payout) == ("refunded", 100)
    assert Account.objects.get(pk=wallet.pk).balance == 1000


def test_leaderboard_and_book(
    api_as, punter, other_punter, wallet, open_fixture, place, fixed_league, commissioner
):
    api_as(other_punter).post(f"/api/v1/leagues/{fixed_league.pk}/wallet/")
    bet = place(punter, open_fixture, "home", 200)
    place(other_punter, open_fixture, "away", 10)
    board = api_as(None).get(f"/api/v1/leagues/{fixed_league.pk}/bettors/").json()
    assert (
        board
        == [
            {
                "user": "other_punter",
                "balance": 990,
                "open_stakes": 10,
                "bets": 1,
                "won": 0,
                "profit": 0,
            },
            {
                "user": "punter",
                "balance": 800,
                "open_stakes": 200,
                "bets": 1,
                "won": 0,
                "profit": 0,
            },
        ][::-1]
        or board[0]["user"] == "other_punter"
    )
    assert [row["user"] for row in board] == ["other_punter", "punter"]  # 1000 each, then name
    assert api_as(punter).get(f"/api/v1/leagues/{fixed_league.pk}/book/").status_code == 403
    book = api_as(commissioner).get(f"/api/v1/leagues/{fixed_league.pk}/book/").json()
    home = next(line for line in book if line["outcome"] == "home")
    assert (home["fixture"], home["bets"], home["staked"]) == (open_fixture.pk, 1, 200)
    assert home["liability"] == max(0, int(200 * bet.price) - 210)


def test_opening_fixed_odds_prices_the_open_fixtures_in_a_worker(
    api_as, league, season, team, other_team, commissioner, django_capture_on_commit_callbacks
):
    from betting.models import FixtureOdds
    from tests.factories import FixtureFactory

    fixture = FixtureFactory(season=season, home=team, away=other_team)
    with django_capture_on_commit_callbacks(execute=True):
        answer = api_as(commissioner).patch(
            f"/api/v1/leagues/{league.pk}/betting/", {"mode": "fixed"}
        )
    assert answer.status_code == 200
    stored = FixtureOdds.objects.get(fixture=fixture)
    assert set(stored.probabilities) == {"home", "away"}
    with django_capture_on_commit_callbacks(execute=False) as sent:
        api_as(commissioner).patch(f"/api/v1/leagues/{league.pk}/betting/", {"margin_percent": 7})
    assert sent == []  # already fixed: nothing to price again
