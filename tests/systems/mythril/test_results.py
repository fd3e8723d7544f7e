"""Result entry as for Killpower: a coach enters, the other confirms or disputes, the
commissioner decides; the engine checks the result and a forfeit's consequences; the result
is recorded once, with the post-match sequence waiting for a worker."""

import pytest

from core.refusals import Refused
from matches.models import Fixture, Result
from matches.table_results.services import (
    report_confirm,
    report_decide,
    report_dispute,
    report_enter,
)
from systems.mythril.models import PostMatchRun, ResultReport
from systems.mythril.standings import standings_table
from tests.systems.mythril.helpers import enter_and_confirm, ids, kick_off, side


def score(home: int, away: int, /, **extra) -> dict:
    return {"score": {"home": home, "away": away}, **extra}


def test_a_result_entered_then_confirmed_is_recorded_once(fixture, coach, other_coach):
    kick_off(fixture)
    home = ids(fixture, "home")
    result = enter_and_confirm(
        fixture,
        score(2, 0, home=side(home, p0={"touchdowns": 2})),
        by=coach,
        confirm_by=other_coach,
    )
    assert (result.home_score, result.away_score, result.winner) == (2, 0, "home")
    assert Fixture.objects.get(pk=fixture.pk).status == "played"
    assert PostMatchRun.objects.get(fixture=fixture).status == "pending"
    report = ResultReport.objects.get(fixture=fixture)
    with pytest.raises(Refused) as caught:
        report_confirm(report=report, user=other_coach)
    assert caught.value.code == "report_closed"
    assert Result.objects.filter(fixture=fixture).count() == 1


def test_the_engine_checks_the_result_and_names_the_field(fixture, coach):
    kick_off(fixture)
    home = ids(fixture, "home")
    with pytest.raises(Refused) as caught:
        report_enter(
            fixture=fixture, user=coach, result=score(2, 0, home=side(home, p0={"touchdowns": 1}))
        )
    assert caught.value.field == "result.home.stats"
    assert "must add up to the score" in caught.value.message
    with pytest.raises(Refused) as caught:
        report_enter(
            fixture=fixture,
            user=coach,
            result=score(0, 0, home={"stats": [{"player": "99999", "touchdowns": 0}]}),
        )
    assert caught.value.field == "result.home.stats.0.player"
    assert not ResultReport.objects.exists()


def test_who_enters_confirms_disputes_and_decides(
    fixture, coach, other_coach, stranger, commissioner
):
    with pytest.raises(Refused) as caught:
        report_enter(fixture=fixture, user=stranger, result=score(0, 0))
    assert caught.value.status_code == 403
    report = report_enter(fixture=fixture, user=coach, result=score(0, 0))
    with pytest.raises(Refused) as caught:
        report_confirm(report=report, user=coach)
    assert caught.value.status_code == 403
    with pytest.raises(Refused):
        report_decide(report=report, user=other_coach)
    report_dispute(report=report, user=other_coach, reason="It was 1-0")
    assert ResultReport.objects.get(pk=report.pk).status == "disputed"
    with pytest.raises(Refused):
        report_confirm(report=report, user=other_coach)
    home = ids(fixture, "home")
    result = report_decide(
        report=report,
        user=commissioner,
        result=score(1, 0, home=side(home, p0={"touchdowns": 1})),
        note="Photo of the pitch",
    )
    assert (result.home_score, result.winner) == (1, "home")
    assert ResultReport.objects.get(pk=report.pk).status == "decided"


def test_a_forfeit_after_play_gives_3_to_0_and_a_penalty_touchdown_per_half(
    fixture, coach, other_coach, season
):
    kick_off(fixture)
    home, away = ids(fixture, "home"), ids(fixture, "away")
    result = enter_and_confirm(
        fixture,
        score(
            2,
            1,
            forfeit="home",
            unfinished_halves=1,
            turns_played=True,
            home=side(home, p0={"touchdowns": 2}),
            away={**side(away, p0={"touchdowns": 1}), "penalty_touchdowns": [away[3]]},
        ),
        by=coach,
        confirm_by=other_coach,
    )
    assert (result.home_score, result.away_score, result.winner) == (2, 2, "away")
    assert result.decided_by == "forfeit"
    assert result.record["verdict"]["points"] == {"home": 0, "away": 3}
    assert result.record["verdict"]["popularity_malus"] == {"home": -2, "away": 0}
    table = {row.team.name: row.points for row in standings_table(season=season)}
    assert table == {"Reikland Reavers": 0, "Orcland Raiders": 3}


def test_the_winner_names_one_player_per_penalty_touchdown(fixture, coach):
    kick_off(fixture)
    away = ids(fixture, "away")
    with pytest.raises(Refused) as caught:
        report_enter(
            fixture=fixture,
            user=coach,
            result=score(
                0,
                0,
                forfeit="home",
                unfinished_halves=2,
                turns_played=True,
                home=side(ids(fixture, "home")),
                away={**side(away), "penalty_touchdowns": [away[0]]},
            ),
        )
    assert caught.value.field == "result.away.penalty_touchdowns"


def test_a_forfeit_without_any_turn_played_cancels_the_bets(fixture, coach, other_coach):
    kick_off(fixture)
    result = enter_and_confirm(
        fixture,
        score(0, 0, forfeit="away", unfinished_halves=2, turns_played=False),
        by=coach,
        confirm_by=other_coach,
    )
    assert (result.home_score, result.away_score, result.winner) == (2, 0, "home")
    assert result.record["verdict"]["bets_cancelled"] is True


def test_standings_win_3_and_the_leagues_draw_and_loss(league, season, fixture, coach, other_coach):
    from league.services import league_update

    league_update(league=league, points_draw=2, points_loss=1)
    enter_and_confirm(fixture, score(0, 0), by=coach, confirm_by=other_coach)
    rows = {
        row.team.name: (row.played, row.draws, row.points) for row in standings_table(season=season)
    }
    assert rows == {"Reikland Reavers": (1, 1, 2), "Orcland Raiders": (1, 1, 2)}


def test_players_bets_on_a_match_forfeited_before_any_turn_are_refunded(
    league, fixture, coach, other_coach
):
    from betting import bets, settlement
    from betting.league_settings import settings_save
    from tests.factories import UserFactory

    settings_save(league=league, values={"mode": "pool"})
    punters = [UserFactory(), UserFactory()]
    for punter, outcome in zip(punters, ("home", "away"), strict=True):
        bets.wallet_open(user=punter, league=league)
        bets.bet_place(user=punter, fixture_id=fixture.pk, outcome=outcome, stake=100)
    kick_off(fixture)
    enter_and_confirm(
        fixture,
        score(0, 0, forfeit="away", unfinished_halves=2, turns_played=False),
        by=coach,
        confirm_by=other_coach,
    )

    settlement.fixture_settle(fixture_id=fixture.pk)

    placed = bets.Bet.objects.filter(fixture=fixture).order_by("pk")
    assert [(bet.status, bet.payout) for bet in placed] == [("refunded", 100)] * 2


def test_players_bets_on_a_match_forfeited_after_play_are_paid_on_the_verdict(
    league, fixture, coach, other_coach
):
    from betting import bets, settlement
    from betting.league_settings import settings_save
    from tests.factories import UserFactory

    settings_save(league=league, values={"mode": "pool", "house_cut_percent": 0})
    punters = [UserFactory(), UserFactory()]
    for punter, outcome in zip(punters, ("home", "away"), strict=True):
        bets.wallet_open(user=punter, league=league)
        bets.bet_place(user=punter, fixture_id=fixture.pk, outcome=outcome, stake=100)
    kick_off(fixture)
    home, away = ids(fixture, "home"), ids(fixture, "away")
    result = enter_and_confirm(
        fixture,
        score(
            0,
            1,
            forfeit="away",
            unfinished_halves=1,
            turns_played=True,
            home={**side(home), "penalty_touchdowns": [home[3]]},
            away=side(away, p0={"touchdowns": 1}),
        ),
        by=coach,
        confirm_by=other_coach,
    )
    assert (result.home_score, result.away_score, result.winner) == (1, 1, "home")

    settlement.fixture_settle(fixture_id=fixture.pk)

    placed = bets.Bet.objects.filter(fixture=fixture).order_by("pk")
    assert [(bet.outcome, bet.status, bet.payout) for bet in placed] == [
        ("home", "won", 200),
        ("away", "lost", 0),
    ]
