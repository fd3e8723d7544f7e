"""The charts in a real browser: the season's positions and a team's season drawn as inline
SVG under the site's Content-Security-Policy (no script error, nothing blocked), the table
opened from "Data as a table", the season picker, and the team page's link."""

import os

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.charts.helpers import played
from tests.factories import SeasonFactory, TeamFactory

SHOTS = os.environ.get("CHART_SCREENSHOTS")  # a folder: keep screenshots to look at


@pytest.fixture
def season_played(league, season):
    teams = [
        TeamFactory(league=league, name=name) for name in ("Alpha", "Bravo", "Charlie", "Delta")
    ]
    a, b, c, d = teams
    for number, (home, away, home_score, away_score) in enumerate(
        [(a, b, 2, 0), (c, d, 1, 1), (a, c, 0, 1), (d, b, 3, 0), (a, d, 1, 0), (b, c, 2, 1)]
    ):
        played(season, home, away, home_score, away_score, number // 2 + 1)
    return teams


@pytest.mark.django_db(transaction=True)
def test_the_season_and_team_charts(page, league, season, season_played):
    page.goto(reverse("league:detail", args=[league.pk]))
    page.get_by_role("link", name="Charts", exact=True).click()

    chart = page.get_by_role("img", name="Position after each round")
    expect(chart).to_be_visible()
    page.get_by_text("Data as a table").click()
    rows = page.locator("table.positions-table tbody tr")
    expect(rows).to_have_count(4)
    expect(rows.first).to_contain_text("Alpha")
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/season_charts.png", full_page=True)

    rows.first.get_by_role("link", name="Alpha").click()
    expect(page.get_by_role("img", name="Alpha: points and score difference")).to_be_visible()
    expect(page.locator("table.season-table tbody tr")).to_have_count(3)
    if SHOTS:
        page.screenshot(path=f"{SHOTS}/team_charts.png", full_page=True)
    assert page.js_errors == []


@pytest.mark.django_db(transaction=True)
def test_the_season_picker_shows_an_older_season(page, league, season, season_played):
    SeasonFactory(league=league, name="2627")

    page.goto(reverse("league:season_charts", args=[league.pk]))
    expect(page.get_by_text("No result yet this season")).to_be_visible()
    page.get_by_label("Season", exact=True).select_option(label="Season 2526")
    page.get_by_role("button", name="Show").click()

    expect(page.get_by_role("img", name="Position after each round")).to_be_visible()
    assert page.js_errors == []
