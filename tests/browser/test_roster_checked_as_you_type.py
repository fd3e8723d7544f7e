"""A coach adding a player sees a taken name refused when leaving the field, before sending."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import sign_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_taken_name_is_flagged_when_the_field_loses_focus(page, team):
    taken = team.players.first().name
    players = team.players.count()
    sign_in(page, "coach")
    page.goto(f"/leagues/teams/{team.pk}/roster/")

    page.get_by_label("Name").fill(taken)
    page.get_by_label("Endurance (E)").click()  # the name field loses focus

    expect(page.locator("#field-name .field-error")).to_contain_text("already plays")
    expect(page.get_by_label("Endurance (E)")).to_be_focused()
    assert page.js_errors == [] and team.players.count() == players
