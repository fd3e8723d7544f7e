"""Odds are written in the reader's number format everywhere they are read (English ``1.97``,
French ``1,97``): the market, the notice of a bet placed, the user's bets; the price a slip
sends back stays machine-readable."""

from decimal import Decimal

import pytest
from django.urls import reverse

from betting import odds
from betting.league_settings import settings_of
from betting.models import Bet
from tests.pages.conftest import form_data, soup

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
NOTICE = {
    "en": "Bet placed: 40 coins on Ravens win at {price}.",
    "fr": "Pari placé : 40 pièces sur « Victoire de Ravens » à {price}.",
}


def _written(price: Decimal, language: str) -> str:
    return f"{price:.2f}".replace(".", "," if language == "fr" else ".")


@pytest.mark.parametrize("language", ["en", "fr"])
def test_odds_follow_the_reader_s_language(
    client, punter, wallet, fixed_league, open_fixture, language
):
    price = odds.quote(open_fixture, settings_of(fixed_league)).price("away")
    shown = _written(price, language)
    client.force_login(punter)
    client.cookies["django_language"] = language
    headers = {"HTTP_ACCEPT_LANGUAGE": language}
    page = soup(client.get(reverse("betting:league", args=[fixed_league.pk]), **headers))

    market = page.find(id=f"market-{open_fixture.pk}")
    cell = market.select_one("tr.outcome-away td.price")
    assert cell.get_text(strip=True) == shown
    slip = market.find("form", id=f"slip-{open_fixture.pk}")
    prefix = f"bet{open_fixture.pk}"
    assert slip.find("input", attrs={"name": f"{prefix}-price-away"})["value"] == str(price)

    response = client.post(
        slip["action"],
        form_data(slip, **{f"{prefix}-outcome": "away", f"{prefix}-stake": "40"}),
        **HTMX,
        **headers,
    )
    flash = soup(response).find(id=f"market-{open_fixture.pk}").find(class_="flash")
    assert NOTICE[language].format(price=shown) in flash.get_text(" ", strip=True)
    assert Bet.objects.get().price == price

    mine = soup(client.get(reverse("betting:my_bets"), **headers))
    assert shown in [td.get_text(strip=True) for td in mine.select("td.num")]
