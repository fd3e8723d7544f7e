"""A bet's history reads as words in the reader's language: the bet as its pick, stake and
price (not its stored text), its status as a bet's (won, not the standings' wins), the price in
the reader's number format, and no technical field (the request's replay guard)."""

import pytest

from betting import settlement
from tests.corrections.conftest import play
from tests.pages.conftest import soup

pytestmark = pytest.mark.django_db

WORDS = {
    "en": {
        "bet": "Bet #{pk}: Wolves win, 10 coins at {price}",
        "status": "Status:Open→Won",
        "price": "Price:{price}",
    },
    "fr": {
        "bet": "Pari n° {pk} : Victoire de Wolves, 10 pièces à {price}",
        "status": "Statut\u00a0:En cours→Gagné",
        "price": "Cote\u00a0:{price}",
    },
}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_won_bet_reads_as_words(client, place, punter, open_fixture, wallet, language):
    bet = place(punter, open_fixture, "home", 10, idempotency_key="slip-1")
    play(open_fixture, 2, 0)
    settlement.fixture_settle(fixture_id=open_fixture.pk)
    price = f"{bet.price:.2f}".replace(".", "," if language == "fr" else ".")
    words = {key: text.format(pk=bet.pk, price=price) for key, text in WORDS[language].items()}
    client.force_login(punter)
    client.cookies["django_language"] = language

    page = soup(
        client.get(
            f"/leagues/{open_fixture.season.league_id}/history/", HTTP_ACCEPT_LANGUAGE=language
        )
    )

    rows = [row for row in page.select("table.history tbody tr") if words["bet"] in row.get_text()]
    settled, placed = rows  # newest first
    changes = [li.get_text(strip=True) for li in settled.select("ul.changes li")]
    assert words["status"] in changes
    assert words["price"] in [li.get_text(strip=True) for li in placed.select("ul.changes li")]
    text = page.get_text()
    assert f"#{bet.pk} home 10" not in text
    for technical in ("dempotency", "digest", "slip-1", bet.request_digest):
        assert technical not in text
