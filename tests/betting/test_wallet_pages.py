"""Wallets, a punter's bets and cancelling them, read and posted like a browser would."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from betting import bets
from betting.league_settings import settings_save
from betting.models import Bet
from ledger.models import Account
from matches import services as match_services
from tests.betting.pages import HTMX, league_url, slip_of
from tests.factories import FixtureFactory
from tests.pages.conftest import form_data, soup

pytestmark = pytest.mark.django_db


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
