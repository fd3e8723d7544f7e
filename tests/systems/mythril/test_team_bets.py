"""Team bets: the matchday entry (10,000 from the treasury, once), one bet per match of an
entered matchday before kick-off (the database clock), a win paid 2D6 × 10,000 (× 20,000 in a
trophy final) with the roll kept, settled exactly once; a forfeit before any turn cancels."""

from datetime import timedelta

import pytest
from django.utils import timezone

from core.refusals import Refused
from league.services import league_update
from ledger.models import Transaction
from matches.models import Fixture
from rules_engine import Dice
from systems.mythril.models import TeamBet, TeamBetSettlement, TrophyMatch
from systems.mythril.selectors import gold_of
from systems.mythril.services.team_bets import matchday_enter, team_bet_place, team_bets_settle
from tests.systems.mythril.helpers import enter_and_confirm


@pytest.fixture
def entered(fixture, home_team, coach, season):
    matchday_enter(team=home_team, user=coach, season=season, round=1)
    return fixture


def test_the_entry_costs_10000_once(fixture, home_team, coach, season):
    before = gold_of(home_team)
    matchday_enter(team=home_team, user=coach, season=season, round=1)
    assert gold_of(home_team) == before - 10_000
    assert Transaction.objects.filter(reason="entry").count() == 1
    with pytest.raises(Refused) as caught:
        matchday_enter(team=home_team, user=coach, season=season, round=1)
    assert caught.value.code == "entry_twice"
    assert gold_of(home_team) == before - 10_000


def test_a_bet_needs_the_entry(fixture, home_team, coach):
    with pytest.raises(Refused) as caught:
        team_bet_place(team=home_team, user=coach, fixture=fixture, outcome="home")
    assert caught.value.code == "no_entry"


def test_one_bet_per_match(entered, home_team, coach):
    team_bet_place(team=home_team, user=coach, fixture=entered, outcome="home")
    with pytest.raises(Refused) as caught:
        team_bet_place(team=home_team, user=coach, fixture=entered, outcome="draw")
    assert caught.value.code == "one_bet_per_match"
    assert TeamBet.objects.get().outcome == "home"


def test_bets_close_at_kick_off_by_the_database_clock(entered, home_team, coach):
    Fixture.objects.filter(pk=entered.pk).update(kickoff=timezone.now() - timedelta(seconds=1))
    with pytest.raises(Refused) as caught:
        team_bet_place(team=home_team, user=coach, fixture=entered, outcome="home")
    assert caught.value.code == "bets_closed"
    assert not TeamBet.objects.exists()


def test_only_the_teams_coach_bets_and_only_when_the_league_plays_them(
    league, fixture, home_team, other_coach, coach, season
):
    with pytest.raises(Refused) as caught:
        matchday_enter(team=home_team, user=other_coach, season=season, round=1)
    assert caught.value.status_code == 403
    league_update(league=league, team_bets=False)
    with pytest.raises(Refused) as caught:
        matchday_enter(team=home_team, user=coach, season=season, round=1)
    assert caught.value.code == "team_bets_off"


def test_a_winning_bet_pays_2d6_times_10000_once(
    entered, home_team, away_team, coach, other_coach, season
):
    matchday_enter(team=away_team, user=other_coach, season=season, round=1)
    team_bet_place(team=home_team, user=coach, fixture=entered, outcome="home")
    team_bet_place(team=away_team, user=other_coach, fixture=entered, outcome="away")
    enter_and_confirm(entered, {"score": {"home": 1, "away": 0}}, by=coach, confirm_by=other_coach)
    gold = gold_of(home_team), gold_of(away_team)
    settlement = team_bets_settle(fixture_id=entered.pk, dice=Dice.scripted([5, 6]))
    won, lost = TeamBet.objects.get(team=home_team), TeamBet.objects.get(team=away_team)
    assert (won.status, won.payout) == ("won", 11 * 10_000)
    assert [r["value"] for r in won.roll] == [5, 6]
    assert (lost.status, lost.payout) == ("lost", 0)
    assert gold_of(home_team) == gold[0] + 110_000
    assert gold_of(away_team) == gold[1]
    assert team_bets_settle(fixture_id=entered.pk, dice=Dice.scripted([6, 6])) is None
    assert gold_of(home_team) == gold[0] + 110_000
    assert TeamBetSettlement.objects.get(fixture=entered) == settlement
    assert Transaction.objects.filter(reason="team_bet").count() == 1


def test_a_trophy_final_doubles_the_payout(entered, home_team, coach, other_coach):
    from systems.mythril.models import Trophy

    trophy = Trophy.objects.create(season=entered.season, name="Cup")
    TrophyMatch.objects.create(trophy=trophy, fixture=entered, stage=1, final=True)
    team_bet_place(team=home_team, user=coach, fixture=entered, outcome="home")
    enter_and_confirm(entered, {"score": {"home": 1, "away": 0}}, by=coach, confirm_by=other_coach)
    team_bets_settle(fixture_id=entered.pk, dice=Dice.scripted([2, 3]))
    assert TeamBet.objects.get().payout == 5 * 20_000


def test_a_forfeit_before_any_turn_cancels_the_bets(entered, home_team, coach, other_coach):
    team_bet_place(team=home_team, user=coach, fixture=entered, outcome="home")
    gold = gold_of(home_team)
    enter_and_confirm(
        entered,
        {
            "score": {"home": 0, "away": 0},
            "forfeit": "away",
            "unfinished_halves": 2,
            "turns_played": False,
        },
        by=coach,
        confirm_by=other_coach,
    )
    team_bets_settle(fixture_id=entered.pk)
    bet = TeamBet.objects.get()
    assert (bet.status, bet.payout) == ("cancelled", 0)
    assert gold_of(home_team) == gold


def test_the_confirmation_sends_the_settlement(entered, home_team, coach, other_coach):
    team_bet_place(team=home_team, user=coach, fixture=entered, outcome="away")
    enter_and_confirm(
        entered, {"score": {"home": 1, "away": 0}}, by=coach, confirm_by=other_coach, run=True
    )
    assert TeamBet.objects.get().status == "lost"
    assert TeamBetSettlement.objects.filter(fixture=entered).exists()
