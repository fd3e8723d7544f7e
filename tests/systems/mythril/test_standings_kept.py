"""The Mythril table read from the kept standings gives the numbers of a count of the results
as the engine scores them (a forfeiting side 0 whatever the league's loss points), after a
forfeit, a change of the league's points, a correction and a void."""

from datetime import timedelta

import pytest
from django.utils import timezone

from league.models import League
from league.services import league_update
from matches.corrections import result_correct, result_void
from matches.models import Fixture, Result
from matches.standings_keeping import standings_drift
from rules_engine import MatchOutcome, PointsTable, get_system
from systems.mythril.standings import standings_table
from tests.systems.mythril.helpers import enter_and_confirm, ids, kick_off, side

pytestmark = pytest.mark.django_db


def _counted(season) -> dict[str, tuple]:
    """Each team's record counted here from the results, scored by the engine."""
    league = League.objects.get(pk=season.league_id)
    table = PointsTable(win=3, draw=league.points_draw, loss=league.points_loss)
    rows: dict[str, list[int]] = {}
    for result in Result.objects.filter(
        fixture__season=season, fixture__mythril_trophy__isnull=True
    ):
        winner = None if result.winner == "draw" else result.winner
        forfeit = result.record.get("report", {}).get("forfeit")
        points = get_system("mythril").standings_points(
            MatchOutcome(
                result.home_score,
                result.away_score,
                winner,
                result.decided_by,
                result.seed,
                {"forfeit": forfeit},
            ),
            table,
        )
        fixture = result.fixture
        for index, (team, scored, conceded) in enumerate(
            (
                (fixture.home, result.home_score, result.away_score),
                (fixture.away, result.away_score, result.home_score),
            )
        ):
            row = rows.setdefault(team.name, [0, 0, 0, 0, 0, 0, 0])
            side_name = ("home", "away")[index]
            row[0] += 1
            row[1 if winner == side_name else 2 if winner is None else 3] += 1
            row[4] += scored
            row[5] += conceded
            row[6] += points[index]
    return {name: tuple(row) for name, row in rows.items()}


def _kept(season) -> dict[str, tuple]:
    return {
        row.team.name: (
            row.played,
            row.wins,
            row.draws,
            row.losses,
            row.touchdowns_for,
            row.touchdowns_against,
            row.points,
        )
        for row in standings_table(season=season)
        if row.played
    }


def _same(season) -> None:
    assert _kept(season) == _counted(season)
    assert standings_drift(season_id=season.pk) == []


def test_kept_mythril_table_follows_forfeits_settings_corrections_and_voids(
    league, season, fixture, coach, other_coach, commissioner
):
    league_update(league=league, points_draw=1, points_loss=1)
    kick_off(fixture)
    home, away = ids(fixture, "home"), ids(fixture, "away")
    forfeit = enter_and_confirm(
        fixture,
        {
            "score": {"home": 2, "away": 1},
            "forfeit": "home",
            "unfinished_halves": 1,
            "turns_played": True,
            "home": side(home, p0={"touchdowns": 2}),
            "away": {**side(away, p0={"touchdowns": 1}), "penalty_touchdowns": [away[3]]},
        },
        by=coach,
        confirm_by=other_coach,
    )
    assert {row.team.name: row.points for row in standings_table(season=season)} == {
        "Reikland Reavers": 0,
        "Orcland Raiders": 3,
    }  # the forfeiter's loss counts no point
    _same(season)

    league_update(league=league, points_loss=2)
    _same(season)

    second = Fixture.objects.create(
        season=season,
        round=2,
        home=fixture.away,
        away=fixture.home,
        kickoff=timezone.now() + timedelta(days=8),
    )
    played = enter_and_confirm(
        second, {"score": {"home": 1, "away": 0}}, by=other_coach, confirm_by=coach
    )
    assert {row.team.name: row.points for row in standings_table(season=season)} == {
        "Reikland Reavers": 2,
        "Orcland Raiders": 6,
    }
    _same(season)

    result_correct(
        result=played, home_score=1, away_score=1, winner="draw", reason="typo", by=commissioner
    )
    _same(season)
    result_void(result=forfeit, reason="replay", by=commissioner)
    assert {row.team.name: row.points for row in standings_table(season=season)} == {
        "Reikland Reavers": 1,
        "Orcland Raiders": 1,
    }
    _same(season)
