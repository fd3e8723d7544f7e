"""The betting pages, read like a browser would (BeautifulSoup) and posted with the forms the
pages offer: who sees what, the bet slip and its payout preview, wallets, cancelling, the
book and the settings."""

from datetime import timedelta
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone

from betting import bets, odds
from betting.league_settings import settings_of, settings_save
from betting.models import Bet
from ledger.models import Account, Entry, Transaction
from matches import services as match_services
from tests.factories import FixtureFactory
from tests.pages.conftest import field_error, form_data, soup

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def league_url(league, name="league"):
    return reverse(f"betting:{name}", args=[league.pk])


def slip_of(page, fixture):
    return page.find("form", id=f"slip-{fixture.pk}")


def price_of(fixture, outcome):
    return odds.quote(fixture, settings_of(fixture.season.league)).price(outcome)


def _written():
    return Bet.objects.count(), Transaction.objects.count(), Entry.objects.count()


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
    before = _written()

    response = client.post(
        slip["action"],
        form_data(slip, **{f"{prefix}-outcome": "home", f"{prefix}-stake": "501"}),
        **HTMX,
    )

    assert response.status_code == 200  # htmx swaps it in
    assert field_error(soup(response), f"{prefix}-stake") == "Stake between 10 and 500 coins."
    assert _written() == before
    plain = client.post(
        slip["action"], form_data(slip, **{f"{prefix}-outcome": "home", f"{prefix}-stake": "5"})
    )
    assert plain.status_code == 400
    assert field_error(soup(plain), f"{prefix}-stake") == "Stake between 10 and 500 coins."
    assert _written() == before


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


# --- wallets --------------------------------------------------------------------------------


def test_opening_a_wallet_from_the_league_page(client, punter, fixed_league, open_fixture):
    client.force_login(punter)
    page_url = league_url(fixed_league)
    form = soup(client.get(page_url)).find(id="wallet-summary").find("form")

    response = client.post(form["action"], form_data(form), follow=True)

    assert response.redirect_chain[-1][0] == page_url
    assert Account.objects.get(user=punter, kind="wallet").balance == 1000
    assert "Your wallet is open with 1000 coins." in soup(response).find(class_="messages").text
    assert slip_of(soup(response), open_fixture) is not None


def test_opening_a_wallet_from_the_fixture_panel_gives_the_slip(
    client, punter, fixed_league, open_fixture
):
    client.force_login(punter)
    panel = soup(client.get(reverse("betting:fixture_panel", args=[open_fixture.pk]), **HTMX))
    form = panel.find("form", class_="wallet-open")
    assert form.find("button").get_text(strip=True) == "Open my wallet (1000 coins)"

    response = client.post(form["hx-post"], form_data(form), **HTMX)

    market = soup(response).find(id=f"market-{open_fixture.pk}")
    assert "Your wallet is open with 1000 coins." in market.find(class_="flash").get_text()
    assert slip_of(soup(response), open_fixture) is not None


def test_the_wallet_statement(client, punter, wallet, fixed_league, open_fixture, place):
    place(punter, open_fixture, "home", 30)
    client.force_login(punter)

    page = soup(client.get(league_url(fixed_league, "wallet")))

    cards = [
        dd.get_text(strip=True) for dd in page.find("dl", class_="wallet-cards").find_all("dd")
    ]
    assert cards == ["970", "30", "1000"]
    lines = page.find("table", class_="statement").tbody.find_all("tr")
    assert [[td.get_text(" ", strip=True) for td in line.find_all("td")][1:] for line in lines] == [
        ["Bet placed", f"Wolves – Ravens · bet #{Bet.objects.get().pk} on Wolves win", "−30"],
        ["Starting grant", "–", "+1000"],
    ]
    chart = page.find("figure", class_="balance-chart")
    svg = chart.find("svg")
    assert svg is not None and svg.find("script") is None
    assert svg["role"] == "img" and svg.title.get_text() == svg["aria-label"] == "Balance over time"
    fallback = chart.find("details").find("table")
    assert [row.find_all("td")[1].get_text() for row in fallback.tbody.find_all("tr")] == [
        "1000",
        "970",
    ]


def test_the_statement_is_paginated_newest_first(client, punter, wallet, open_fixture, place):
    for stake in range(10, 40):
        place(punter, open_fixture, "home", stake)
    client.force_login(punter)
    url = league_url(open_fixture.season.league, "wallet")

    first = soup(client.get(url))
    second = soup(client.get(url, {"page": 2}))

    assert len(first.find("table", class_="statement").tbody.find_all("tr")) == 25
    amounts = [
        row.find_all("td")[-1].get_text()
        for row in second.find("table", class_="statement").tbody.find_all("tr")
    ]
    assert amounts == ["−14", "−13", "−12", "−11", "−10", "+1000"]
    assert second.find("nav", class_="pager").find("a", rel="prev")


def test_a_user_without_a_wallet_is_offered_one_on_the_statement(client, punter, fixed_league):
    client.force_login(punter)
    page = soup(client.get(league_url(fixed_league, "wallet")))
    assert "You have no wallet in this league yet." in page.find("main").get_text()
    assert page.find("form", class_="wallet-open")


# --- my bets and cancelling -----------------------------------------------------------------


def test_my_bets_groups_open_and_settled_bets_per_league(
    client, punter, wallet, fixed_league, open_fixture, pool_league, kp_fixture, season, place
):
    bets.wallet_open(user=punter, league=pool_league)
    place(punter, kp_fixture, "draw", 15)
    place(punter, open_fixture, "home", 20)
    played = FixtureFactory(
        season=season,
        round=2,
        home=open_fixture.home,
        away=open_fixture.away,
        kickoff=timezone.now() + timedelta(days=3),
    )
    lost_or_won = place(punter, played, "home", 10)
    match_services.fixture_simulate(fixture_id=played.pk, seed=7)  # settled on commit
    from betting.settlement import fixture_settle

    fixture_settle(fixture_id=played.pk)
    lost_or_won.refresh_from_db()
    client.force_login(punter)

    page = soup(client.get(reverse("betting:my_bets")))

    sections = page.find_all("section", class_="my-bets-league")
    assert [s.h2.get_text(strip=True) for s in sections] == ["Arène de Lutèce", "Middenheim Cup"]
    pool_rows = sections[0].find("table", class_="open-bets").tbody.find_all("tr")
    assert [td.get_text(" ", strip=True) for td in pool_rows[0].find_all("td")][1:6] == [
        "Draw",
        "15",
        "pool",
        "–",
        "Open",
    ]
    fixed = sections[1]
    assert len(fixed.find("table", class_="open-bets").tbody.find_all("tr")) == 1
    closed = fixed.find("table", class_="closed-bets").tbody.find_all("tr")
    assert [td.get_text(strip=True) for td in closed[0].find_all("td")][4:] == [
        lost_or_won.get_status_display(),
        str(lost_or_won.payout),
    ]


def test_my_bets_and_the_wallet_need_a_sign_in(client, fixed_league):
    for url in (reverse("betting:my_bets"), league_url(fixed_league, "wallet")):
        response = client.get(url)
        assert response.status_code == 302
        assert response["Location"].startswith(reverse("login"))


def test_cancelling_an_open_bet_gives_the_stake_back(client, punter, wallet, open_fixture, place):
    bet = place(punter, open_fixture, "home", 50)
    client.force_login(punter)
    form = soup(client.get(reverse("betting:my_bets"))).find(
        "form", action=reverse("betting:bet_cancel", args=[bet.pk])
    )

    response = client.post(form["action"], form_data(form), follow=True)

    bet.refresh_from_db()
    wallet.refresh_from_db()
    assert bet.status == Bet.Status.CANCELLED and wallet.balance == 1000
    assert "Bet cancelled: 50 coins on Wolves win" in soup(response).find(class_="messages").text
    assert soup(response).find("table", class_="open-bets") is None


def test_a_cancelled_bet_reads_as_a_refund_in_english_and_french(
    client, punter, wallet, open_fixture, place
):
    bet = place(punter, open_fixture, "home", 50)
    bets.bet_cancel(user=punter, bet_id=bet.pk)
    client.force_login(punter)
    url = reverse("betting:fixture_panel", args=[open_fixture.pk])

    mine = soup(client.get(url)).find("ul", class_="my-fixture-bets").get_text(" ", strip=True)
    french = soup(client.get(url, HTTP_ACCEPT_LANGUAGE="fr")).find("ul", class_="my-fixture-bets")

    assert "Cancelled · stake of 50 refunded" in mine
    assert "paid" not in mine
    assert "Annulé · mise de 50 remboursée" in french.get_text(" ", strip=True)


def test_no_cancel_button_where_the_league_forbids_it_and_the_refusal_in_words(
    client, punter, wallet, fixed_league, open_fixture, place
):
    bet = place(punter, open_fixture, "home", 50)
    settings_save(league=fixed_league, values={"allow_cancel": False})
    client.force_login(punter)
    url = reverse("betting:bet_cancel", args=[bet.pk])

    assert soup(client.get(reverse("betting:my_bets"))).find("form", action=url) is None
    response = client.post(url, follow=True)

    assert (
        "This league does not let bets be cancelled." in soup(response).find(class_="messages").text
    )
    bet.refresh_from_db()
    assert bet.status == Bet.Status.OPEN


def test_nobody_cancels_another_s_bet(client, punter, other_punter, wallet, open_fixture, place):
    bet = place(punter, open_fixture, "home", 50)
    client.force_login(other_punter)
    assert client.post(reverse("betting:bet_cancel", args=[bet.pk])).status_code == 404
    bet.refresh_from_db()
    assert bet.status == Bet.Status.OPEN


# --- bettors, the book, the settings --------------------------------------------------------


def test_the_bettors_leaderboard(
    client, punter, other_punter, wallet, fixed_league, open_fixture, place
):
    bets.wallet_open(user=other_punter, league=fixed_league)
    place(punter, open_fixture, "home", 40)
    client.force_login(other_punter)

    page = soup(client.get(league_url(fixed_league, "bettors")))

    rows = page.find("table", class_="bettors").tbody.find_all("tr")
    assert [
        [cell.get_text(" ", strip=True) for cell in row.find_all(["th", "td"])] for row in rows
    ] == [
        ["1", "other_punter you", "1000", "0", "0", "0", "0", "0", "—"],
        ["2", "punter", "960", "40", "1", "0", "0", "0", "—"],
    ]


def test_the_book_for_the_commissioner_only(
    client, commissioner, stranger, punter, wallet, fixed_league, open_fixture, place
):
    place(punter, open_fixture, "home", 100)
    url = league_url(fixed_league, "book")

    assert client.get(url).status_code == 302
    client.force_login(stranger)
    assert client.get(url).status_code == 403
    client.force_login(punter)
    assert client.get(url).status_code == 403
    client.force_login(commissioner)
    page = soup(client.get(url))

    line = page.find("table", class_="book").tbody.tr
    price = Bet.objects.get().price
    assert [td.get_text() for td in line.find_all("td")] == [
        "1",
        "100",
        str(int(100 * price) - 100),
    ]


@pytest.mark.parametrize(
    ("language", "labels"),
    [("en", ["Wolves win", "Ravens win"]), ("fr", ["Victoire de Wolves", "Victoire de Ravens"])],
)
def test_the_book_names_the_teams(
    client, commissioner, punter, wallet, fixed_league, open_fixture, place, language, labels
):
    place(punter, open_fixture, "away", 30)
    place(punter, open_fixture, "home", 20)
    client.force_login(commissioner)
    client.cookies["django_language"] = language

    page = soup(client.get(league_url(fixed_league, "book"), HTTP_ACCEPT_LANGUAGE=language))

    rows = page.find("table", class_="book").tbody.find_all("tr")
    assert [row.th.get_text(strip=True) for row in rows] == [labels[1], labels[0]]
    assert labels[0] in page.find("figure", class_="exposure-chart").get_text()


def test_the_settings_for_the_commissioner_only(client, commissioner, stranger, fixed_league):
    url = league_url(fixed_league, "settings")
    assert client.get(url).status_code == 302
    client.force_login(stranger)
    assert client.get(url).status_code == 403
    assert client.post(url, {"mode": "off"}).status_code == 403
    assert settings_of(fixed_league).mode == "fixed"


def test_the_settings_form_saves(client, commissioner, fixed_league):
    client.force_login(commissioner)
    url = league_url(fixed_league, "settings")
    form = soup(client.get(url)).find("main").find("form")

    data = form_data(form, mode="pool", house_cut_percent="12", max_stake="80")
    del data["allow_cancel"]  # unticked

    response = client.post(url, data)

    assert response.status_code == 302
    saved = settings_of(type(fixed_league).objects.get(pk=fixed_league.pk))
    assert (saved.mode, saved.house_cut_percent, saved.max_stake, saved.allow_cancel) == (
        "pool",
        12,
        80,
        False,
    )


def test_the_settings_form_lets_coaches_bet_on_their_own_teams(client, commissioner, fixed_league):
    client.force_login(commissioner)
    url = league_url(fixed_league, "settings")
    form = soup(client.get(url)).find("main").find("form")
    box = form.find("input", attrs={"name": "coaches_bet_on_own_teams"})
    assert box is not None and not box.has_attr("checked")  # off unless the league says so
    assert form.find("label", attrs={"for": box["id"]}).get_text(strip=True) == (
        "Coaches may bet on their own teams' fixtures"
    )

    response = client.post(url, form_data(form, coaches_bet_on_own_teams="on"))

    assert response.status_code == 302
    assert settings_of(type(fixed_league).objects.get(pk=fixed_league.pk)).coaches_bet_on_own_teams
    client.cookies["django_language"] = "fr"
    box = soup(client.get(url)).find("input", attrs={"name": "coaches_bet_on_own_teams"})
    assert box.has_attr("checked")
    assert soup(client.get(url)).find("label", attrs={"for": box["id"]}).get_text(strip=True) == (
        "Les entraîneurs peuvent parier sur les matchs de leurs équipes"
    )


def test_the_settings_form_refuses_a_largest_stake_whose_win_would_not_fit_the_ledger(
    client, commissioner, fixed_league
):
    client.force_login(commissioner)
    url = league_url(fixed_league, "settings")
    form = soup(client.get(url)).find("main").find("form")

    response = client.post(url, form_data(form, max_stake=str(10**9)))

    assert response.status_code == 200
    assert field_error(soup(response), "max_stake") == (
        "At most 999999999 coins: a win at the highest price (1000.00) must fit the ledger."
    )
    assert settings_of(fixed_league).max_stake == 500


def test_a_killpower_league_chooses_fixed_odds_priced_from_ratings(client, commissioner, kp_league):
    client.force_login(commissioner)
    url = league_url(kp_league, "settings")
    page = soup(client.get(url)).find("main")
    assert "Fixed odds come from the two teams' ratings" in page.get_text()
    form = page.find("form")

    response = client.post(url, form_data(form, mode="fixed"))

    assert response.status_code == 302
    assert settings_of(kp_league).mode == "fixed"


def test_the_settings_say_rotzball_s_odds_come_from_its_engine(client, commissioner, league):
    client.force_login(commissioner)

    page = soup(client.get(league_url(league, "settings"))).find("main")

    assert "Fixed odds come from the game's engine" in page.get_text()


def test_the_settings_name_the_field_a_rule_between_fields_breaks(
    client, commissioner, fixed_league
):
    client.force_login(commissioner)
    url = league_url(fixed_league, "settings")
    form = soup(client.get(url)).find("main").find("form")

    response = client.post(url, form_data(form, min_stake="100", max_stake="50"))

    assert field_error(soup(response), "max_stake") == (
        "The largest stake cannot be below the smallest (100)."
    )


# --- links from the rest of the site --------------------------------------------------------


def test_the_league_page_links_to_betting_only_when_the_league_bets(
    client, fixed_league, kp_league
):
    betting = soup(client.get(fixed_league.get_absolute_url())).find("a", class_="betting-link")
    assert betting["href"] == league_url(fixed_league)
    assert soup(client.get(kp_league.get_absolute_url())).find("a", class_="betting-link") is None


def test_the_league_settings_page_links_to_the_betting_settings(client, commissioner, league):
    client.force_login(commissioner)
    page = soup(client.get(reverse("league:settings", args=[league.pk])))
    assert page.find("a", href=league_url(league, "settings"), string="Betting settings")


def test_signed_in_users_have_my_bets_in_the_navigation(client, punter):
    assert (
        soup(client.get(reverse("league:list"))).find("a", href=reverse("betting:my_bets")) is None
    )
    client.force_login(punter)
    assert soup(client.get(reverse("league:list"))).find("a", href=reverse("betting:my_bets"))


@pytest.mark.parametrize("game", ["rotzball", "killpower"])
def test_each_fixture_page_loads_the_betting_panel(client, punter, game, request):
    fixture = request.getfixturevalue("open_fixture" if game == "rotzball" else "kp_fixture")
    if game == "killpower":
        request.getfixturevalue("pool_league")
    client.force_login(punter)

    page = soup(client.get(fixture.get_absolute_url()))
    panel_url = reverse("betting:fixture_panel", args=[fixture.pk])
    holder = page.find(attrs={"hx-get": panel_url})
    assert holder["hx-trigger"] == "load"

    panel = soup(
        client.get(
            panel_url,
            HTTP_HX_REQUEST="true",
            HTTP_HX_CURRENT_URL=f"http://testserver{fixture.get_absolute_url()}",
        )
    )
    assert panel.find("h2").get_text() == "Betting"
    assert (
        panel.find("form", class_="wallet-open").find("input", attrs={"name": "next"})["value"]
        == fixture.get_absolute_url()
    )


def test_the_panel_of_a_played_fixture_shows_the_user_s_bet_and_no_slip(
    client, punter, wallet, open_fixture, place
):
    bet = place(punter, open_fixture, "home", 10)
    match_services.fixture_simulate(fixture_id=open_fixture.pk, seed=3)
    from betting.settlement import fixture_settle

    fixture_settle(fixture_id=open_fixture.pk)
    bet.refresh_from_db()
    client.force_login(punter)

    panel = soup(client.get(reverse("betting:fixture_panel", args=[open_fixture.pk])))

    assert slip_of(panel, open_fixture) is None
    assert "Betting on this fixture is closed" in panel.get_text()
    mine = panel.find("ul", class_="my-fixture-bets").get_text(" ", strip=True)
    assert f"Your bet: 10 on Wolves win @ {bet.price}" in mine
    assert bet.get_status_display() in mine


def test_prices_on_the_page_are_the_services(client, fixed_league, open_fixture):
    """The page shows ``odds.quote``'s prices as they are: Decimal strings, two places."""
    page = soup(client.get(league_url(fixed_league)))
    shown = [td.get_text(strip=True) for td in page.find_all("td", class_="price")]
    assert shown == [str(price_of(open_fixture, o)) for o in ("home", "away")]
    assert all(Decimal(text).as_tuple().exponent == -2 for text in shown)
