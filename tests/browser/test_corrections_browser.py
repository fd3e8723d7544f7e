"""A commissioner awards a Rotzball fixture, then corrects it, in a real browser: the forms ask
for a reason and a confirmation, the history lists both, no script breaks the CSP."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from matches.models import Result
from tests.browser.conftest import sign_in
from tests.factories import FixtureFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_commissioner_awards_then_corrects_a_fixture(page, season, team, other_team):
    fixture = FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() + timedelta(days=2)
    )
    sign_in(page, "commissioner")
    page.goto(f"/matches/{fixture.pk}/")
    page.get_by_role("button", name="Award the fixture").click()
    page.get_by_label("Ravens").check()
    page.get_by_label("Reason").fill("Wolves did not turn up")
    expect(page.get_by_label("Yes, award the fixture by forfeit")).to_have_attribute(
        "required", ""
    )  # the browser asks for the confirmation first
    page.get_by_label("Yes, award the fixture by forfeit").check()
    page.get_by_role("button", name="Award the fixture").click()
    page.wait_for_url(f"**/matches/{fixture.pk}/")
    expect(page.locator("section.corrections")).to_contain_text("Wolves did not turn up")
    assert Result.objects.get(fixture=fixture).winner == "away"
    expect(page.locator(".verdict")).to_contain_text("Awarded by the commissioner without playing")

    page.get_by_role("button", name="Correct the result").click()
    page.get_by_label("Score of Wolves").fill("3")
    page.get_by_label("Score of Ravens").fill("1")
    page.get_by_label("Wolves", exact=True).check()
    page.get_by_label("Reason").fill("Wolves came after all")
    page.get_by_label("Yes, change this played result").check()
    page.get_by_role("button", name="Correct the result").click()
    page.wait_for_url(f"**/matches/{fixture.pk}/")
    history = page.locator("section.corrections tbody tr")
    expect(history).to_have_count(2)
    expect(history.first).to_contain_text("0–2")
    expect(history.first).to_contain_text("3–1")
    assert Result.objects.get(fixture=fixture).winner == "home"
    assert page.js_errors == []
