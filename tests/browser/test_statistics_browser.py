"""The statistics page in a real browser, in English and French, at a desk and on a phone: a
league's records (each a link to the match that set it) and its leaderboards, the season and
all-time scopes, reached from the league page; no sideways scroll on a phone."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from matches.services import fixture_simulate
from tests.browser.conftest import AT_A_DESK_AND_ON_A_PHONE
from tests.factories import FixtureFactory, SeasonFactory, TeamFactory
from tests.stats.test_leaderboards import play

WORDS = {
    "en": {
        "link": "Statistics",
        "title": "Statistics",
        "records": "Records",
        "biggest": "Biggest win",
        "goals": "Goals · teams",
        "all": "All time",
    },
    "fr": {
        "link": "Statistiques",
        "title": "Statistiques",
        "records": "Records",
        "biggest": "Plus large victoire",
        "goals": "Buts · équipes",
        "all": "Toutes saisons",
    },
}


@pytest.fixture
def played_league(league, team, other_team):
    """Two seasons of a Rotzball league: a simulated match and two by hand in the first, one in
    the second (the latest)."""
    first = SeasonFactory(league=league, name="2425")
    bears = TeamFactory(league=league, name="Bears of the Long Winter Mountains", coach=None)
    simulated = FixtureFactory(
        season=first, home=team, away=other_team, kickoff=timezone.now() - timedelta(days=40)
    )
    fixture_simulate(fixture_id=simulated.pk, seed=5)
    big = play(first, bears, team, 7, 1, day=2)
    play(first, other_team, bears, 2, 2, day=3)
    latest = SeasonFactory(league=league, name="2526")
    play(latest, team, bears, 3, 0, day=50)
    return league, latest, big


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "fr"])
@AT_A_DESK_AND_ON_A_PHONE
def test_the_statistics_page(page_in, live_server, played_league, language, viewport):
    league, latest, big = played_league
    words = WORDS[language]
    page = page_in(language, viewport)

    # from the league page, to the latest season's statistics
    page.goto(reverse("league:detail", args=[league.pk]))
    page.get_by_role("link", name=words["link"], exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text(words["title"])
    expect(page.locator("hgroup p")).to_contain_text(latest.name)
    goals = page.locator("#board-goals-team tbody tr")
    expect(goals).to_have_count(1)  # the Bears scored none: no row
    expect(goals.first).to_contain_text("Wolves")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    # all time: the biggest win is the Bears' 7-1, a link to that match
    page.locator("#stats-scopes").get_by_role("link", name=words["all"]).click()
    expect(page.locator("#stats-scopes [aria-current=page]")).to_have_text(words["all"])
    biggest = page.locator("#record-biggest_win")
    expect(biggest.get_by_role("rowheader")).to_have_text(words["biggest"])
    expect(biggest).to_contain_text("6")
    expect(page.locator("#board-possessions-team tbody tr").first).to_be_visible()
    expect(page.locator("#board-goals-team h3")).to_have_text(words["goals"])
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    biggest.locator("a.record-fixture").click()
    expect(page).to_have_url(
        f"{live_server.url}{reverse('matches:fixture', args=[big.fixture_id])}"
    )
    assert page.errors == []
