"""A hypothesis state machine over the ledger: random grants, bets, cancellations, results,
cancelled fixtures and corrected results in a fixed-odds and a pool league. After every step
the ledger audit holds, every wallet is at or above zero, each fixture's open-stakes account holds
exactly its open bets' stakes, and no coin was created or lost."""

from datetime import timedelta

import pytest
from django.db import transaction
from django.utils import timezone
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    Bundle,
    RuleBasedStateMachine,
    initialize,
    invariant,
    multiple,
    rule,
    run_state_machine_as_test,
)

from betting import bets, settlement
from betting.errors import BettingRefused
from betting.league_settings import settings_save
from betting.models import Bet, FixtureOdds
from ledger.audit import ledger_audit
from ledger.models import Account
from matches.models import Fixture, Result
from tests.factories import FixtureFactory, LeagueFactory, SeasonFactory, TeamFactory, UserFactory
from tests.hypothesis_profiles import examples

OUTCOMES = ("home", "away")


class LedgerMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.atomic = transaction.atomic()
        self.atomic.__enter__()
        commissioner = UserFactory()
        self.users = [UserFactory() for _ in range(3)]
        self.fixtures: list[Fixture] = []
        for mode in ("fixed", "pool"):
            league = LeagueFactory(commissioner=commissioner)
            settings_save(
                league=league,
                values={
                    "mode": mode,
                    "min_stake": 1,
                    "max_stake": 400,
                    "starting_grant": 500,
                    "house_cut_percent": 7,
                },
            )
            season = SeasonFactory(league=league)
            teams = [TeamFactory(league=league) for _ in range(4)]
            for number, (home, away) in enumerate(((0, 1), (2, 3), (1, 2))):
                fixture = FixtureFactory(
                    season=season,
                    round=number + 1,
                    home=teams[home],
                    away=teams[away],
                    kickoff=timezone.now() + timedelta(days=3),
                )
                FixtureOdds.objects.create(
                    fixture=fixture, method="test", probabilities={"home": 0.37, "away": 0.63}
                )
                self.fixtures.append(fixture)
        self.leagues = {f.season.league_id: f.season.league for f in self.fixtures}
        self.granted = 0

    def teardown(self) -> None:
        transaction.set_rollback(True)
        self.atomic.__exit__(None, None, None)

    wallets = Bundle("wallets")

    @initialize(target=wallets)
    def first_wallets(self) -> object:
        opened = []
        for user in range(3):
            for league in range(2):
                opened.append(self._open(user, league))
        return multiple(*opened)

    @rule(target=wallets, user=st.integers(0, 2), league=st.integers(0, 1))
    def open_wallet(self, user: int, league: int) -> tuple[int, int]:
        return self._open(user, league)

    def _open(self, user: int, league: int) -> tuple[int, int]:
        target = list(self.leagues.values())[league]
        _wallet, opened = bets.wallet_open(user=self.users[user], league=target)
        self.granted += 500 if opened else 0
        return user, league

    @rule(
        wallet=wallets,
        fixture=st.integers(0, 2),
        outcome=st.sampled_from(OUTCOMES),
        stake=st.integers(1, 450),
    )
    def place(self, wallet: tuple[int, int], fixture: int, outcome: str, stake: int) -> None:
        user, league = wallet
        try:
            bets.bet_place(
                user=self.users[user],
                fixture_id=self.fixtures[3 * league + fixture].pk,
                outcome=outcome,
                stake=stake,
            )
        except BettingRefused as refused:
            assert refused.code in {
                "no_wallet",
                "insufficient_funds",
                "stake_out_of_range",
                "betting_closed",
            }

    @rule(data=st.data())
    def cancel(self, data: st.DataObject) -> None:
        open_bets = list(Bet.objects.filter(status="open").order_by("pk"))
        if open_bets:
            bet = data.draw(st.sampled_from(open_bets))
            try:
                bets.bet_cancel(user=bet.user, bet_id=bet.pk)
            except BettingRefused as refused:
                assert refused.code == "betting_closed"

    @rule(data=st.data(), winner=st.sampled_from(OUTCOMES))
    def decide(self, data: st.DataObject, winner: str) -> None:
        """A result for a fixture, preferably one with bets on it."""
        with_bets = [
            f for f in self.fixtures if Bet.objects.filter(fixture=f, status="open").exists()
        ]
        row = data.draw(st.sampled_from(with_bets or self.fixtures))
        row.refresh_from_db()
        if row.status != Fixture.Status.SCHEDULED:
            return
        Fixture.objects.filter(pk=row.pk).update(status=Fixture.Status.PLAYED)
        Result.objects.create(
            fixture=row,
            home_score=1 if winner == "home" else 0,
            away_score=1 if winner == "away" else 0,
            winner=winner,
            decided_by="turns",
            seed=1,
            record={},
        )
        settlement.fixture_settle(fixture_id=row.pk)
        assert settlement.fixture_settle(fixture_id=row.pk) is None  # a second delivery

    @rule(fixture=st.integers(0, 5))
    def cancel_fixture(self, fixture: int) -> None:
        row = self.fixtures[fixture]
        if Fixture.objects.filter(pk=row.pk, status=Fixture.Status.SCHEDULED).update(
            status=Fixture.Status.CANCELLED
        ):
            settlement.fixture_settle(fixture_id=row.pk)

    @rule(fixture=st.integers(0, 5))
    def correct(self, fixture: int) -> None:
        result = Result.objects.filter(fixture=self.fixtures[fixture]).first()
        if result is None:
            return
        result.winner = "away" if result.winner == "home" else "home"
        result.save(update_fields=["winner"])
        settlement.fixture_resettle(fixture_id=result.fixture_id, reason="score corrected")

    @invariant()
    def ledger_holds(self) -> None:
        report = ledger_audit()
        assert report["ok"], report["problems"]
        assert not Account.objects.filter(kind="wallet", balance__lt=0).exists()
        for fixture in self.fixtures:
            escrow = Account.objects.filter(fixture=fixture, kind="escrow").first()
            open_stakes = sum(
                Bet.objects.filter(fixture=fixture, status="open").values_list("stake", flat=True)
            )
            assert (escrow.balance if escrow else 0) == open_stakes
        held = sum(Account.objects.exclude(kind="supply").values_list("balance", flat=True))
        assert held == self.granted  # coins only move; the supply issued every one

    @invariant()
    def payouts_follow_the_rules(self) -> None:
        """Each settled fixture's bets paid as the issue states, recomputed here."""
        for fixture in self.fixtures:
            settled = list(Bet.objects.filter(fixture=fixture, status__in=Bet.SETTLED))
            if not settled:
                continue
            result = Result.objects.filter(fixture=fixture).first()
            if result is None:  # cancelled: everyone refunded
                assert all((b.status, b.payout) == ("refunded", b.stake) for b in settled)
                continue
            pool = sum(b.stake for b in settled)
            winning = sum(b.stake for b in settled if b.outcome == result.winner)
            for bet in settled:
                if bet.price is not None:
                    expected = int(bet.stake * bet.price) if bet.outcome == result.winner else 0
                elif winning == 0:
                    expected = bet.stake
                elif bet.outcome == result.winner:
                    expected = (pool - pool * 7 // 100) * bet.stake // winning
                else:
                    expected = 0
                assert bet.payout == expected, (bet.pk, bet.price, bet.outcome, result.winner)


@pytest.mark.property
@pytest.mark.django_db
def test_ledger_invariants_hold_over_random_operations():
    run_state_machine_as_test(
        LedgerMachine,
        settings=settings(
            max_examples=examples(30),
            stateful_step_count=30,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
        ),
    )
