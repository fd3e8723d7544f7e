"""Mythril team bets on PostgreSQL: a fixture's bets are settled exactly once when the
settlement task is sent several times to a real worker, and when two settlers race."""

import threading
import time
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from league.services import league_create
from ledger.models import Transaction
from matches.models import Fixture
from matches.table_results.services import report_confirm, report_enter
from systems.mythril.models import PostMatchRun, TeamBet, TeamBetSettlement
from systems.mythril.selectors import gold_of
from systems.mythril.services.team_bets import matchday_enter, team_bet_place, team_bets_settle
from systems.mythril.services.teams import mythril_team_register
from systems.mythril.tasks import team_bets_settle_task
from tests.factories import UserFactory
from tests.integration.conftest import wait_until

pytestmark = pytest.mark.integration

LINEMEN = [{"position": "Lineman"}] * 11


def _league_with_bets(name: str):
    commissioner = UserFactory(username=f"{name}-commissioner")
    league = league_create(commissioner=commissioner, name=name, rule_system="mythril")
    season = league.seasons.get()
    coaches = [UserFactory(username=f"{name}-coach{n}") for n in range(2)]
    teams = [
        mythril_team_register(
            league=league,
            name=f"{name} {n}",
            coach=coaches[n],
            team_list="Human",
            players=LINEMEN,
            popularity=1,
        )
        for n in range(2)
    ]
    fixture = Fixture.objects.create(
        season=season,
        round=1,
        home=teams[0],
        away=teams[1],
        kickoff=timezone.now() + timedelta(days=1),
    )
    for team, coach in zip(teams, coaches, strict=True):
        matchday_enter(team=team, user=coach, season=season, round=1)
        team_bet_place(team=team, user=coach, fixture=fixture, outcome="home")
    entered = report_enter(
        fixture=fixture,
        user=coaches[0],
        result={
            "score": {"home": 1, "away": 0},
            "home": {
                "stats": [{"player": str(teams[0].mythril_players.first().pk), "touchdowns": 1}]
            },
        },
    )
    return fixture, teams, coaches, entered


def test_a_fixtures_team_bets_are_paid_once_by_the_workers(worker):
    fixture, _teams, coaches, entered = _league_with_bets("Worker")
    report_confirm(report=entered, user=coaches[1])  # sends both tasks after commit
    for _ in range(3):
        team_bets_settle_task.delay(fixture.pk)
    wait_until(lambda: TeamBetSettlement.objects.filter(fixture=fixture).exists())
    wait_until(lambda: PostMatchRun.objects.filter(fixture=fixture, status="done").exists())
    time.sleep(2)  # let the duplicates run too
    bets = list(TeamBet.objects.filter(fixture=fixture))
    assert {bet.status for bet in bets} == {"won"}
    assert all(2 * 10_000 <= bet.payout <= 12 * 10_000 and len(bet.roll) == 2 for bet in bets)
    assert Transaction.objects.filter(reason="team_bet", fixture=fixture).count() == 1
    settlement = TeamBetSettlement.objects.get(fixture=fixture)
    assert [r["value"] for r in settlement.rolls] == [
        v for b in sorted(bets, key=lambda b: b.pk) for v in (r["value"] for r in b.roll)
    ]
    assert worker.errors() == []


@pytest.mark.django_db(transaction=True)
def test_two_racing_settlers_pay_once():
    fixture, teams, coaches, entered = _league_with_bets("Race")
    report_confirm(report=entered, user=coaches[1])
    gold = [gold_of(team) for team in teams]
    barrier = threading.Barrier(2)
    outcomes: list[object] = []

    def settle() -> None:
        try:
            barrier.wait()
            outcomes.append(team_bets_settle(fixture_id=fixture.pk))
        finally:
            connection.close()

    threads = [threading.Thread(target=settle) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(o is None for o in outcomes) == [False, True]
    assert TeamBetSettlement.objects.filter(fixture=fixture).count() == 1
    paid = {bet.team_id: bet.payout for bet in TeamBet.objects.filter(fixture=fixture)}
    assert [gold_of(team) - before for team, before in zip(teams, gold, strict=True)] == [
        paid[teams[0].pk],
        paid[teams[1].pk],
    ]
    assert Transaction.objects.filter(reason="team_bet", fixture=fixture).count() == 1
