"""The champion market's page, read like a browser would and posted with the form it offers,
in English and French; the pages that list bets show a champion bet without breaking."""

import pytest
from django.urls import reverse
from django.utils import translation

from betting import bets, futures
from betting.league_settings import settings_save
from betting.models import Bet
from forecasts.services import forecast_ensure
from tests.betting.champion.conftest import market_url
from tests.pages.conftest import field_error, form_data, soup

pytestmark = pytest.mark.django_db


@pytest.fixture
def fixed(rz_league):
    settings_save(league=rz_league, values={"mode": "fixed"})
    return rz_league


def test_anyone_reads_the_prices_and_a_punter_backs_a_champion_with_the_slip(
    client, fixed, rz_season, teams, fixtures, punter
):
    page = soup(client.get(market_url(rz_season)))
    rows = page.select("table.champion-market tbody tr")
    assert len(rows) == 4
    assert page.find("form", id="slip-champion") is None  # signed out: asked to sign in

    bets.wallet_open(user=punter, league=fixed)
    client.force_login(punter)
    page = soup(client.get(market_url(rz_season)))
    slip = page.find("form", id="slip-champion")
    ants = str(teams[0].pk)

    placed = client.post(
        slip["action"], form_data(slip, **{"champion-outcome": ants, "champion-stake": "30"})
    )

    assert placed.status_code == 302
    bet = Bet.objects.get()
    assert (bet.market, bet.team_id, bet.stake) == ("champion", teams[0].pk, 30)
    assert bet.price == futures.champion_quote(rz_season, fixed.betting).line(ants).price
    page = soup(client.get(market_url(rz_season)))
    assert page.find(id=f"bet-{bet.pk}") is not None
    replayed = client.post(
        slip["action"], form_data(slip, **{"champion-outcome": ants, "champion-stake": "31"})
    )
    assert replayed.status_code == 400  # the same slip's key for another bet: a conflict
    slip = page.find("form", id="slip-champion")  # a fresh slip, a fresh key

    too_much = client.post(
        slip["action"], form_data(slip, **{"champion-outcome": ants, "champion-stake": "9999"})
    )
    assert too_much.status_code == 400
    assert "500" in field_error(soup(too_much), "champion-stake")
    assert Bet.objects.count() == 1

    my_bets = soup(client.get(reverse("betting:my_bets")))
    assert "Champion of" in my_bets.find(id=f"bet-{bet.pk}").get_text()
    statement = client.get(reverse("betting:wallet", args=[fixed.pk]))
    assert statement.status_code == 200 and "Champion of" in statement.content.decode()
    assert client.get(reverse("betting:my_bets_export", args=["csv"])).status_code == 200


def test_the_page_is_in_french_and_linked_from_the_forecast_and_the_betting_page(
    client, fixed, rz_season, teams, fixtures
):
    forecast_ensure(season=rz_season)
    url = market_url(rz_season)
    forecast = soup(client.get(reverse("league:forecast", args=[fixed.pk, rz_season.pk])))
    assert forecast.find("a", href=url) is not None
    betting = soup(client.get(reverse("betting:league", args=[fixed.pk])))
    assert betting.find("a", href=url) is not None

    with translation.override("fr"):
        page = soup(client.get(url, HTTP_ACCEPT_LANGUAGE="fr"))
    assert "Champion de" in page.find("h1").get_text()
    assert "Chances de titre et cotes" in page.get_text()
