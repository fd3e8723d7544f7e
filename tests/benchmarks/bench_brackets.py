"""Double elimination and groups then knock-out on PostgreSQL (a script, not a test).

    python tests/benchmarks/bench_brackets.py [--teams 32] [--rounds 4] [--repeats 5]

For each size, builds a league of ``--teams`` teams and a double elimination of them, and a
groups then knock-out (groups of four, the first two through), then plays ``--rounds`` rounds
of each through the services (the winner of each game drawn by the engine's dice: a knock-out
has no draw). Then prints medians over ``--repeats`` of: pairing the next round
(``round_pair``: the bracket or the group tables worked out from every result so far, the
draft thrown away each time), reading the bracket (``GET /api/v1/tournaments/{id}/bracket/``,
the double elimination) and the tournament's page; each with wall and CPU milliseconds (this
process's CPU, not PostgreSQL's) and its SQL queries. The load average is printed first and
last.

It uses a throwaway database ``league_brackets_bench`` on ``BENCH_DATABASE_URL`` (default the
local PostgreSQL), created afresh each run, and runs tasks eagerly (no broker).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("BENCH_DB_NAME", "league_brackets_bench")

from tests.benchmarks.bench_tournament import _setup_django, _timed  # noqa: E402


def _play(round_, dice) -> None:
    from tests.factories import ResultFactory

    for pairing in round_.pairings.select_related("fixture").exclude(fixture=None):
        home, away = (1, 0) if dice.d6("game result") <= 3 else (0, 1)
        ResultFactory(fixture=pairing.fixture, home_score=home, away_score=away)


def _tournament(teams: int, rounds: int, seed: int, **settings):
    from rules_engine import Dice
    from tests.factories import LeagueFactory, SeasonFactory, TeamFactory
    from tournaments import services

    league = LeagueFactory(name=f"Bench {time.monotonic_ns()}")
    entrants = [TeamFactory(league=league, coach=None) for _ in range(teams)]
    season = SeasonFactory(league=league)
    tournament = services.tournament_create(season=season, name="Bench", teams=entrants, **settings)
    dice = Dice(seed)
    for _ in range(rounds):
        draft = services.round_pair(tournament=tournament)
        services.round_publish(round_=draft)
        _play(draft, dice)
    return tournament


def _report(name: str, runs: list) -> None:
    wall = statistics.median(r[0] for r in runs)
    cpu = statistics.median(r[1] for r in runs)
    queries = statistics.median(r[2] for r in runs)
    print(f"  {name:24} wall {wall:8.1f} ms  cpu {cpu:8.1f} ms  queries {queries:6.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--teams", type=int, nargs="+", default=[32])
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    _setup_django()
    from django.test import Client
    from django.urls import reverse

    from tournaments import services
    from tournaments.models import Tournament

    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    client = Client(HTTP_HOST="localhost")
    for teams in args.teams:
        double = _tournament(teams, args.rounds, args.seed, format=Tournament.Format.DOUBLE)
        groups = _tournament(
            teams,
            args.rounds,
            args.seed,
            format=Tournament.Format.GROUPS,
            group_count=teams // 4,
            qualifiers=2,
        )
        print(f"{teams} teams, {args.rounds} rounds played, {args.repeats} repeats (medians):")
        for label, tournament in (("double", double), ("groups", groups)):
            page = reverse("league:tournament", args=[tournament.season.league_id, tournament.pk])
            api = f"/api/v1/tournaments/{tournament.pk}/bracket/"
            pairs, reads, pages = [], [], []
            for _ in range(args.repeats):
                pairs.append(_timed(lambda t=tournament: services.round_pair(tournament=t))[:3])
                if label == "double":
                    reads.append(_timed(lambda u=api: client.get(u))[:3])
                pages.append(_timed(lambda u=page: client.get(u))[:3])
            _report(f"{label}: pair next round", pairs)
            if reads:
                _report(f"{label}: bracket API", reads)
            _report(f"{label}: tournament page", pages)
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
