"""A visitor steps through a league's rounds in a real browser: htmx swaps the round's block
alone and puts its address in the history; the browser's Back button comes back to it; the
same links work with JavaScript off."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from matches.services import fixtures_generate
from tests.factories import TeamFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def four_teams(league, season, team, other_team):
    for name in ("Bears", "Boars"):
        TeamFactory(league=league, name=name, coach=None)
    fixtures_generate(season=season, double=True, first_kickoff=timezone.now() + timedelta(days=2))
    return season


def test_the_round_links_swap_the_fixtures_alone(page, league, four_teams):
    page.goto(f"/leagues/{league.pk}/")
    block = page.locator("#round-fixtures")
    expect(block.locator("h3")).to_contain_text("Round 1")
    page.locator("#standings").evaluate("element => element.dataset.marker = 'kept'")

    page.get_by_role("link", name="Round 2 →").click()

    expect(block.locator("h3")).to_contain_text("Round 2")
    expect(page).to_have_url(f"{page.url.split('?')[0]}?season={four_teams.pk}&round=2")
    expect(page.locator("#standings")).to_have_attribute("data-marker", "kept")  # not reloaded
    block.locator(".round-numbers").get_by_role("link", name="6", exact=True).click()
    expect(block.locator("h3")).to_contain_text("Round 6")
    expect(block.get_by_role("link", name="Round 5", exact=False)).to_be_visible()
    expect(page.get_by_role("link", name="Round 7 →")).to_have_count(0)

    page.go_back()
    expect(block.locator("h3")).to_contain_text("Round 2")
    assert page.js_errors == []


def test_the_round_links_work_without_javascript(browser, live_server, league, four_teams):
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()

    page.goto(f"/leagues/{league.pk}/")
    page.get_by_role("link", name="Round 2 →").click()

    expect(page.locator("#round-fixtures h3")).to_contain_text("Round 2")
    assert page.url.endswith(f"?season={four_teams.pk}&round=2")
    context.close()
