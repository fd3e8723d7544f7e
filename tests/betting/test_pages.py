"""The league's betting page and the bet slip, read like a browser would (BeautifulSoup) and
posted with the forms the pages offer: who sees what, the payout preview, placing and its
refusals."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from betting import bets
from betting.league_settings import settings_save
from betting.models import Bet
from tests.betting.pages import HTMX, league_url, price_of, slip_of, written
from tests.factories import FixtureFactory
from tests.pages.conftest import field_error, form_data, soup

pytestmark = pytest.mark.django_db


# --- the league's betting page --------------------------------------------------------------


def test_anyone_reads_the_odds_and_is_asked_to_sign_in(client, fixed_league, open_fixture):
    page = soup(client.get(league_url(fixed_league)))

    market = page.find(id=f"market-{open_fixture.pk}")
    rows = {
        row.th.get_text(strip=True): row
        for row in market.find("table", class_="odds").tbody.find_all("tr")
    }
    assert set(rows) == {"Wolves win", "Ravens win"}
    home = rows["Wolves win"].find_all("td")
    assert home[0].get_text(strip=True) == str(price_of(open_fixture, "home"))
    assert home[1].get_text(strip=True).endswith("%")
    assert slip_of(page, open_fixture) is None
    assert market.find("a", string="Sign in to bet")["href"].startswith(reverse("login"))
    assert "Fixed odds" in page.find("hgroup").get_text()


def test_a_signed_in_user_without_a_wallet_is_offered_one(
    client, punter, fixed_league, open_fixture
):
    client.force_login(punter)
    page = soup(client.get(league_url(fixed_league)))

    button = page.find(id="wallet-summary").find("button")
    assert button.get_text(strip=True) == "Open my wallet (1000 coins)"
    assert slip_of(page, open_fixture) is None


def test_a_punter_with_a_wallet_gets_a_slip_per_open_fixture(
    client, punter, wallet, fixed_league, open_fixture, season
):
    later = FixtureFactory(
        season=season,
        round=2,
        home=open_fixture.away,
        away=open_fixture.home,
        kickoff=timezone.now() + timedelta(days=9),
    )
    FixtureFactory(
        season=season,
        round=3,
        home=open_fixture.home,
        away=open_fixture.away,
        kickoff=timezone.now() - timedelta(hours=1),
    )  # kicked off: not offered
    client.force_login(punter)

    page = soup(client.get(league_url(fixed_league)))

    # one round at a time: the next one first, the other a link away (round 3 kicked off)
    assert [h2.get_text(strip=True) for h2 in page.find_all("h2")] == ["Round 1"]
    assert slip_of(page, open_fixture) is not None and slip_of(page, later) is None
    assert "1000" in page.find(id="wallet-summary").get_text()
    nav = page.find("nav", class_="round-nav")
    assert [a.get_text() for a in nav.select(".round-numbers a")] == ["1", "2"]
    next_round = nav.find("a", rel="next")
    assert next_round["href"] == f"?season={season.pk}&round=2"

    page = soup(client.get(league_url(fixed_league) + next_round["href"]))

    assert [h2.get_text(strip=True) for h2 in page.find_all("h2")] == ["Round 2"]
    assert slip_of(page, open_fixture) is None and slip_of(page, later) is not None


def test_the_round_links_swap_the_round_alone_with_htmx(
    client, punter, wallet, fixed_league, open_fixture, season
):
    client.force_login(punter)
    headers = {"HX-Request": "true", "HX-Target": "round-fixtures", "HX-Boosted": "true"}

    fragment = soup(client.get(league_url(fixed_league), {"round": 1}, headers=headers))

    assert fragment.find("html") is None and fragment.find(id="wallet-summary") is None
    assert fragment.find(id="round-fixtures").find(id=f"market-{open_fixture.pk}") is not None


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("x", "“x” is not a round number."),
        ("7", "There is no round 7 here: the rounds are 1 to 1."),
    ],
)
def test_a_bad_round_is_named_and_the_next_round_shown(
    client, fixed_league, open_fixture, value, message
):
    response = client.get(league_url(fixed_league), {"round": value})

    assert response.status_code == 200
    page = soup(response)
    assert page.find(role="alert").get_text(strip=True) == message
    assert page.find(id=f"market-{open_fixture.pk}") is not None


def test_the_commissioner_sees_the_odds_but_no_slip_and_links_to_the_book(
    client, commissioner, fixed_league, open_fixture
):
    client.force_login(commissioner)
    page = soup(client.get(league_url(fixed_league)))

    assert page.find(id=f"market-{open_fixture.pk}").find("table", class_="odds")
    assert slip_of(page, open_fixture) is None
    assert page.find("button", string=lambda text: text and "Open my wallet" in text) is None
    summary = page.find(id="wallet-summary")
    assert summary.find("a", href=league_url(fixed_league, "book"))
    assert summary.find("a", href=league_url(fixed_league, "settings"))


def test_a_league_that_does_not_bet_says_so(client, league, season, team, other_team):
    fixture = FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() + timedelta(days=2)
    )
    page = soup(client.get(league_url(league)))
    assert "This league does not bet." in page.find("main").get_text()
    assert client.get(reverse("betting:fixture_panel", args=[fixture.pk])).content == b""


def test_a_pool_shows_each_outcome_s_pool_and_estimate(
    client, punter, pool_league, kp_fixture, place
):
    bets.wallet_open(user=punter, league=pool_league)
    place(punter, kp_fixture, "home", 100)

    page = soup(client.get(league_url(pool_league)))

    rows = page.find(id=f"market-{kp_fixture.pk}").find("table", class_="odds").tbody
    cells = {
        row.th.get_text(strip=True): [td.get_text(strip=True) for td in row.find_all("td")]
        for row in rows.find_all("tr")
    }
    assert set(cells) == {"Titanos win", "Draw", "Viking win"}
    assert cells["Titanos win"] == ["100", "0.90"]  # 10 % house cut
    assert cells["Draw"] == ["0", "–"]


# --- the slip: preview, placing, refusals ---------------------------------------------------


def test_the_slip_previews_the_payout_as_the_stake_is_typed(client, punter, wallet, open_fixture):
    client.force_login(punter)
    prefix = f"bet{open_fixture.pk}"
    price = price_of(open_fixture, "home")

    response = client.get(
        reverse("betting:slip_preview", args=[open_fixture.pk]),
        {f"{prefix}-outcome": "home", f"{prefix}-stake": "37"},
        **HTMX,
    )

    assert response.status_code == 200
    assert response.content.decode().strip() == (
        f"37 on Wolves win pays {int(37 * price)} coins if it wins."
    )
    unfinished = client.get(
        reverse("betting:slip_preview", args=[open_fixture.pk]),
        {f"{prefix}-outcome": "home", f"{prefix}-stake": "3x"},
        **HTMX,
    )
    assert "type a stake" in unfinished.content.decode()


def test_the_stake_input_asks_for_the_preview_as_it_is_typed(client, punter, wallet, open_fixture):
    client.force_login(punter)
    slip = slip_of(soup(client.get(league_url(open_fixture.season.league))), open_fixture)
    stake = slip.find("input", attrs={"name": f"bet{open_fixture.pk}-stake"})

    assert stake["hx-get"] == reverse("betting:slip_preview", args=[open_fixture.pk])
    assert "keyup changed delay:300ms" in stake["hx-trigger"]
    assert stake["hx-target"] == f"#payout-{open_fixture.pk}"
    assert slip.find("output", id=f"payout-{open_fixture.pk}")["aria-live"] == "polite"


def test_the_pool_preview_counts_the_new_stake_in_the_pool(
    client, other_punter, punter, pool_league, kp_fixture, place
):
    for user in (punter, other_punter):
        bets.wallet_open(user=user, league=pool_league)
    place(other_punter, kp_fixture, "away", 100)
    client.force_login(punter)
    prefix = f"bet{kp_fixture.pk}"

    response = client.get(
        reverse("betting:slip_preview", args=[kp_fixture.pk]),
        {f"{prefix}-outcome": "home", f"{prefix}-stake": "100"},
        **HTMX,
    )

    assert response.content.decode().strip() == (  # (200 − 10 %) × 100 / 100
        "100 on Titanos win would pay about 180 coins if it wins, as the pool stands now."
    )


def test_the_slip_places_a_bet(client, punter, wallet, fixed_league, open_fixture):
    client.force_login(punter)
    slip = slip_of(soup(client.get(league_url(fixed_league))), open_fixture)
    prefix = f"bet{open_fixture.pk}"

    response = client.post(
        slip["action"],
        form_data(slip, **{f"{prefix}-outcome": "away", f"{prefix}-stake": "40"}),
        **HTMX,
    )

    bet = Bet.objects.get()
    assert (bet.user, bet.outcome, bet.stake) == (punter, "away", 40)
    assert bet.price == price_of(open_fixture, "away")
    market = soup(response).find(id=f"market-{open_fixture.pk}")
    assert "Bet placed: 40 coins on Ravens win" in market.find(class_="flash").get_text()
    assert "Your wallet holds 960 coins." in market.get_text()
    summary = soup(response).find(id="wallet-summary")  # the league page's, out of band
    assert summary["hx-swap-oob"] == "true" and "40 coins in open bets" in summary.get_text()
    wallet.refresh_from_db()
    assert wallet.balance == 960


def test_the_slip_without_htmx_comes_back_to_the_page(
    client, punter, wallet, fixed_league, open_fixture
):
    client.force_login(punter)
    page_url = league_url(fixed_league)
    slip = slip_of(soup(client.get(page_url)), open_fixture)
    prefix = f"bet{open_fixture.pk}"

    response = client.post(
        slip["action"],
        form_data(slip, **{f"{prefix}-outcome": "home", f"{prefix}-stake": "25"}),
        follow=True,
    )

    assert response.redirect_chain[-1][0] == page_url
    assert "Bet placed: 25 coins on Wolves win" in soup(response).find(class_="messages").get_text()


def test_a_stake_out_of_range_is_refused_in_words_next_to_the_stake(
    client, punter, wallet, fixed_league, open_fixture
):
    client.force_login(punter)
    slip = slip_of(soup(client.get(league_url(fixed_league))), open_fixture)
    prefix = f"bet{open_fixture.pk}"
    before = written()

    response = client.post(
        slip["action"],
        form_data(slip, **{f"{prefix}-outcome": "home", f"{prefix}-stake": "501"}),
        **HTMX,
    )

    assert response.status_code == 200  # htmx swaps it in
    assert field_error(soup(response), f"{prefix}-stake") == "Stake between 10 and 500 coins."
    assert written() == before
    plain = client.post(
        slip["action"], form_data(slip, **{f"{prefix}-outcome": "home", f"{prefix}-stake": "5"})
    )
    assert plain.status_code == 400
    assert field_error(soup(plain), f"{prefix}-stake") == "Stake between 10 and 500 coins."
    assert written() == before


def test_a_stake_beyond_the_wallet_is_refused_in_words(client, punter, fixed_league, open_fixture):
    settings_save(league=fixed_league, values={"starting_grant": 30})
    bets.wallet_open(user=punter, league=fixed_league)
    client.force_login(punter)
    slip = slip_of(soup(client.get(league_url(fixed_league))), open_fixture)
    prefix = f"bet{open_fixture.pk}"

    response = client.post(
        slip["action"],
        form_data(slip, **{f"{prefix}-outcome": "home", f"{prefix}-stake": "50"}),
        **HTMX,
    )

    assert field_error(soup(response), f"{prefix}-stake") == (
        "Your wallet holds 30 coins, less than the stake."
    )
    assert not Bet.objects.exists()


def test_a_price_that_moved_is_refused_and_the_new_price_shown(
    client, punter, wallet, fixed_league, open_fixture
):
    client.force_login(punter)
    slip = slip_of(soup(client.get(league_url(fixed_league))), open_fixture)
    prefix = f"bet{open_fixture.pk}"
    settings_save(league=fixed_league, values={"margin_percent": 20})  # prices move
    new_price = price_of(open_fixture, "home")

    response = client.post(
        slip["action"],
        form_data(slip, **{f"{prefix}-outcome": "home", f"{prefix}-stake": "20"}),
        **HTMX,
    )

    errors = soup(response).find(class_="form-errors").get_text()
    assert f"The price has changed to {new_price}." in errors
    assert not Bet.objects.exists()
    again = slip_of(soup(response), open_fixture)
    assert again.find("input", attrs={"name": f"{prefix}-price-home"})["value"] == str(new_price)


def test_sending_the_same_slip_twice_places_one_bet(
    client, punter, wallet, fixed_league, open_fixture
):
    client.force_login(punter)
    slip = slip_of(soup(client.get(league_url(fixed_league))), open_fixture)
    prefix = f"bet{open_fixture.pk}"
    data = form_data(slip, **{f"{prefix}-outcome": "home", f"{prefix}-stake": "20"})

    client.post(slip["action"], data, **HTMX)
    second = client.post(slip["action"], data, **HTMX)

    assert Bet.objects.count() == 1
    assert "This bet was already placed." in soup(second).find(class_="flash").get_text()


def test_the_commissioner_cannot_place_a_bet(client, commissioner, fixed_league, open_fixture):
    client.force_login(commissioner)
    prefix = f"bet{open_fixture.pk}"

    response = client.post(
        reverse("betting:slip", args=[open_fixture.pk]),
        {f"{prefix}-outcome": "home", f"{prefix}-stake": "20"},
    )

    assert response.status_code == 400
    assert "A commissioner does not bet" in soup(response).find(class_="flash-error").get_text()
    assert not Bet.objects.exists()


def test_placing_needs_a_sign_in(client, open_fixture):
    response = client.post(reverse("betting:slip", args=[open_fixture.pk]), {})
    assert response.status_code == 302
    assert response["Location"].startswith(reverse("login"))
