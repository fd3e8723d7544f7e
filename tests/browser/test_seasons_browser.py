"""A commissioner closes a played season and opens the next one in a real browser: the
champions shown before confirming, the archived season in the season picker, one team
retired and one added through the confirmation step, the all-time page; under the CSP."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from league.models import Team
from matches import services
from tests.browser.conftest import sign_in
from tests.factories import TeamFactory, full_lineup

pytestmark = pytest.mark.django_db(transaction=True)


def test_finish_then_start_the_next_season(page, league, season, team, other_team):
    bears = TeamFactory(league=league, name="Bears", coach=None)
    full_lineup(bears)
    services.fixtures_generate(
        season=season, double=False, first_kickoff=timezone.now() + timedelta(days=2)
    )
    services.simulation_request(season=season, user=None)  # eager: played at once
    sign_in(page, "commissioner")

    page.goto(f"/leagues/{league.pk}/")
    page.get_by_role("button", name="Finish the season").click()
    expect(page.locator("main")).to_contain_text("The champions will be")
    page.locator("main form button[type=submit]").click()
    expect(page.locator(".season-archived")).to_contain_text("Champions:")
    season.refresh_from_db()
    assert season.finished_at is not None and season.champion is not None

    page.get_by_role("button", name="Start the next season").click()
    page.get_by_label("Name of the new season").fill("2627")
    page.get_by_label("Bears").check()
    page.get_by_label("New teams").fill("Hawks")
    page.get_by_role("button", name="Next: check the teams").click()
    expect(page.locator(".season-summary")).to_contain_text("Hawks")
    expect(page.locator(".season-summary")).to_contain_text("Retiring")
    page.get_by_role("button", name="Start the season").click()

    expect(page.locator("main")).to_contain_text("Season 2627 has started.")
    new = league.seasons.get(name="2627")
    assert new.fixtures.exists()
    assert Team.objects.get(pk=bears.pk).retired_at is not None
    expect(page.locator("#season-select option").first).to_contain_text("2627")
    expect(page.locator("#season-select")).to_contain_text(f"champions: {season.champion.name}")

    page.get_by_role("link", name="All-time table").first.click()
    expect(page.locator("table.champions")).to_contain_text(season.champion.name)
    expect(page.locator("table.all-time")).to_contain_text("Bears")
    assert page.js_errors == []


def test_the_season_buttons_say_no_before_the_submit(page, league, season, team, other_team):
    """Issue 25, items 6 and 8: "Generate the fixtures" greyed out with its reason while the
    league has one team; "Finish the season" only once every fixture is played; the next
    season's check step refuses a used season name and a taken team name on their fields."""
    sign_in(page, "commissioner")
    other_team.retired_at = timezone.now()
    other_team.save(update_fields=["retired_at"])
    page.goto(f"/leagues/{league.pk}/")
    generate = page.locator(".commissioner-tools #generate-fixtures")
    expect(generate).to_be_disabled()
    expect(page.locator("#generate-refusal")).to_have_text(
        "Register at least two teams before generating fixtures."
    )

    other_team.retired_at = None
    other_team.save(update_fields=["retired_at"])
    page.reload()
    expect(generate).to_be_enabled()
    generate.click()
    page.locator("main form button[type=submit]").click()
    expect(page.locator("main")).to_contain_text("fixtures are scheduled.")
    tools = page.locator(".commissioner-tools")
    expect(tools.get_by_role("button", name="Schedule a fixture")).to_be_visible()
    expect(tools.get_by_role("button", name="Generate the fixtures")).to_have_count(0)
    expect(tools.get_by_role("button", name="Finish the season")).to_have_count(0)

    services.simulation_request(season=season, user=None)  # eager: played at once
    page.reload()
    tools.get_by_role("button", name="Finish the season").click()
    page.locator("main form button[type=submit]").click()
    page.get_by_role("button", name="Start the next season").click()
    page.get_by_label("Name of the new season").fill("2526")
    page.get_by_label("New teams").fill("Hawks\nravens")
    page.get_by_role("button", name="Next: check the teams").click()

    expect(page.locator("#field-name .field-error")).to_have_text(
        "This league already has a season called 2526."
    )
    expect(page.locator("#field-add .field-error")).to_have_text(
        "Ravens already plays in this league (capitals aside): choose another name."
    )
    expect(page.get_by_role("button", name="Start the season")).to_have_count(0)
    assert league.seasons.count() == 1
    assert page.js_errors == []
