"""A commissioner simulates a round in a real browser and watches the progress bar finish."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from matches.models import Fixture
from matches.services import fixtures_generate
from tests.browser.conftest import sign_in
from tests.factories import TeamFactory, full_lineup

pytestmark = pytest.mark.django_db(transaction=True)


def test_commissioner_simulates_round_one_and_reads_a_match_report(
    page, league, season, team, other_team
):
    for name in ("Bears", "Boars"):
        full_lineup(TeamFactory(league=league, name=name, coach=None))
    fixtures_generate(season=season, double=False, first_kickoff=timezone.now() + timedelta(days=2))
    sign_in(page, "commissioner")

    page.goto(f"/leagues/{league.pk}/?season={season.pk}")
    page.get_by_role("button", name="Simulate round 1").click()

    expect(page.locator("#progress")).to_contain_text("2 of 2 matches played", timeout=30_000)
    round_one = Fixture.objects.filter(season=season, round=1)
    assert all(f.status == Fixture.Status.PLAYED for f in round_one)
    assert all(f.result.record["turns"] for f in round_one)

    first_link = page.locator("#progress table.fixtures a").first
    report_url = first_link.get_attribute("href")
    first_link.click()
    page.wait_for_url(f"**{report_url}")
    played = Fixture.objects.get(pk=int(report_url.rstrip("/").split("/")[-1]))
    expect(page.locator("main")).to_contain_text(played.home.name)
    expect(page.locator("main")).to_contain_text(
        f"{played.result.home_score}–{played.result.away_score}"
    )
    expect(
        page.get_by_text(f"Dice log ({len(played.result.record['rolls'])} rolls)")
    ).to_be_visible()
    assert page.js_errors == []


def test_a_coach_sees_no_simulation_controls(page, league, season, team, other_team):
    fixtures_generate(season=season, double=False, first_kickoff=timezone.now() + timedelta(days=2))
    sign_in(page, "coach")

    page.goto(f"/leagues/{league.pk}/?season={season.pk}")

    expect(page.get_by_role("button", name="Simulate round 1")).to_have_count(0)
    assert page.js_errors == []
