"""The champion market in a real browser at a phone's width: a player opens a wallet from the
season's market, backs a team with the slip, and sees the bet; the page never scrolls
sideways (the prices' table scrolls in its own box). A Rotzball league: its champion tops the
league points table its fixed odds are priced from (``matches.plugins.crowns_by_points``)."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from betting.league_settings import settings_save
from betting.models import Bet
from league.services import league_create
from tests.browser.conftest import sign_in
from tests.factories import FixtureFactory, TeamFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_player_backs_a_champion_from_a_phone(page, settings):
    settings.FORECAST_SIMULATIONS = 2000
    league = league_create(
        commissioner=UserFactory(username="boss"), name="Arène", rule_system="rotzball"
    )
    settings_save(league=league, values={"mode": "fixed"})
    season = league.seasons.get()
    teams = [TeamFactory(league=league, name=name) for name in ("Ants", "Bees", "Cats", "Dogs")]
    kickoff = timezone.now() + timedelta(days=2)
    for number, (home, away) in enumerate([(0, 1), (2, 3), (0, 2), (1, 3)]):
        FixtureFactory(
            season=season,
            round=1 + number // 2,
            home=teams[home],
            away=teams[away],
            kickoff=kickoff,
        )
    UserFactory(username="player")

    page.set_viewport_size({"width": 375, "height": 800})
    sign_in(page, "player")
    page.goto(reverse("betting:champion", args=[league.pk, season.pk]))
    expect(page.locator("h1")).to_contain_text("Champion of")
    page.get_by_role("button", name="Open my wallet (1000 coins)").click()

    slip = page.locator("#slip-champion")
    slip.get_by_label("Ants").check()
    slip.get_by_label("Stake (coins)").fill("40")
    slip.get_by_role("button", name="Place the bet").click()

    expect(page.locator(".flash").first).to_contain_text("40 coins on Ants to be champion")
    bet = Bet.objects.get()
    assert (bet.market, bet.team.name, bet.stake) == ("champion", "Ants", 40)
    expect(page.locator(f"#bet-{bet.pk}")).to_contain_text("Ants")
    wide = page.evaluate("document.documentElement.scrollWidth > window.innerWidth")
    assert wide is False
