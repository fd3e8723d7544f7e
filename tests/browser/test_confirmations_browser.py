"""Destructive clicks ask first: dismissing the browser's confirmation keeps the bet or the
token, accepting it cancels or revokes."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone
from knox.models import AuthToken
from playwright.sync_api import expect

from betting import bets
from betting.league_settings import settings_save
from betting.models import Bet
from tests.browser.conftest import sign_in
from tests.factories import FixtureFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


def answer_next_dialog(page, accept: bool) -> list[str]:
    """Answer the next confirmation; returns the list its question is put in."""
    asked: list[str] = []

    def answer(dialog):
        asked.append(dialog.message)
        dialog.accept() if accept else dialog.dismiss()

    page.once("dialog", answer)
    return asked


def test_cancelling_a_bet_asks_first(page, league, season, team, other_team):
    settings_save(league=league, values={"mode": "fixed"})
    fixture = FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() + timedelta(days=2)
    )
    punter = UserFactory(username="punter")
    bets.wallet_open(user=punter, league=league)
    bet = bets.bet_place(user=punter, fixture_id=fixture.pk, outcome="home", stake=40)[0]
    sign_in(page, "punter")
    page.goto(reverse("betting:my_bets"))
    button = page.get_by_role("button", name=f"Cancel bet #{bet.pk}")

    asked = answer_next_dialog(page, accept=False)
    button.click()
    expect(button).to_be_visible()
    bet.refresh_from_db()
    assert asked == [f"Cancel bet #{bet.pk}? Its stake of 40 comes back to your wallet."]
    assert bet.status == Bet.Status.OPEN

    answer_next_dialog(page, accept=True)
    button.click()
    expect(page.locator(".messages")).to_contain_text("Bet cancelled")
    bet.refresh_from_db()
    assert bet.status == Bet.Status.CANCELLED


def test_revoking_a_token_asks_first(page, coach):
    AuthToken.objects.create(coach)
    sign_in(page, "coach")
    page.goto(reverse("account_overview"))
    button = page.get_by_role("button", name="Revoke")

    asked = answer_next_dialog(page, accept=False)
    button.click()
    expect(button).to_be_visible()
    assert asked == ["Revoke this token? Clients that use it will be refused."]
    assert AuthToken.objects.filter(user=coach).count() == 1

    answer_next_dialog(page, accept=True)
    button.click()
    expect(page.get_by_role("button", name="Revoke")).to_have_count(0)
    assert not AuthToken.objects.filter(user=coach).exists()
