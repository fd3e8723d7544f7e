"""Notifications in a real browser: the commissioner moves a fixture, the coach sees the bell's
count, opens the list, reads what changed, marks it read and the count goes."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from matches.services import fixture_reschedule
from tests.browser.conftest import sign_in
from tests.factories import FixtureFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_coach_sees_the_bell_after_a_reschedule_and_reads_it(
    page, league, season, team, other_team
):
    fixture = FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() + timedelta(days=2)
    )
    fixture_reschedule(fixture=fixture, kickoff=timezone.now() + timedelta(days=4))

    sign_in(page, "coach")
    bell = page.get_by_test_id("notification-bell")
    expect(bell.get_by_test_id("notification-count")).to_have_text("1")
    bell.click()
    page.wait_for_url("**/notifications/")
    item = page.locator(".notification.unread")
    expect(item).to_contain_text("Wolves v Ravens now kicks off at")

    item.get_by_role("button", name="Open").click()
    page.wait_for_url(f"**/matches/{fixture.pk}/")
    expect(page.get_by_test_id("notification-bell")).to_be_visible()
    expect(page.get_by_test_id("notification-count")).to_have_count(0)

    page.goto("/notifications/")
    expect(page.locator(".notification")).to_have_count(1)
    expect(page.locator(".notification.unread")).to_have_count(0)
