"""Head-to-head: what two teams, or two coaches in one game, did when they met.

A meeting is a played fixture whose result stands: a voided result is gone, a cancelled
fixture never played, and a forfeit is left out (it says nothing about play, as for the
ratings). Two teams meet only within their league, across its seasons; two coaches meet in
every league of a game, through the teams they coach now (``Team.coach``, the reading of the
ratings). Everything is counted from the first side's view. Reads only.
"""

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Q

from core import registry
from core.registry import FORFEIT
from league.models import Team
from matches.models import Fixture, Result

LAST = 5
"""How many of the latest meetings are listed."""

OUTCOMES = ("won", "drawn", "lost")
"""A meeting's outcome for the first side (``Meeting.outcome``)."""

FIELDS = (
    "fixture_id",
    "fixture__kickoff",
    "fixture__round",
    "fixture__season__name",
    "fixture__season__league__name",
    "fixture__season__league__rule_system",
    "fixture__home_id",
    "fixture__home__name",
    "fixture__home__coach_id",
    "fixture__away__name",
    "home_score",
    "away_score",
    "winner",
)


@dataclass(frozen=True, slots=True)
class Meeting:
    fixture_id: int
    kickoff: datetime
    league: str
    season: str
    round: int
    home: str
    away: str
    home_score: int
    away_score: int
    outcome: str
    """``won``, ``drawn`` or ``lost``, for the first side."""


@dataclass(frozen=True, slots=True)
class HeadToHead:
    played: int
    won: int
    drawn: int
    lost: int
    scored: int
    conceded: int
    meetings: list[Meeting]
    """The latest first, at most :data:`LAST`."""
    game: str = ""

    @property
    def game_label(self) -> str:
        return registry.game(self.game).label if self.game else ""


def _standing() -> Q:
    return Q(fixture__status=Fixture.Status.PLAYED) & ~Q(decided_by=FORFEIT)


def _summed(
    rows: Iterable[dict[str, Any]], first_home: Callable[[dict[str, Any]], bool]
) -> HeadToHead:
    counts = {"won": 0, "drawn": 0, "lost": 0}
    scored = conceded = 0
    meetings = []
    for row in sorted(rows, key=lambda r: (r["fixture__kickoff"], r["fixture_id"]), reverse=True):
        home_side = first_home(row)
        home_score, away_score = row["home_score"], row["away_score"]
        scored += home_score if home_side else away_score
        conceded += away_score if home_side else home_score
        if row["winner"] == Result.Winner.DRAW:
            outcome = "drawn"
        else:
            outcome = "won" if (row["winner"] == Result.Winner.HOME) == home_side else "lost"
        counts[outcome] += 1
        if len(meetings) < LAST:
            meetings.append(
                Meeting(
                    fixture_id=row["fixture_id"],
                    kickoff=row["fixture__kickoff"],
                    league=row["fixture__season__league__name"],
                    season=row["fixture__season__name"],
                    round=row["fixture__round"],
                    home=row["fixture__home__name"],
                    away=row["fixture__away__name"],
                    home_score=home_score,
                    away_score=away_score,
                    outcome=outcome,
                )
            )
    return HeadToHead(
        played=sum(counts.values()), scored=scored, conceded=conceded, meetings=meetings, **counts
    )


def teams_head_to_head(*, team: Team, other: Team) -> HeadToHead:
    """``team``'s record against ``other`` in their league."""
    met = Q(fixture__home=team, fixture__away=other) | Q(fixture__home=other, fixture__away=team)
    rows = Result.objects.filter(_standing() & met).values(*FIELDS)
    return _summed(rows, lambda row: row["fixture__home_id"] == team.pk)


def coaches_head_to_head(*, coach: User, other: User) -> list[HeadToHead]:
    """``coach``'s record against ``other``, one per game they met in, by the game's name."""
    met = Q(fixture__home__coach=coach, fixture__away__coach=other) | Q(
        fixture__home__coach=other, fixture__away__coach=coach
    )
    rows = list(Result.objects.filter(_standing() & met).values(*FIELDS))
    by_game: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        by_game.setdefault(row["fixture__season__league__rule_system"], []).append(row)
    return [
        replace(
            _summed(game_rows, lambda row: row["fixture__home__coach_id"] == coach.pk), game=game
        )
        for game, game_rows in sorted(by_game.items(), key=lambda kv: registry.game(kv[0]).label)
    ]


def coach_get(*, coach_id: int) -> User | None:
    """The user, if they coach a team (a coach's head-to-head page needs one)."""
    return User.objects.filter(pk=coach_id, coached_teams__isnull=False).distinct().first()


def teams_pair_get(*, team_id: int, other_id: int) -> tuple[Team, Team] | None:
    """Two different teams of one league, with the league."""
    teams = {
        t.pk: t for t in Team.objects.select_related("league").filter(pk__in=(team_id, other_id))
    }
    if (
        team_id == other_id
        or len(teams) != 2
        or teams[team_id].league_id != teams[other_id].league_id
    ):
        return None
    return teams[team_id], teams[other_id]


def fixture_for_head_to_head(*, fixture_id: int) -> Fixture | None:
    return (
        Fixture.objects.select_related("season__league", "home__coach", "away__coach")
        .filter(pk=fixture_id)
        .first()
    )
