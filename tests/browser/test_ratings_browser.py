"""The ratings pages in a real browser, in English and French, at a desk and on a phone: the
league's table with its chart (and the chart's numbers as a table), a coach's page reached from
the table, and a fixture's page loading its expected result (htmx)."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from league.services import league_create
from ratings.chances import fixture_outlook
from ratings.models import TeamRating
from ratings.services import ratings_rebuild
from tests.browser.conftest import AT_A_DESK_AND_ON_A_PHONE, DESK
from tests.factories import FixtureFactory, TeamFactory, UserFactory
from tests.ratings.conftest import play

WORDS = {
    "en": {
        "title": "Ratings",
        "table": "Ratings of the teams",
        "data": "Data as a table",
        "coach": "Ratings of ada",
        "every": "Every game",
        "panel": "Ratings and expected result",
        "decimal": ".",
    },
    "fr": {
        "title": "Cotes",
        "table": "Cotes des équipes",
        "data": "Données sous forme de tableau",
        "coach": "Cotes de ada",
        "every": "Tous les jeux",
        "panel": "Niveaux et résultat attendu",
        "decimal": ",",
    },
}


@pytest.fixture
def rated_league(commissioner, follow_up_tasks):
    """A Killpower league of four teams, two rounds played (Titans winning both, a draw), Ada
    coaching Titans; round 3 ahead."""
    league = league_create(commissioner=commissioner, name="Arena", rule_system="killpower")
    season = league.seasons.get()
    ada = UserFactory(username="ada")
    titans = TeamFactory(league=league, name="Titans", coach=ada)
    orcs, elves, dwarves = (
        TeamFactory(league=league, name=n) for n in ("Orcs", "Elves", "Dwarves")
    )
    for round_, home, away, scores in [
        (1, titans, orcs, (3, 0)),
        (1, elves, dwarves, (1, 1)),
        (2, dwarves, titans, (0, 2)),
        (2, orcs, elves, (2, 1)),
    ]:
        play(FixtureFactory(season=season, round=round_, home=home, away=away), *scores)
    ratings_rebuild(league_ids=[league.pk])
    ahead = FixtureFactory(season=season, round=3, home=titans, away=elves)
    return league, ahead


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "fr"])
@AT_A_DESK_AND_ON_A_PHONE
def test_the_ratings_pages(page_in, live_server, settings, rated_league, language, viewport):
    settings.SITE_URL = live_server.url
    league, ahead = rated_league
    words = WORDS[language]
    page = page_in(language, viewport)

    # the league's table, best first, and the chart with its numbers
    page.goto(reverse("league:ratings", args=[league.pk]))
    expect(page.get_by_role("heading", level=1)).to_contain_text(words["title"])
    expect(page.get_by_role("heading", name=words["table"])).to_be_visible()
    rows = page.locator("table.ratings-table tbody tr")
    expect(rows).to_have_count(4)
    best = TeamRating.objects.filter(season__league=league, round=2).order_by("-rating").first()
    expect(rows.first).to_contain_text(best.team.name)
    expect(rows.first).to_contain_text(f"{best.rating:.0f}")
    expect(page.locator("#ratings-chart svg")).to_be_visible()
    page.get_by_text(words["data"]).click()
    expect(page.locator("#ratings-chart details tbody tr")).to_have_count(8)  # 4 teams, 2 rounds
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    # the coach's page, from the table at a desk (the coach column is hidden on a phone)
    if viewport == DESK:
        rows.first.get_by_role("link", name="ada").click()
    else:
        page.goto(reverse("ratings:coach", args=[best.team.coach_id]))
    expect(page.get_by_role("heading", level=1)).to_have_text(words["coach"])
    pools = page.locator("table.ratings-table tbody tr")
    expect(pools).to_have_count(2)
    expect(pools.nth(0)).to_contain_text("Killpower")
    expect(pools.nth(1)).to_contain_text(words["every"])
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    # the fixture ahead: its panel arrives by htmx with the expected result
    page.goto(ahead.get_absolute_url())
    panel = page.locator("#ratings-panel")
    expect(panel.get_by_role("heading", name=words["panel"])).to_be_visible()
    chance = fixture_outlook(ahead).home_percent
    home_row = panel.locator("table.expected-result tr[data-outcome=home] td")
    expect(home_row).to_have_text(f"{chance:.1f} %".replace(".", words["decimal"]))
    expect(panel.locator("table.expected-result tbody tr")).to_have_count(3)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert page.errors == []
