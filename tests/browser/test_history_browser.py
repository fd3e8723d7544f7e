"""A commissioner renames the league on its settings page, then reads who changed what on the
league's "Recent changes" and on the settings page itself; under the CSP."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import sign_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_settings_change_shows_in_the_history(page, league, season):
    sign_in(page, "commissioner")

    page.goto(f"/leagues/{league.pk}/settings/")
    page.get_by_label("Name", exact=True).fill("Altdorf Cup")
    page.get_by_role("button", name="Save the settings").click()
    page.wait_for_url(f"**/leagues/{league.pk}/")

    page.get_by_role("link", name="Recent changes").click()
    page.wait_for_url(f"**/leagues/{league.pk}/history/")
    row = page.locator("table.history tbody tr", has_text="Middenheim Cup →")
    expect(row).to_contain_text("commissioner")
    expect(row).to_contain_text("Name: Middenheim Cup → Altdorf Cup")

    page.goto(f"/leagues/{league.pk}/settings/")
    history = page.locator(".object-history")
    expect(history).to_contain_text("Altdorf Cup")
    history.get_by_role("link", name="All the changes").click()
    expect(page.locator("table.history")).to_contain_text("Altdorf Cup")
