"""Betting in a real browser: a player opens a wallet from a fixture's betting panel, places a
bet from the slip (its payout shows as the stake is typed), the fixture is simulated, and the
wallet's statement shows the payout."""

from datetime import timedelta

import pytest
from django.db import transaction
from django.urls import reverse
from django.utils import timezone
from playwright.sync_api import expect

from betting.league_settings import settings_save
from betting.models import Bet
from matches.services import fixture_simulate
from tests.browser.conftest import sign_in
from tests.factories import FixtureFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

SEED = 20251124


def winner_with_seed(fixture) -> str:
    """Who wins ``fixture`` with ``SEED``, found by simulating it and rolling it back (the
    same line-ups and seed always give the same match)."""
    with transaction.atomic():
        winner = fixture_simulate(fixture_id=fixture.pk, seed=SEED).winner
        transaction.set_rollback(True)
    return winner


def test_a_player_bets_from_the_slip_and_the_statement_shows_the_payout(
    page, league, season, team, other_team
):
    settings_save(league=league, values={"mode": "fixed"})
    fixture = FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() + timedelta(days=2)
    )
    UserFactory(username="player")
    winner = winner_with_seed(fixture)
    pick = f"{(team if winner == 'home' else other_team).name} win"

    sign_in(page, "player")
    page.goto(fixture.get_absolute_url())
    panel = page.locator("#betting-panel")
    panel.get_by_role("button", name="Open my wallet (1000 coins)").click()
    expect(panel.locator(".flash")).to_contain_text("Your wallet is open with 1000 coins.")

    panel.get_by_label(pick).check()
    panel.get_by_label("Stake (coins)").press_sequentially("40")
    payout = panel.locator(f"#payout-{fixture.pk}")
    expect(payout).to_contain_text(f"40 on {pick} pays")  # before anything is placed
    assert not Bet.objects.exists()
    panel.get_by_role("button", name="Place the bet").click()

    expect(panel.locator(".flash")).to_contain_text(f"Bet placed: 40 coins on {pick}")
    bet = Bet.objects.get()
    assert (bet.outcome, bet.stake) == (winner, 40)
    expect(panel.locator(".my-fixture-bets")).to_contain_text(f"Your bet: 40 on {pick}")

    fixture_simulate(fixture_id=fixture.pk, seed=SEED)  # commits: the settlement runs after it
    bet.refresh_from_db()
    assert bet.status == Bet.Status.WON and bet.payout == int(40 * bet.price)

    page.goto(reverse("betting:wallet", args=[league.pk]))
    settled = page.locator("table.statement tbody tr.reason-settlement")
    expect(settled).to_have_count(1)
    expect(settled).to_contain_text("Bets settled")
    expect(settled.locator("td.amount")).to_have_text(f"+{bet.payout}")
    expect(page.locator("#wallet-balance")).to_have_text(str(1000 - 40 + bet.payout))
    expect(page.locator("figure.balance-chart svg")).to_be_visible()
    assert page.js_errors == []


def test_the_slip_previews_the_refusal_and_a_bet_updates_the_other_cards(
    page, league, season, team, other_team
):
    """On the league's betting page: the preview says what placing would refuse, the stake
    field holds the league's range, and a placed bet keeps its card's title and moves the
    balance shown under the other card's slip."""
    settings_save(league=league, values={"mode": "fixed"})
    first = FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() + timedelta(days=2)
    )
    second = FixtureFactory(
        season=season, home=other_team, away=team, kickoff=timezone.now() + timedelta(days=9)
    )
    UserFactory(username="player")
    sign_in(page, "player")
    page.goto(reverse("betting:league", args=[league.pk]))
    page.locator("#wallet-summary").get_by_role(
        "button", name="Open my wallet (1000 coins)"
    ).click()
    card = page.locator(f"#market-{first.pk}")
    other = page.locator(f"#market-{second.pk}")
    expect(card.get_by_role("button", name="Place the bet")).to_be_visible()

    card.get_by_label(f"{team.name} win").check()
    stake = card.get_by_label("Stake (coins)")
    expect(stake).to_have_attribute("min", "10")
    expect(stake).to_have_attribute("max", "500")
    stake.press_sequentially("600")
    payout = card.locator(f"#payout-{first.pk}")
    expect(payout).to_have_text("Stake between 10 and 500 coins.")
    stake.fill("")
    stake.press_sequentially("40")
    expect(payout).to_contain_text(f"40 on {team.name} win pays")
    card.get_by_role("button", name="Place the bet").click()

    expect(card.locator(".flash")).to_contain_text("Bet placed: 40 coins")
    expect(card.locator(f"#market-{first.pk}-title")).to_have_text(
        f"{team.name} – {other_team.name}"
    )
    expect(card.locator("header time")).to_be_visible()
    expect(other.locator(f".wallet-holds-{league.pk}")).to_have_text("Your wallet holds 960 coins.")
    expect(page.locator("#wallet-summary")).to_contain_text("960")
    assert page.js_errors == []
