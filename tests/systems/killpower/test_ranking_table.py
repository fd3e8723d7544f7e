"""The Killpower championship table: by ranking points, then power."""

import pytest

from systems.killpower.selectors.gladiators import team_record
from systems.killpower.selectors.standings import ranking_table_get
from systems.killpower.services.teams import killpower_team_register
from tests.factories import FixtureFactory
from tests.factories import killpower_recruits as recruits
from tests.systems.killpower.helpers import play

pytestmark = pytest.mark.django_db


@pytest.fixture
def nabos(kp_league):
    return killpower_team_register(
        league=kp_league, name="Nabos", gladiators=recruits("Nabos"), seed=3
    )


def test_the_table_orders_teams_by_ranking_points(kp_season, titanos, viking, nabos, commissioner):
    # Titanos beats Viking, Viking and Nabos draw 0-0 (+1 each), Nabos abandons to Titanos.
    play(FixtureFactory(season=kp_season, round=1, home=titanos, away=viking), 2, 0,
         by=commissioner, confirm_by=commissioner)  # fmt: skip
    play(FixtureFactory(season=kp_season, round=2, home=viking, away=nabos), 0, 0,
         by=commissioner, confirm_by=commissioner)  # fmt: skip
    abandon = FixtureFactory(season=kp_season, round=3, home=nabos, away=titanos)
    play(abandon, 0, 0, by=commissioner, confirm_by=commissioner,
         decided_by="abandon", abandoned_by="home")  # fmt: skip

    rows = ranking_table_get(season=kp_season)

    assert [
        (
            r.position,
            r.team.name,
            r.ranking_points,
            r.played,
            r.wins,
            r.draws,
            r.losses,
            r.abandoned,
        )
        for r in rows
    ] == [
        (1, "Titanos", 6, 2, 2, 0, 0, 0),
        (2, "Viking", 1, 2, 0, 1, 1, 0),
        (3, "Nabos", 0, 2, 0, 1, 0, 1),
    ]
    assert rows[0].power == 6 + 70 // 10  # ranking points + total XP (7 x 2 x 5) / 10
    assert team_record(team=nabos) == {"played": 2, "won": 0, "lost": 0, "drawn": 1, "abandoned": 1}


def test_level_teams_are_named(kp_season, titanos, viking):
    rows = ranking_table_get(season=kp_season)
    assert [r.tied_on for r in rows] == [["Viking"], ["Titanos"]]


def test_the_record_follows_a_voided_abandon_and_a_corrected_score(
    kp_season, titanos, viking, nabos, commissioner
):
    from matches.corrections import result_correct, result_void
    from matches.models import Result
    from matches.standings_keeping import standings_drift

    won = FixtureFactory(season=kp_season, round=1, home=titanos, away=viking)
    play(won, 2, 0, by=commissioner, confirm_by=commissioner)
    abandon = FixtureFactory(season=kp_season, round=2, home=nabos, away=titanos)
    play(abandon, 0, 0, by=commissioner, confirm_by=commissioner,
         decided_by="abandon", abandoned_by="home")  # fmt: skip

    def record(team):
        row = next(r for r in ranking_table_get(season=kp_season) if r.team == team)
        return (row.played, row.wins, row.draws, row.losses, row.abandoned)

    assert record(nabos) == (1, 0, 0, 0, 1)
    result_void(result=Result.objects.get(fixture=abandon), reason="replay", by=commissioner)
    assert record(nabos) == (0, 0, 0, 0, 0) and record(titanos) == (1, 1, 0, 0, 0)
    result_correct(
        result=Result.objects.get(fixture=won),
        home_score=0,
        away_score=2,
        winner="away",
        reason="sides swapped",
        by=commissioner,
    )
    assert record(titanos) == (1, 0, 0, 1, 0) and record(viking) == (1, 1, 0, 0, 0)
    assert standings_drift(season_id=kp_season.pk) == []
    assert team_record(team=titanos, season_id=kp_season.pk) == {
        "played": 1,
        "won": 0,
        "lost": 1,
        "drawn": 0,
        "abandoned": 0,
    }
