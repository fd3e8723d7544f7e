"""A Mythril coach builds a team within budget: the engine's check follows every change over
htmx, an over-budget draft is refused in the rule's words, then fixed and saved."""

import pytest
from playwright.sync_api import expect

from league.models import Team
from league.services import league_create
from systems.mythril.selectors import gold_of
from tests.browser.conftest import sign_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_coach_builds_a_team_within_budget(page, commissioner, coach):
    league = league_create(commissioner=commissioner, name="Mythril", rule_system="mythril")
    sign_in(page, "coach")
    page.goto(league.get_absolute_url())
    page.get_by_role("button", name="Build a team").click()
    # htmx binds the team list's change only once its script has run: wait for the page
    page.wait_for_load_state("networkidle")
    verdict = page.locator("#draft-verdict")
    expect(verdict).to_contain_text("Choose the players")

    page.get_by_label("Team list").select_option("Human")
    expect(page.get_by_label("Lineman", exact=True)).to_be_visible()
    page.get_by_label("Team name").fill("Altdorf Bulls")
    page.get_by_label("Lineman", exact=True).fill("11")
    expect(verdict).to_contain_text("560,000 / 1,000,000")
    expect(verdict).to_contain_text("This team can be registered.")
    page.get_by_label("Blitzer", exact=True).fill("4")
    page.get_by_label("Catcher", exact=True).fill("4")
    expect(verdict).to_contain_text(
        "Creation budget: the team costs 1,200,000 gold, over the 1,000,000 allowed"
    )
    expect(verdict).to_contain_text("budget_exceeded")

    page.get_by_role("button", name="Register the team").click()
    expect(page.locator(".form-errors")).to_contain_text(
        "Creation budget: the team costs 1,200,000 gold, over the 1,000,000 allowed"
    )
    assert not Team.objects.filter(name="Altdorf Bulls").exists()

    page.get_by_label("Catcher", exact=True).fill("0")
    page.get_by_label("Blitzer", exact=True).fill("2")
    expect(verdict).to_contain_text("740,000 / 1,000,000")
    expect(verdict).to_contain_text("This team can be registered.")
    page.get_by_role("button", name="Register the team").click()
    page.wait_for_url("**/leagues/teams/**")
    expect(page.locator("main")).to_contain_text("Altdorf Bulls is registered.")
    team = Team.objects.get(name="Altdorf Bulls")
    assert team.coach == coach and gold_of(team) == 260_000
    expect(page.get_by_test_id("treasury")).to_contain_text("260,000")
    assert page.js_errors == []
