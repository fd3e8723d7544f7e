"""Deadlines in a real browser: the commissioner sets a round's deadline, a coach proposes a
kick-off on the fixture's page, the other coach accepts it; once the deadline is past, the
commissioner awards the late fixture in one click."""

from datetime import UTC, datetime, timedelta

import pytest
from playwright.sync_api import expect

from matches.models import Fixture, Result, RoundDeadline
from tests.browser.conftest import sign_in
from tests.factories import FixtureFactory, LeagueFactory, SeasonFactory, TeamFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def fixture(commissioner, coach, other_coach):
    league = LeagueFactory(name="Tutatis Cup", commissioner=commissioner, rule_system="tutatis")
    season = SeasonFactory(league=league, name="2027")
    home = TeamFactory(league=league, name="Gaulois", coach=coach)
    away = TeamFactory(league=league, name="Romains", coach=other_coach)
    return FixtureFactory(
        season=season, round=1, home=home, away=away, kickoff=datetime.now(UTC) + timedelta(days=9)
    )


def _sign_out(page):
    page.context.clear_cookies()


def test_a_deadline_set_a_time_agreed_then_a_late_fixture_awarded(page, fixture):
    league, season = fixture.season.league, fixture.season
    sign_in(page, "commissioner")
    page.goto(f"/leagues/{league.pk}/")
    page.get_by_role("link", name="Deadlines and late fixtures").click()
    expect(page.get_by_role("heading", name="Late fixtures")).to_be_visible()
    page.get_by_role("button", name=f"Round deadlines of {season.name}").click()
    page.get_by_label("Round 1").fill("2030-01-15T20:00")
    page.get_by_role("button", name="Save the deadlines").click()
    expect(page.get_by_text("The round deadlines are saved.")).to_be_visible()
    assert RoundDeadline.objects.get(season=season).due_at.year == 2030

    _sign_out(page)
    sign_in(page, "coach")
    page.goto(f"/matches/{fixture.pk}/")
    panel = page.locator("#kickoff-panel")
    expect(panel).to_contain_text("Result due by")
    panel.get_by_label("Propose a kick-off").fill("2029-12-20T19:30")
    panel.get_by_role("button", name="Propose this time").click()
    expect(page.locator("#kickoff-panel")).to_contain_text("Proposed:")

    _sign_out(page)
    sign_in(page, "other_coach")
    page.goto(f"/matches/{fixture.pk}/")
    page.locator("#kickoff-panel").get_by_role("button", name="Accept this time").click()
    expect(page.get_by_text("The kick-off time is agreed.")).to_be_visible()
    fixture.refresh_from_db()
    assert fixture.kickoff.year == 2029

    RoundDeadline.objects.filter(season=season).update(due_at=datetime.now(UTC) - timedelta(days=3))
    _sign_out(page)
    sign_in(page, "commissioner")
    page.goto(f"/leagues/{league.pk}/late/")
    page.get_by_role("button", name="To Romains").click()
    expect(page.get_by_text("No fixture is late.")).to_be_visible()
    assert Result.objects.get(fixture=fixture).winner == "away"
    assert Fixture.objects.get(pk=fixture.pk).status == "played"
