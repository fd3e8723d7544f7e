"""A settlement is one event: each bettor is told once with their own bets' payout; a webhook
gets every bet of the fixture."""

from datetime import timedelta

import pytest
from django.utils import timezone

from betting import bets, settlement
from betting.league_settings import settings_save
from matches import services
from notifications import webhooks
from notifications.models import Notification, WebhookDelivery
from tests.factories import FixtureFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def open_fixture(league, season, team, other_team):
    settings_save(league=league, values={"mode": "fixed"})
    return FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() + timedelta(days=2)
    )


def _bet(user, fixture, outcome, stake):
    bets.wallet_open(user=user, league=fixture.season.league)
    return bets.bet_place(user=user, fixture_id=fixture.pk, outcome=outcome, stake=stake)[0]


def test_each_bettor_hears_of_their_own_bets_once(
    open_fixture, league, receiver, allow_private, committed
):
    hook = receiver()
    webhooks.endpoint_create(league=league, url=hook.url, events=["bet.settled"], user=None)
    punter, other = UserFactory(username="punter"), UserFactory(username="other_punter")
    placed = [
        _bet(punter, open_fixture, "home", 10),
        _bet(punter, open_fixture, "away", 15),
        _bet(other, open_fixture, "away", 12),
    ]
    with committed():
        result = services.fixture_simulate(fixture_id=open_fixture.pk, seed=3)
    with committed():
        settlement.fixture_settle(fixture_id=open_fixture.pk)  # a second run settles nothing
    notes = Notification.objects.filter(kind="bet.settled")
    assert sorted(notes.values_list("user__username", flat=True)) == ["other_punter", "punter"]
    for note in notes:
        mine = [bet for bet in placed if bet.user_id == note.user_id]
        for bet in mine:
            bet.refresh_from_db()
        assert note.data["bets"] == len(mine)
        assert note.data["payout"] == sum(bet.payout for bet in mine)
        assert "webhook" not in note.data
    [delivery] = WebhookDelivery.objects.filter(kind="bet.settled")
    sent = hook.bodies()[0]["data"]
    assert sorted(line["bet"] for line in sent["bets"]) == sorted(bet.pk for bet in placed)
    assert "per_recipient" not in sent and delivery.status == "delivered"
    assert result.winner in {"home", "away", "draw"}
