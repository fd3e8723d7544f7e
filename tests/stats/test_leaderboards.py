"""The leaderboards and records of a league, read from its stored results: ranked, linked to
the fixture that set each record, scoped to a season or all time, and changed when a result
is corrected or voided."""

from datetime import timedelta

import pytest
from django.utils import timezone

from core.refusals import Refused
from matches.corrections import result_correct, result_void
from matches.models import Result
from stats import selectors
from tests.api.test_results_and_standings import play as record
from tests.factories import FixtureFactory, SeasonFactory, TeamFactory

pytestmark = pytest.mark.django_db

START = timezone.now() - timedelta(days=30)


@pytest.fixture
def teams(league):
    return {name: TeamFactory(league=league, name=name, coach=None) for name in "ABCD"}


def play(season, home, away, home_score, away_score, *, day, decided_by="regulation"):
    """A result recorded by hand on day ``day`` of the season (its round too)."""
    fixture = FixtureFactory(
        season=season, home=home, away=away, kickoff=START + timedelta(days=day), round=day
    )
    result = record(fixture, home_score, away_score)
    if decided_by != result.decided_by:
        Result.objects.filter(pk=result.pk).update(decided_by=decided_by)
    return result


def board(league, season, name="goals", per="team"):
    scope = selectors.scope_read(league=league, season=season)
    found = {(b.statistic.name, b.per): b for b in selectors.leaderboards(scope=scope)}
    return [(row.rank, row.team.name, row.value, row.matches) for row in found[(name, per)].rows]


def records(league, season):
    scope = selectors.scope_read(league=league, season=season)
    return {record.key: record for record in selectors.records(scope=scope)}


def test_the_top_scorers_are_ranked_ties_sharing_a_rank(league, season, teams):
    a, b, c, d = teams.values()
    play(season, a, b, 3, 1, day=1)
    play(season, c, d, 2, 2, day=2)
    play(season, a, c, 1, 2, day=3)
    play(season, b, d, 2, 0, day=4)

    # A 4 (2 matches), C 4 (2), B 3, D 2: equal totals share rank 1, then by name
    assert board(league, season) == [(1, "A", 4, 2), (1, "C", 4, 2), (3, "B", 3, 2), (4, "D", 2, 2)]


def test_the_same_total_in_fewer_matches_comes_first(league, season, teams):
    a, b, c, d = teams.values()
    play(season, a, b, 1, 0, day=1)
    play(season, a, c, 1, 0, day=2)
    play(season, d, b, 2, 0, day=3)

    rows = board(league, season)
    assert rows[:2] == [(1, "D", 2, 1), (1, "A", 2, 2)]


def test_each_record_links_the_fixture_that_set_it(league, season, teams):
    a, b, c, d = teams.values()
    play(season, a, b, 2, 0, day=1)
    big = play(season, c, d, 5, 1, day=2)
    high = play(season, b, c, 3, 3, day=3)
    play(season, d, a, 1, 5, day=4)  # equals each record later: the first to set it keeps it

    found = records(league, season)
    assert (found["highest_score"].value, found["highest_score"].fixture_id) == (5, big.fixture_id)
    assert found["highest_score"].team == c
    assert (found["biggest_win"].value, found["biggest_win"].fixture_id) == (4, big.fixture_id)
    assert (found["most_scored"].value, found["most_scored"].fixture_id) == (6, big.fixture_id)
    assert found["biggest_win"].fixture_url == f"/matches/{big.fixture_id}/"
    assert high.fixture_id != found["most_scored"].fixture_id  # 6 too, but later


def test_the_longest_unbeaten_run_and_where_it_ended(league, season, teams):
    a, b, c, d = teams.values()
    first = play(season, a, b, 1, 0, day=1)
    play(season, c, a, 1, 1, day=2)
    third = play(season, a, d, 2, 0, day=3)
    play(season, b, a, 1, 0, day=4)  # A's run ends at three
    play(season, c, d, 1, 0, day=5)

    run = records(league, season)["longest_unbeaten_run"]
    assert (run.team, run.value) == (a, 3)
    assert run.since.fixture_id == first.fixture_id and run.fixture_id == third.fixture_id


def test_a_correction_changes_the_records_and_the_leaderboard(league, season, teams, commissioner):
    a, b, c, d = teams.values()
    wide = play(season, a, b, 6, 0, day=1)
    narrow = play(season, c, d, 3, 1, day=2)
    assert records(league, season)["biggest_win"].fixture_id == wide.fixture_id

    result_correct(
        result=wide, home_score=1, away_score=0, winner="home", reason="Miscount", by=commissioner
    )

    found = records(league, season)
    assert found["biggest_win"].fixture_id == narrow.fixture_id
    assert found["highest_score"].value == 3
    assert board(league, season)[0] == (1, "C", 3, 1)

    result_void(result=narrow, reason="Wrong teams", by=commissioner)

    assert records(league, season)["biggest_win"].fixture_id == wide.fixture_id
    assert [row[1] for row in board(league, season)] == ["A"]


def test_a_win_with_fewer_points_sets_no_biggest_win(league, season, teams):
    """A Killpower side can win with fewer points (the other side abandoned, or was eliminated):
    the biggest win is the winner's score less the loser's, so such a win is no margin at all."""
    a, b, c, d = teams.values()
    ordinary = play(season, a, b, 2, 1, day=1)
    abandoned = play(season, c, d, 6, 0, day=2, decided_by="abandon")
    Result.objects.filter(pk=abandoned.pk).update(winner=Result.Winner.AWAY)  # C abandoned

    found = records(league, season)["biggest_win"]

    assert (found.fixture_id, found.team, found.value) == (ordinary.fixture_id, a, 1)


def test_a_forfeit_counts_for_nothing(league, season, teams):
    a, b, *_ = teams.values()
    play(season, a, b, 2, 1, day=1)
    play(season, b, a, 9, 0, day=2, decided_by="forfeit")

    assert records(league, season)["highest_score"].value == 2
    assert board(league, season) == [(1, "A", 2, 1), (2, "B", 1, 1)]


def test_a_season_or_all_time(league, season, teams):
    a, b, *_ = teams.values()
    play(season, a, b, 2, 0, day=1)
    later = SeasonFactory(league=league, name="2627")
    play(later, b, a, 4, 0, day=40)

    assert selectors.season_of(league=league, season_id=None) == later  # the latest
    assert selectors.season_of(league=league, season_id="all") is None
    assert board(league, season) == [(1, "A", 2, 1)]
    assert board(league, later) == [(1, "B", 4, 1)]
    assert board(league, None) == [(1, "B", 4, 2), (2, "A", 2, 2)]
    assert records(league, None)["highest_score"].played.season_name == "2627"


def test_a_season_of_another_league_is_refused(league, season):
    other = SeasonFactory()
    with pytest.raises(Refused) as refused:
        selectors.season_of(league=league, season_id=str(other.pk))
    assert refused.value.field == "season" and refused.value.code == "unknown_season"
    with pytest.raises(Refused):
        selectors.season_of(league=league, season_id="latest")
