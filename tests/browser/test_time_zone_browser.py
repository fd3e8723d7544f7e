"""The reader's time zone, as a real browser reports it: a visitor reads times in it from the
second page on, and signing up saves it on the account."""

import re
from datetime import UTC, datetime

import pytest
from playwright.sync_api import expect

from core.models import UserProfile
from tests.factories import FixtureFactory

pytestmark = pytest.mark.django_db(transaction=True)

STRONG = "a-long-Password-9c"
KICKOFF = datetime(2026, 12, 5, 20, 0, tzinfo=UTC)  # 21:00 in Paris, 05:00 next day in Tokyo


@pytest.fixture
def tokyo(browser, live_server, settings):
    """A page of a browser whose clock is set to Tokyo."""
    settings.SITE_URL = live_server.url
    settings.ACCOUNT_EMAIL_VERIFICATION = "none"
    context = browser.new_context(
        base_url=live_server.url, locale="en-GB", timezone_id="Asia/Tokyo"
    )
    page = context.new_page()
    page.set_default_timeout(15_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert not errors, errors


def test_a_visitor_reads_the_kick_off_in_the_browser_s_zone(tokyo, season, team, other_team):
    fixture = FixtureFactory(season=season, home=team, away=other_team, kickoff=KICKOFF)

    tokyo.goto(f"/matches/{fixture.pk}/")  # the first page: the site's zone, the cookie set
    expect(tokyo.locator("main")).to_contain_text("5 Dec 2026, 21:00 CET")
    tokyo.reload()

    expect(tokyo.locator("main")).to_contain_text("6 Dec 2026, 05:00 JST")


def test_signing_up_saves_the_browser_s_zone_and_preferences_change_it(tokyo):
    tokyo.goto("/accounts/signup/")
    tokyo.get_by_label("Username").fill("kenji")
    tokyo.get_by_label("Email").fill("kenji@example.org")
    tokyo.get_by_label("Password", exact=True).fill(STRONG)
    tokyo.get_by_label(re.compile(r"Password \(again\)")).fill(STRONG)
    tokyo.get_by_role("button", name="Create my account").click()
    tokyo.wait_for_url("**/accounts/welcome/")

    assert UserProfile.objects.get(user__username="kenji").time_zone == "Asia/Tokyo"

    tokyo.goto("/accounts/preferences/")
    expect(tokyo.get_by_label("Time zone")).to_have_value("Asia/Tokyo")
    tokyo.get_by_label("Time zone").select_option("Europe/Lisbon")
    tokyo.get_by_role("button", name="Save").click()
    expect(tokyo.get_by_label("Time zone")).to_have_value("Europe/Lisbon")
    assert UserProfile.objects.get(user__username="kenji").time_zone == "Europe/Lisbon"
