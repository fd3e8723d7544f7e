"""Statistics benchmark on PostgreSQL (a script, not a test).

    python tests/benchmarks/bench_statistics.py [--seasons 3] [--teams 20] [--reads 20]

Builds a Rotzball league of ``--teams`` teams and ``--seasons`` played double round robins
(380 results a season for 20 teams). Each result carries the match record of one real
simulated match (turns and rolls: the largest JSON a game's statistics read), with scores
drawn by the engine's dice. Then prints the SQL queries and the median milliseconds over
``--reads`` requests (Django's test client, no network) of:

* ``season_page``: the statistics page of the latest season;
* ``all_time_page``: the page for every season (``?season=all``);
* ``api_leaderboards`` and ``api_records``: the two API answers, all time.

Nothing is stored for the statistics: each request reads the scope's results. It uses a
throwaway database ``stats_bench`` on ``BENCH_DATABASE_URL`` (default the local PostgreSQL),
created afresh each run.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

os.environ.setdefault("BENCH_DB_NAME", "stats_bench")

from tests.benchmarks.bench_standings import (  # noqa: E402  (the same database and reads)
    _read,
    _recreate_database,
    _setup_django,
)


def _league(teams: int, seasons: int):
    """The league, its seasons played; one real match record shared by every result."""
    from datetime import timedelta

    from django.utils import timezone

    from matches.models import Fixture, Result
    from matches.services import fixture_simulate, fixtures_generate
    from rules_engine import Dice
    from tests.factories import (
        FixtureFactory,
        LeagueFactory,
        SeasonFactory,
        TeamFactory,
        full_lineup,
    )

    league = LeagueFactory(name="Statistics bench")
    rows = [TeamFactory(league=league, coach=None) for _ in range(teams)]
    full_lineup(rows[0])
    full_lineup(rows[1])
    warm_up = SeasonFactory(league=league, name="warm-up")
    sample = FixtureFactory(
        season=warm_up, home=rows[0], away=rows[1], kickoff=timezone.now() - timedelta(days=900)
    )
    record = fixture_simulate(fixture_id=sample.pk, seed=7).record
    dice = Dice(11, record=False)
    results = 1
    for number in range(seasons):
        season = SeasonFactory(league=league, name=f"S{number + 1}")
        fixtures = fixtures_generate(season=season)
        Result.objects.bulk_create(
            [
                Result(
                    fixture=fixture,
                    home_score=(home := dice.roll(5, "home") - 1),
                    away_score=(away := dice.roll(5, "away") - 1),
                    winner="home" if home > away else "away" if away > home else "draw",
                    decided_by="regulation",
                    seed=7,
                    record=record,
                )
                for fixture in fixtures
            ]
        )
        Fixture.objects.filter(season=season).update(status=Fixture.Status.PLAYED)
        results += len(fixtures)
    return league, season, results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seasons", type=int, default=3)
    parser.add_argument("--teams", type=int, default=20)
    parser.add_argument("--reads", type=int, default=20)
    args = parser.parse_args()
    _recreate_database()
    _setup_django()
    league, season, results = _league(args.teams, args.seasons)
    print(
        f"statistics: {args.teams} teams, {args.seasons} seasons, {results} results,"
        f" {args.reads} reads each"
    )
    for name, url in (
        ("season_page", f"/leagues/{league.pk}/statistics/?season={season.pk}"),
        ("all_time_page", f"/leagues/{league.pk}/statistics/?season=all"),
        ("api_leaderboards", f"/api/v1/leagues/{league.pk}/statistics/?season=all"),
        ("api_records", f"/api/v1/leagues/{league.pk}/statistics/records/?season=all"),
    ):
        count, median = _read(url, args.reads)
        print(f"  {name:<17} {median:8.1f} ms per read, {count} queries")


if __name__ == "__main__":
    main()
