"""A Tutatis coach builds a team within budget: the check follows every change (over htmx),
an over-budget team is refused in the rule's words, then fixed and saved."""

import pytest
from playwright.sync_api import expect

from league.services import league_create, team_register
from systems.tutatis.models import Player, TeamList
from systems.tutatis.services import lists, rosters
from tests.browser.conftest import sign_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_coach_builds_a_team_within_budget(page, commissioner, coach):
    lists.samples_install()  # what the data migration wrote, emptied by earlier browser tests
    league = league_create(commissioner=commissioner, name="Triskearth", rule_system="tutatis")
    team = team_register(league=league, name="Orcs", coach=coach)
    orcs = TeamList.objects.get(league=None, name="Orc Bonecrushers (sample)")
    rosters.team_list_choose(user=coach, team=team, team_list=orcs)
    sign_in(page, "coach")
    page.goto(f"/leagues/teams/{team.pk}/tutatis/roster/")
    check = page.locator("#roster-check")
    expect(check).to_contain_text("0 / 600 Irr")

    page.get_by_label("Orc Brute on the pitch").fill("6")
    expect(check).to_contain_text("270 / 600 Irr")
    expect(check).to_contain_text("6 players are on the pitch")
    page.get_by_label("Grishka the Maw on the pitch").fill("1")
    page.get_by_label("Grishka the Maw on the bench").fill("4")
    expect(check).to_contain_text("820 / 600 Irr")
    expect(check).to_contain_text("The team costs 820 Irr, over the budget of 600 Irr.")

    page.get_by_role("button", name="Save the roster").click()
    expect(page.locator("#roster-refused")).to_contain_text(
        "The team costs 820 Irr, over the budget of 600 Irr."
    )
    assert Player.objects.filter(team=team).count() == 0

    page.get_by_label("Grishka the Maw on the bench").fill("1")
    expect(check).to_contain_text("490 / 600 Irr")
    expect(check).to_contain_text("This team keeps every team-building rule.")
    page.get_by_role("button", name="Save the roster").click()
    page.wait_for_url(f"**/leagues/teams/{team.pk}/")
    expect(page.locator("main")).to_contain_text("The roster is saved.")
    assert Player.objects.filter(team=team, on_pitch=True).count() == 7
    assert Player.objects.filter(team=team).count() == 8
    assert page.js_errors == []
