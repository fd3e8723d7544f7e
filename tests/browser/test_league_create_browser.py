"""The new-league page in a real browser: choosing a rule system shows the settings it reads
and hides the others (the "read by" notes, for pages without JavaScript, hidden too); the
league is created with the settings shown; under the CSP."""

import pytest
from playwright.sync_api import expect

from league.models import League
from tests.browser.conftest import sign_in

pytestmark = pytest.mark.django_db(transaction=True)

SECTIONS = {
    "rotzball": ["Points and ranking"],
    "killpower": ["Killpower Ball"],
    "mythril": [],
    "tutatis": ["Points and ranking", "Tutatis"],
}


def _shown_sections(page) -> list[str]:
    legends = page.locator("main fieldset[data-rule-systems]:visible > legend")
    return legends.all_inner_texts()


def test_choosing_each_game_shows_its_settings_only(page, stranger):
    sign_in(page, stranger.username)
    page.goto("/leagues/new/")
    expect(page.locator(".rule-systems-note").first).to_be_hidden()

    for game, sections in SECTIONS.items():
        page.get_by_label("Rule system").select_option(game)
        expect(page.locator("main fieldset[data-rule-systems]:visible > legend")).to_have_count(
            len(sections)
        )
        assert _shown_sections(page) == sections, game

    # back to Killpower: its own settings are the ones sent, the hidden points table is not
    page.get_by_label("Rule system").select_option("killpower")
    page.get_by_label("Name", exact=True).fill("Coupe du Soir")
    page.get_by_label("XP per match played").fill("7")
    page.get_by_role("button", name="Create the league").click()
    page.wait_for_url("**/leagues/*/")
    league = League.objects.get(name="Coupe du Soir")
    assert (league.rule_system, league.house_rules) == ("killpower", {"xp_per_match": 7})
