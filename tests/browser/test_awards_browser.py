"""A season's awards in a real browser, in English and French, at a desk and on a phone: the
season played and finished through the services (its game awards granted by the worker), a
custom award for a player, the season's awards page, then the team page it links to."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from awards.models import Award
from awards.services import custom_award_give
from matches import seasons, services
from tests.browser.conftest import AT_A_DESK_AND_ON_A_PHONE
from tests.factories import LeagueFactory, SeasonFactory, TeamFactory, UserFactory, full_lineup

WORDS = {
    "en": {
        "title": "Awards of season 2526",
        "attack": "Best attack",
        "ball": "Masters of the ball",
        "custom": "commissioner's award",
        "section": "Awards",
    },
    "fr": {
        "title": "Récompenses de la saison 2526",
        "attack": "Meilleure attaque",
        "ball": "Maîtres du ballon",
        "custom": "récompense du commissaire",
        "section": "Récompenses",
    },
}


@pytest.fixture
def finished_season():
    commissioner = UserFactory(username="commish")
    league = LeagueFactory(name="Middenheim Cup", commissioner=commissioner)
    season = SeasonFactory(league=league, name="2526")
    wolves = TeamFactory(league=league, name="Wolves", coach=UserFactory(username="wolf"))
    ravens = TeamFactory(league=league, name="Ravens", coach=UserFactory(username="raven"))
    full_lineup(wolves, skill=60)
    full_lineup(ravens, skill=40)
    services.fixtures_generate(season=season, double=True)
    services.simulation_request(season=season, user=None)
    seasons.season_finish(season=season, by=commissioner)
    assert Award.objects.filter(season=season, kind="game").exists()  # granted after commit
    player = wolves.players.order_by("pk").first()
    custom_award_give(
        season=season, by=commissioner, name="Iron lungs", team=wolves, player_ref=str(player.pk)
    )
    return season, wolves, player


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "fr"])
@AT_A_DESK_AND_ON_A_PHONE
def test_the_season_awards_and_a_team_page(
    page_in, live_server, settings, finished_season, language, viewport
):
    settings.SITE_URL = live_server.url
    season, wolves, player = finished_season
    words = WORDS[language]
    page = page_in(language, viewport)

    page.goto(reverse("awards:season", args=[season.pk]))
    expect(page.get_by_role("heading", level=1)).to_have_text(words["title"])
    awards = page.locator("ul.season-awards > li")
    game = Award.objects.filter(season=season, kind="game").count()
    expect(awards).to_have_count(game + 1)
    expect(awards.first).to_contain_text(words["attack"])
    expect(page.locator("ul.season-awards")).to_contain_text(words["ball"])
    custom = awards.last
    expect(custom).to_contain_text("Iron lungs")
    expect(custom).to_contain_text(words["custom"])
    expect(custom).to_contain_text(f"{player.name} (Wolves)")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")

    # the team page, from a team award's link
    won = Award.objects.filter(season=season, kind="game", player_ref="").first()
    page.locator("ul.season-awards").get_by_role("link", name=won.team.name).first.click()
    section = page.locator("section.team-awards")
    expect(section.get_by_role("heading", name=words["section"])).to_be_visible()
    expected = Award.objects.filter(team=won.team).count()
    expect(section.locator("li")).to_have_count(expected)
    if won.team == wolves:
        expect(section).to_contain_text("Iron lungs")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert page.errors == []
