"""Reading the stored ratings. A team or coach without a row is a new entrant: the engine's
starting rating (1500, deviation 350, volatility 0.06)."""

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from core import registry
from league.models import League, Team
from ratings.models import CoachRating, TeamRating
from rules_engine.ratings.glicko2 import Rating


def _as_rating(row: TeamRating) -> Rating:
    return Rating(rating=row.rating, rd=row.rd, volatility=row.volatility)


def team_ratings_entering(
    team_ids: Iterable[int], *, season_id: int | None, round: int | None
) -> dict[int, Rating]:
    """Each team's rating as it entered ``round`` of the season ``season_id``: its latest rating
    from an earlier period (an earlier round, or an earlier season of its league); the latest
    of all with ``season_id`` ``None``."""
    ids = list(team_ids)
    rows = TeamRating.objects.filter(team_id__in=ids)
    if season_id is not None:
        rows = rows.filter(Q(season_id__lt=season_id) | Q(season_id=season_id, round__lt=round))
    current = {team_id: Rating() for team_id in ids}
    # in period order, so the last row seen for a team is its latest
    for row in rows.order_by("season_id", "round"):
        current[row.team_id] = _as_rating(row)
    return current


# --- what the pages and the API show -----------------------------------------------------


@dataclass(frozen=True, slots=True)
class Point:
    """One row of a history: a team's round or a coach's week."""

    rating: float
    rd: float
    games: int
    season_id: int | None = None
    season_name: str = ""
    round: int | None = None
    week: date | None = None


@dataclass(frozen=True, slots=True)
class Standing:
    """A team's or a pool's current rating, the change since its previous row and its
    history, oldest first."""

    rating: float
    rd: float
    volatility: float
    games: int
    change: float | None
    history: list[Point]


@dataclass(frozen=True, slots=True)
class TeamStanding(Standing):
    team: Team | None = None


@dataclass(frozen=True, slots=True)
class PoolStanding(Standing):
    game: str = ""
    label: str = ""
    week: date | None = None


def _standing[S: Standing](kind: type[S], rows: list, points: list[Point], **extra: Any) -> S:
    last = rows[-1]
    return kind(
        rating=last.rating,
        rd=last.rd,
        volatility=last.volatility,
        games=last.games,
        change=last.rating - rows[-2].rating if len(rows) > 1 else None,
        history=points,
        **extra,
    )


def league_ratings(*, league: League) -> list[TeamStanding]:
    """The league's rated teams, best rating first, each with its rounds: two queries."""
    teams = {team.pk: team for team in Team.objects.filter(league=league).select_related("coach")}
    rows = (
        TeamRating.objects.filter(team_id__in=list(teams))
        .select_related("season")
        .order_by("season_id", "round")
    )
    by_team: dict[int, list[TeamRating]] = defaultdict(list)
    for row in rows:
        by_team[row.team_id].append(row)
    standings = [
        _standing(
            TeamStanding,
            team_rows,
            [
                Point(r.rating, r.rd, r.games, r.season_id, r.season.name, r.round)
                for r in team_rows
            ],
            team=teams[team_id],
        )
        for team_id, team_rows in by_team.items()
    ]
    return sorted(standings, key=lambda s: (-s.rating, s.team.name if s.team else ""))


def league_periods(standings: list[TeamStanding]) -> list[tuple[int, str, int]]:
    """Every (season, season name, round) of the standings' histories, in order: a chart's
    axis."""
    seen = {(p.season_id, p.season_name, p.round) for s in standings for p in s.history}
    return sorted(seen)  # type: ignore[arg-type]


def coach_of_ratings(*, coach_id: int) -> Any:
    """The user whose ratings are asked, if they coach a team or have a rating; else
    ``None`` (no page for an account that never coached)."""
    user = get_user_model().objects.filter(pk=coach_id).first()
    if user is None:
        return None
    if CoachRating.objects.filter(coach=user).exists() or Team.objects.filter(coach=user).exists():
        return user
    return None


def coach_ratings(*, coach: Any) -> list[PoolStanding]:
    """The coach's rating in every game they played, then across every game: one query."""
    by_pool: dict[str, list[CoachRating]] = defaultdict(list)
    for row in CoachRating.objects.filter(coach=coach).order_by("week"):
        by_pool[row.game].append(row)
    labels = {name: label for name, label in registry.choices()}
    order = sorted(g for g in by_pool if g) + (
        [CoachRating.EVERY_GAME] if CoachRating.EVERY_GAME in by_pool else []
    )
    return [
        _standing(
            PoolStanding,
            by_pool[game],
            [Point(r.rating, r.rd, r.games, week=r.week) for r in by_pool[game]],
            game=game,
            label=str(labels.get(game, game)) if game else str(_("Every game")),
            week=by_pool[game][-1].week,
        )
        for game in order
    ]


def leagues() -> QuerySet[League]:
    """The leagues whose ratings anyone may read: every league."""
    return League.objects.all()
