"""The all-time table adds up every season's standings per team, retired teams included,
with the titles won; it costs one query however many seasons there are."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from matches import seasons
from matches.all_time import all_time_table, champions_list
from matches.standings import standings_get
from tests.seasons.conftest import simulate_all

FIELDS = ("played", "wins", "draws", "losses", "goals_for", "goals_against", "points")


def _queries(league) -> int:
    with CaptureQueriesContext(connection) as captured:
        all_time_table(league=league)
    return len(captured.captured_queries)


def test_two_seasons_add_up(played_season, league, commissioner, third_team, run_on_commit):
    first = seasons.season_finish(season=played_season, by=commissioner)
    one_season = _queries(league)
    second = seasons.season_start_next(
        league=league, name="2627", by=commissioner, retire=[third_team.pk], double=True
    )
    simulate_all(second, run_on_commit)
    second = seasons.season_finish(season=second, by=commissioner)

    rows = {row.team.pk: row for row in all_time_table(league=league)}
    expected: dict[int, dict[str, int]] = {}
    for season in (first, second):
        for row in standings_get(season=season):
            totals = expected.setdefault(row.team.pk, dict.fromkeys(FIELDS, 0))
            for name in FIELDS:
                totals[name] += getattr(row, name)
    assert {pk: {name: getattr(row, name) for name in FIELDS} for pk, row in rows.items()} == (
        expected
    )
    assert rows[third_team.pk].seasons == 1  # retired after the first, still in the table
    titles = {pk: row.titles for pk, row in rows.items() if row.titles}
    champions = [s.champion_id for s in champions_list(league=league)]
    assert sum(titles.values()) == 2
    assert all(titles[pk] == champions.count(pk) for pk in titles)
    assert [s.pk for s in champions_list(league=league)] == [first.pk, second.pk]
    assert _queries(league) == one_season == 1
