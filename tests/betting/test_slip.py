"""The slip says what the server would answer before it is sent: its preview runs the same
checks as placing a bet (``bets.bet_check``, ``bets.bet_place``), its stake field carries the
league's range, and a placed bet keeps its card's title and updates the other slips' balance."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from betting import bets
from betting.errors import BettingRefused
from betting.league_settings import settings_save
from betting.models import Bet
from ledger.models import Entry
from matches.models import Fixture
from tests.factories import FixtureFactory
from tests.pages.conftest import form_data, soup

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def _closed(fixture):
    Fixture.objects.filter(pk=fixture.pk).update(kickoff=timezone.now() - timedelta(minutes=1))


def _empty_wallet(fixture):
    settings_save(league=fixture.season.league, values={"starting_grant": 0})


REFUSED = [
    # (stake, arrange, code, words): the league's range is 10 to 500, the grant 1000
    (600, None, "stake_out_of_range", "Stake between 10 and 500 coins."),
    (5, None, "stake_out_of_range", "Stake between 10 and 500 coins."),
    (0, None, "stake_out_of_range", "Stake between 10 and 500 coins."),
    (10, _empty_wallet, "insufficient_funds", "Your wallet holds 0 coins, less than the stake."),
    (10, _closed, "betting_closed", "Betting on this fixture is closed"),
]


def _refusal(call) -> BettingRefused:
    with pytest.raises(BettingRefused) as refused:
        call()
    return refused.value


@pytest.mark.parametrize(("stake", "arrange", "code", "words"), REFUSED)
def test_the_check_refuses_what_placing_refuses_and_writes_nothing(
    punter, open_fixture, stake, arrange, code, words
):
    if arrange:
        arrange(open_fixture)
    bets.wallet_open(user=punter, league=open_fixture.season.league)
    entries = Entry.objects.count()
    bet = {"user": punter, "fixture_id": open_fixture.pk, "outcome": "home", "stake": stake}

    checked = _refusal(lambda: bets.bet_check(**bet))
    placed = _refusal(lambda: bets.bet_place(**bet))

    assert (checked.code, checked.message) == (placed.code, placed.message)
    assert checked.code == code and words in checked.message
    assert not Bet.objects.exists() and Entry.objects.count() == entries


def test_the_check_answers_the_price_a_bet_would_take(
    punter, other_punter, wallet, open_fixture, place
):
    price = bets.bet_check(user=punter, fixture_id=open_fixture.pk, outcome="away", stake=40)

    assert price is not None and price == place(punter, open_fixture, "away", 40).price
    no_wallet = _refusal(
        lambda: bets.bet_check(
            user=other_punter, fixture_id=open_fixture.pk, outcome="home", stake=40
        )
    )
    assert (no_wallet.code, no_wallet.message) == (
        "no_wallet",
        "Open a wallet in this league first.",
    )


@pytest.mark.parametrize(("stake", "arrange", "code", "words"), REFUSED)
def test_the_preview_says_the_refusal_in_words(
    client, punter, open_fixture, stake, arrange, code, words
):
    if arrange:
        arrange(open_fixture)
    bets.wallet_open(user=punter, league=open_fixture.season.league)
    client.force_login(punter)
    prefix = f"bet{open_fixture.pk}"

    response = client.get(
        reverse("betting:slip_preview", args=[open_fixture.pk]),
        {f"{prefix}-outcome": "home", f"{prefix}-stake": str(stake)},
        **HTMX,
    )

    refusal = soup(response).find(class_="slip-refused")
    assert refusal is not None and words in refusal.get_text()
    assert "pays" not in response.content.decode()


def test_the_preview_says_a_moved_price(client, punter, wallet, open_fixture):
    client.force_login(punter)
    prefix = f"bet{open_fixture.pk}"

    response = client.get(
        reverse("betting:slip_preview", args=[open_fixture.pk]),
        {f"{prefix}-outcome": "home", f"{prefix}-stake": "20", f"{prefix}-price-home": "99.99"},
        **HTMX,
    )

    assert "The price has changed to" in soup(response).find(class_="slip-refused").get_text()


def test_the_stake_field_carries_the_league_s_range(client, punter, wallet, open_fixture):
    client.force_login(punter)
    page = soup(client.get(reverse("betting:league", args=[open_fixture.season.league_id])))

    stake = page.find("input", attrs={"name": f"bet{open_fixture.pk}-stake"})

    assert (stake["min"], stake["max"]) == ("10", "500")


def _league_page_with_two_markets(client, punter, open_fixture):
    other = FixtureFactory(
        season=open_fixture.season,
        home=open_fixture.away,
        away=open_fixture.home,
        kickoff=open_fixture.kickoff + timedelta(days=7),
    )
    client.force_login(punter)
    page = soup(client.get(reverse("betting:league", args=[open_fixture.season.league_id])))
    return page, other


def test_a_placed_bet_keeps_the_card_s_title_and_updates_the_other_slips(
    client, punter, wallet, open_fixture
):
    page, other = _league_page_with_two_markets(client, punter, open_fixture)
    league = open_fixture.season.league
    holds = f"wallet-holds-{league.pk}"
    assert page.find(id=f"slip-{other.pk}").find(class_=holds).get_text() == (
        "Your wallet holds 1000 coins."
    )
    slip = page.find(id=f"slip-{open_fixture.pk}")
    prefix = f"bet{open_fixture.pk}"

    response = client.post(
        slip["action"],
        form_data(slip, **{f"{prefix}-outcome": "away", f"{prefix}-stake": "40"}),
        **HTMX,
    )

    answer = soup(response)
    title = answer.find(id=f"market-{open_fixture.pk}-title")
    assert title is not None and title.get_text() == "Wolves – Ravens"
    assert answer.find(id=f"market-{open_fixture.pk}").find("time")["datetime"]
    oob = answer.find(attrs={"hx-swap-oob": f"innerHTML:.{holds}"})
    assert oob is not None and oob.get_text() == "Your wallet holds 960 coins."


def test_a_refused_slip_keeps_its_title_sends_no_balance_and_says_the_error_once(
    client, punter, wallet, open_fixture
):
    page, _other = _league_page_with_two_markets(client, punter, open_fixture)
    slip = page.find(id=f"slip-{open_fixture.pk}")
    prefix = f"bet{open_fixture.pk}"

    response = client.post(
        slip["action"],
        form_data(slip, **{f"{prefix}-outcome": "home", f"{prefix}-stake": "501"}),
        **HTMX,
    )

    text = response.content.decode()
    assert text.count("Stake between 10 and 500 coins.") == 1
    answer = soup(response)
    assert answer.find(id=f"market-{open_fixture.pk}-title") is not None
    assert answer.find(attrs={"hx-swap-oob": f"innerHTML:.wallet-holds-{wallet.league_id}"}) is None


def test_a_rest_client_checks_a_bet_without_placing_it(api_as, punter, wallet, open_fixture):
    client = api_as(punter)
    price = client.get(f"/api/v1/fixtures/{open_fixture.pk}/odds/").json()["outcomes"]["away"][
        "price"
    ]
    body = {"fixture": open_fixture.pk, "outcome": "away", "stake": 40, "price": price}

    answer = client.post("/api/v1/bets/check/", body)

    assert answer.status_code == 200
    assert answer.json() == body | {
        "payout": int(40 * Decimal(price)),
        "market": "fixture",
        "season": None,
    }
    too_much = client.post("/api/v1/bets/check/", body | {"stake": 600})
    assert too_much.status_code == 400
    assert too_much.json()["error"]["code"] == "stake_out_of_range"
    assert not Bet.objects.exists()
    assert client.post("/api/v1/bets/", body).json()["potential_payout"] == answer.json()["payout"]


def test_the_preview_says_the_refusal_in_french(client, punter, wallet, open_fixture):
    client.force_login(punter)
    prefix = f"bet{open_fixture.pk}"

    response = client.get(
        reverse("betting:slip_preview", args=[open_fixture.pk]),
        {f"{prefix}-outcome": "home", f"{prefix}-stake": "600"},
        HTTP_ACCEPT_LANGUAGE="fr",
        **HTMX,
    )

    assert soup(response).find(class_="slip-refused").get_text() == ("Mise entre 10 et 500 pièces.")
