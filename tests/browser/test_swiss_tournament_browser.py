"""A commissioner runs a Swiss tournament in a real browser, from registration to the final
standings: creates it from the league page, pairs and publishes each round, swaps two teams
into a rematch and sees the warning; the games are simulated by the matches' service."""

import pytest
from playwright.sync_api import expect

from matches.models import Fixture
from matches.services import fixture_simulate
from tests.browser.conftest import create_tournament, sign_in
from tests.factories import TeamFactory, full_lineup
from tournaments import selectors
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def simulate_round(season, number):
    for index, fixture in enumerate(Fixture.objects.filter(season=season, round=number)):
        fixture_simulate(fixture_id=fixture.pk, seed=1000 * number + index)


def test_a_swiss_from_registration_to_final_standings(page, league, season, team, other_team):
    for name in ("Bears", "Boars"):
        full_lineup(TeamFactory(league=league, name=name, coach=None))
    sign_in(page, "commissioner")

    create_tournament(page, league, season, "Winter Swiss", ("Bears", "Boars", "Ravens", "Wolves"))

    expect(page.locator("h1")).to_contain_text("Pairing · Winter Swiss")
    tournament = Tournament.objects.get(name="Winter Swiss")
    assert tournament.rounds == 2  # ceil(log2(4))

    page.get_by_role("button", name="Pair round 1").click()
    expect(page.locator("#draft")).to_contain_text("Draft of round 1")
    page.get_by_role("button", name="Publish round 1").click()
    expect(page.locator(".flash")).to_contain_text("Round 1 is published: 2 fixtures.")
    simulate_round(season, 1)

    page.reload()
    page.get_by_role("button", name="Pair round 2").click()
    draft = Round.objects.get(tournament=tournament, number=2)
    first = draft.pairings.get(table=1)
    met = Fixture.objects.filter(season=season, round=1).filter(
        home=first.home
    ).first() or Fixture.objects.get(season=season, round=1, away=first.home)
    old_opponent = met.away if met.home_id == first.home_id else met.home
    swap = page.locator("#swap-form")
    swap.get_by_label("Team", exact=True).select_option(str(first.away_id))
    swap.get_by_label("swaps places with").select_option(str(old_opponent.pk))
    page.get_by_role("button", name="Swap").click()

    warnings = page.locator("#warnings")
    expect(warnings).to_contain_text("have met already (rematch)")
    expect(warnings).to_contain_text(first.home.name)
    page.get_by_role("button", name="Publish round 2").click()  # a warning, not a refusal
    expect(page.locator(".flash").first).to_contain_text("Round 2 is published")
    simulate_round(season, 2)

    page.goto(f"/leagues/{league.pk}/tournaments/{tournament.pk}/")
    expect(page.locator("#standings-title")).to_have_text("Final standings")
    rows = page.locator("#standings tbody tr")
    expect(rows).to_have_count(4)
    leader = selectors.standings(tournament=tournament)[0]
    expect(rows.first).to_contain_text(leader.entry.team.name)
    expect(page.locator("#round-2")).to_be_visible()
    assert page.js_errors == []
