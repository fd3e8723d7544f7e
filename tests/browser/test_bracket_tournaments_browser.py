"""The two bracket formats in a real browser: a commissioner runs a double elimination from
its creation to its champion with the pairing screen's buttons; a groups then knock-out cup
reads on a phone in French, its group tables then its bracket, with no sideways scroll."""

import pytest
from playwright.sync_api import expect

from matches.models import Fixture
from tests.browser.conftest import create_tournament, sign_in
from tests.factories import ResultFactory, TeamFactory
from tournaments import selectors, services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 390, "height": 844}
TEAMS = ("Bears", "Boars", "Ravens", "Wolves")


def home_wins(season, number):
    for fixture in Fixture.objects.filter(season=season, round=number):
        ResultFactory(fixture=fixture, home_score=2, away_score=0)


def test_a_double_elimination_from_its_form_to_its_champion(page, league, season):
    for name in TEAMS:
        TeamFactory(league=league, name=name, coach=None)
    sign_in(page, "commissioner")

    create_tournament(page, league, season, "Winter Double", TEAMS, format="double")

    expect(page.locator("h1")).to_contain_text("Pairing · Winter Double")
    tournament = Tournament.objects.get(name="Winter Double")
    assert tournament.format == Tournament.Format.DOUBLE and tournament.bracket_reset
    number = 0
    while not selectors.state(tournament=tournament).finished:
        number += 1
        page.get_by_role("button", name=f"Pair round {number}").click()
        expect(page.locator("#draft")).to_contain_text(f"Draft of round {number}")
        expect(page.locator("#swap-form")).to_have_count(0)  # a bracket is not swapped
        page.get_by_role("button", name=f"Publish round {number}").click()
        expect(page.locator(".flash").first).to_contain_text(f"Round {number} is published")
        home_wins(season, number)
        page.reload()
    assert 3 <= number <= tournament.rounds  # the reset final is played only when needed

    page.goto(f"/leagues/{league.pk}/tournaments/{tournament.pk}/")
    expect(page.locator("#bracket-winners-title")).to_have_text("Winners' bracket")
    expect(page.locator("#bracket-losers-title")).to_have_text("Losers' bracket")
    champion = selectors.bracket_view(tournament=tournament).champion
    expect(page.locator("#champion")).to_have_text(f"Champion: {champion.name}")
    expect(page.locator("#match-GF1")).to_contain_text("2–0")
    assert page.js_errors == []


def test_groups_then_knockout_on_a_phone_in_french(browser, live_server, settings, league, season):
    teams = [TeamFactory(league=league, name=f"Équipe {n}", coach=None) for n in range(1, 9)]
    cup = services.tournament_create(
        season=season,
        name="Coupe d'hiver",
        teams=teams,
        format=Tournament.Format.GROUPS,
        group_count=2,
        qualifiers=2,
    )
    while not selectors.state(tournament=cup).finished:
        round_ = services.round_pair(tournament=cup)
        services.round_publish(round_=round_)
        home_wins(season, round_.number)
    settings.SITE_URL = live_server.url
    context = browser.new_context(base_url=live_server.url, locale="fr-FR", viewport=PHONE)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))

    page.goto(f"/leagues/{league.pk}/tournaments/{cup.pk}/")

    expect(page.locator("html")).to_have_attribute("lang", "fr")
    champion = selectors.bracket_view(tournament=cup).champion
    expect(page.locator("#champion")).to_have_text(f"Vainqueur du tournoi : {champion.name}")
    expect(page.locator("#bracket-title")).to_be_visible()
    tables = page.locator("[id^=group-]")
    assert tables.count() >= 2
    expect(tables.first).to_contain_text("Équipe")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    assert errors == []
    context.close()
