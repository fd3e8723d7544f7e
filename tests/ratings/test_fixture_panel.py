"""The ratings panel of a fixture's page (``ratings:fixture_panel``), in English and French,
and every game's fixture page loading it."""

import pytest
from django.urls import reverse

from league.services import league_create
from ratings.chances import fixture_outlook
from ratings.models import DrawFit
from tests.factories import FixtureFactory, TeamFactory
from tests.pages.conftest import soup

pytestmark = pytest.mark.django_db

WORDS = {
    "en": {
        "title": "Ratings and expected result",
        "caption": "The teams' ratings as they entered round 2.",
        "home": "Titans win",
        "draw": "Draw",
        "score": "Expected score of Titans: {score} (a win counts 1, a draw ½).",
    },
    "fr": {
        "title": "Niveaux et résultat attendu",
        "caption": "Le niveau des équipes à l’entrée de la journée 2.",
        "home": "Victoire de Titans",
        "draw": "Match nul",
        "score": "Score attendu de Titans : {score} (une victoire compte 1, un nul ½).",
    },
}


@pytest.fixture
def fixture(kp_season, kp_teams, rate):
    titans, orcs = kp_teams
    rate(titans, kp_season, 1, 1712.4, rd=61.2)
    rate(orcs, kp_season, 1, 1555.6, rd=88.7)
    DrawFit.objects.create(
        game="killpower", league=kp_season.league, intercept=-1.0, slope=-0.3, fixtures=40
    )
    return FixtureFactory(season=kp_season, round=2, home=titans, away=orcs)


def written(number: float, places: int, language: str) -> str:
    text = f"{number:.{places}f}"
    return text.replace(".", ",") if language == "fr" else text


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_panel_shows_both_ratings_and_the_expected_result(client, fixture, language):
    client.cookies["django_language"] = language
    outlook = fixture_outlook(fixture)
    words = WORDS[language]

    page = soup(
        client.get(
            reverse("ratings:fixture_panel", args=[fixture.pk]), HTTP_ACCEPT_LANGUAGE=language
        )
    )

    assert page.find("h2").get_text(strip=True) == words["title"]
    ratings = page.find("table", class_="ratings-table")
    assert ratings.caption.get_text(strip=True) == words["caption"]
    rows = [
        [cell.get_text(" ", strip=True) for cell in row.find_all(["th", "td"])]
        for row in ratings.tbody.find_all("tr")
    ]
    assert rows == [["Titans", "1712 ± 61"], ["Orcs", "1556 ± 89"]]
    chances = page.find("table", class_="expected-result").tbody
    shown = {
        row["data-outcome"]: (row.th.get_text(strip=True), row.td.get_text(strip=True))
        for row in chances.find_all("tr")
    }
    assert shown["home"] == (
        words["home"],
        f"{written(100 * outlook.probabilities['home'], 1, language)} %",
    )
    assert shown["draw"] == (
        words["draw"],
        f"{written(100 * outlook.probabilities['draw'], 1, language)} %",
    )
    assert set(shown) == {"home", "draw", "away"}
    assert page.find("p", class_="expected-score").get_text(strip=True) == words["score"].format(
        score=written(outlook.expected, 2, language)
    )


def test_a_match_that_cannot_end_level_shows_no_draw(client, kp_cup_final):
    page = soup(client.get(reverse("ratings:fixture_panel", args=[kp_cup_final.pk])))

    outcomes = [row["data-outcome"] for row in page.select("table.expected-result tbody tr")]
    assert outcomes == ["home", "away"]


def test_an_unknown_fixture_is_not_found(client, db):
    assert client.get(reverse("ratings:fixture_panel", args=[987654])).status_code == 404


@pytest.mark.parametrize("game", ["rotzball", "killpower", "mythril", "tutatis"])
def test_every_game_s_fixture_page_loads_the_ratings_and_betting_panels(client, commissioner, game):
    league = league_create(commissioner=commissioner, name=f"{game} cup", rule_system=game)
    fixture = FixtureFactory(
        season=league.seasons.get(),
        home=TeamFactory(league=league),
        away=TeamFactory(league=league),
    )

    page = soup(client.get(fixture.get_absolute_url()))

    ratings = page.find(id="ratings-panel")
    assert ratings["hx-get"] == reverse("ratings:fixture_panel", args=[fixture.pk])
    assert page.find(id="betting-panel")["hx-get"] == reverse(
        "betting:fixture_panel", args=[fixture.pk]
    )
