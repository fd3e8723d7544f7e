"""Ratings personas. Seeded seasons for the ratings: leagues whose coaches meet across leagues and games, their
fixtures a week apart (with idle weeks), their results entered one by one with the workers run
after each commit."""

import random
from datetime import UTC, datetime, timedelta

import pytest

from matches.models import Fixture, Result
from ratings.models import CoachRating, TeamRating
from tests.factories import FixtureFactory, LeagueFactory, SeasonFactory, TeamFactory, UserFactory


@pytest.fixture(autouse=True)
def _follow_up_tasks(follow_up_tasks):
    """The eager follow-up tasks run here (ratings are follow-up work of a result): tests/settings.py."""


FIRST_MONDAY = datetime(2026, 1, 5, 12, tzinfo=UTC)


def round_robin(teams: list) -> list[list[tuple]]:
    """Each round's pairs, every team meeting every other once (circle method; an odd count
    gives one team a bye each round)."""
    sides = list(teams) + ([None] if len(teams) % 2 else [])
    rounds = []
    for _ in range(len(sides) - 1):
        half = len(sides) // 2
        pairs = [(sides[i], sides[-1 - i]) for i in range(half)]
        rounds.append([(h, a) for h, a in pairs if h is not None and a is not None])
        sides = [sides[0], sides[-1], *sides[1:-1]]
    return rounds


def schedule(season, teams, *, first_week: int, gap: int = 1) -> list[Fixture]:
    """A round-robin season, round ``r`` in week ``first_week + (r - 1) * gap``."""
    fixtures = []
    for number, pairs in enumerate(round_robin(teams), start=1):
        kickoff = FIRST_MONDAY + timedelta(weeks=first_week + (number - 1) * gap, hours=number)
        for home, away in pairs:
            fixtures.append(
                FixtureFactory(season=season, round=number, home=home, away=away, kickoff=kickoff)
            )
    return fixtures


def play(fixture: Fixture, home: int, away: int, decided_by: str = "regulation") -> Result:
    Fixture.objects.filter(pk=fixture.pk).update(status=Fixture.Status.PLAYED)
    return Result.objects.create(
        fixture=fixture,
        home_score=home,
        away_score=away,
        winner="home" if home > away else "away" if away > home else "draw",
        decided_by=decided_by,
        seed=0,
        record={},
    )


def score(rng: random.Random) -> tuple[int, int]:
    return rng.randint(0, 3), rng.randint(0, 3)


def snapshot() -> dict[str, list[tuple]]:
    """Every stored rating row, as plain values in a fixed order."""
    teams = TeamRating.objects.order_by("season_id", "round", "team_id").values_list(
        "team_id", "season_id", "round", "rating", "rd", "volatility", "games", "tau"
    )
    coaches = CoachRating.objects.order_by("game", "week", "coach_id").values_list(
        "coach_id", "game", "week", "rating", "rd", "volatility", "games"
    )
    return {"teams": list(teams), "coaches": list(coaches)}


@pytest.fixture
def seasons(db):
    """Two Rotzball leagues (the second with two seasons, a team joining in the second) and a
    Killpower one; coaches Ada and Bo coach in several of them. Returns the fixtures in the
    order of their kick-offs."""
    ada, bo = UserFactory(username="ada"), UserFactory(username="bo")
    north = LeagueFactory(name="North", rule_system="rotzball")
    south = LeagueFactory(name="South", rule_system="rotzball", rating_tau=0.9)
    arena = LeagueFactory(name="Arena", rule_system="killpower")
    north_teams = [TeamFactory(league=north, coach=ada), TeamFactory(league=north, coach=None)]
    north_teams += [TeamFactory(league=north) for _ in range(4)]
    south_teams = [TeamFactory(league=south, coach=bo)] + [
        TeamFactory(league=south) for _ in range(4)
    ]
    arena_teams = [TeamFactory(league=arena, coach=ada), TeamFactory(league=arena, coach=bo)]
    arena_teams += [TeamFactory(league=arena) for _ in range(2)]
    fixtures = schedule(SeasonFactory(league=north), north_teams, first_week=0)
    fixtures += schedule(SeasonFactory(league=south), south_teams, first_week=1, gap=2)
    second = SeasonFactory(league=south)
    fixtures += schedule(second, [*south_teams[1:], TeamFactory(league=south)], first_week=12)
    fixtures += schedule(SeasonFactory(league=arena), arena_teams, first_week=0, gap=3)
    return sorted(fixtures, key=lambda f: (f.kickoff, f.pk))


# A Killpower league (played at the table, draws possible in its championship) with two teams
# whose ratings are stored as rows, as the rating service writes them.


@pytest.fixture
def kp_teams(kp_league):
    return TeamFactory(league=kp_league, name="Titans"), TeamFactory(league=kp_league, name="Orcs")


@pytest.fixture
def rate():
    """``rate(team, season, round, rating, rd=80)``: a team's rating at the end of a round."""

    def run(team, season, round, rating, rd=80.0, volatility=0.06):
        return TeamRating.objects.create(
            team=team,
            season=season,
            round=round,
            rating=rating,
            rd=rd,
            volatility=volatility,
            tau=0.5,
        )

    return run
