"""Read-side queries for leagues and teams (each with its game's one-to-one rows joined)."""

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Count, IntegerField, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce

from core.models import UserProfile
from league import plugins
from league.models import League, Season, Team

TEAM_COLOURS = [
    ("#1f4e8c", "#f2c14e"),  # blue and gold
    ("#8c1c13", "#ffffff"),  # red and white
    ("#1b6b3a", "#f5f5dc"),  # green and cream
    ("#222222", "#e07a1f"),  # black and orange
    ("#5b2a86", "#c0c0c0"),  # purple and silver
    ("#0f7b8a", "#111111"),  # teal and black
    ("#f2c14e", "#1f1f5c"),  # yellow and navy
    ("#ffffff", "#b3122e"),  # white and crimson
]
"""Default colours of new teams, taken in turn so a league's teams start distinct."""


def team_default_colours(*, league: League) -> tuple[str, str]:
    """The primary and secondary colours of the league's next team: the palette's next pair
    after the teams it has (a ninth team starts the palette again)."""
    return TEAM_COLOURS[Team.objects.filter(league=league).count() % len(TEAM_COLOURS)]


def teams_coloured(*, league: League, teams: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """New teams' ``{"name", "coach", "primary_colour", "secondary_colour"}`` with the colours
    left out taken from the palette in turn, after the teams the league has."""
    count = Team.objects.filter(league=league).count()
    specs = []
    for index, spec in enumerate(teams):
        primary, secondary = TEAM_COLOURS[(count + index) % len(TEAM_COLOURS)]
        specs.append(
            {
                "name": spec["name"],
                "coach": spec.get("coach"),
                "primary_colour": spec.get("primary_colour") or primary,
                "secondary_colour": spec.get("secondary_colour") or secondary,
            }
        )
    return specs


def league_with_commissioner() -> QuerySet[League]:
    """Leagues with their commissioner: what a page's role gate asks about."""
    return League.objects.select_related("commissioner")


def team_with_league() -> QuerySet[Team]:
    """Teams with their league, its commissioner and the coach: what a page's role gate asks
    about."""
    return Team.objects.select_related("league__commissioner", "coach")


def season_rows() -> QuerySet[Season]:
    """Every season, newest first, with its champion (the API's seasons): without its league's
    row (the API shows the league's id) and the archive (the API never shows it)."""
    seasons = Season.objects.select_related("champion").defer("archive")
    return seasons.order_by("-created_at", "-pk")


def account_summary(*, user: User) -> dict:
    """What a signed-in user's own API record shows: language and time zone, teams coached,
    leagues run."""
    saved = UserProfile.objects.filter(user=user).values_list("language", "time_zone").first()
    language, time_zone = saved or ("", "")
    return {
        "username": user.get_username(),
        "language": language,
        "time_zone": time_zone,
        "teams": Team.objects.filter(coach=user).select_related("league").order_by("name", "pk"),
        "leagues": League.objects.filter(commissioner=user).order_by("name", "pk"),
    }


def season_with_league() -> QuerySet[Season]:
    """Seasons with their league and its commissioner: what a command's role gate asks about."""
    return Season.objects.select_related("league__commissioner")


def season_with_champion(*, season_id: int) -> Season:
    """One season read again with its champion, after a service changed it."""
    return Season.objects.select_related("champion").get(pk=season_id)


def season_get(*, league: League, season_id: str | None = None) -> Season | None:
    """The league's season ``season_id`` names (``None`` when it names none of them), else,
    without an id, its latest; ``None`` when it has none."""
    seasons = Season.objects.filter(league=league)
    return seasons.filter(pk=season_id).first() if season_id else seasons.first()


def league_list(*, counted: bool = True) -> QuerySet[League]:
    """Leagues with their commissioner and their game's row; ``counted``: with ``team_count``,
    the teams still playing, a subquery per league row. A list of many leagues takes a page
    uncounted, then :func:`team_counts_set` on that page: counted in the page's own query,
    PostgreSQL also counted the teams of every league the page skips (850 counts for the
    50 leagues of page 17)."""
    leagues = League.objects.select_related("commissioner", *plugins.league_related())
    if not counted:
        return leagues
    playing = (
        Team.objects.filter(league=OuterRef("pk"), retired_at__isnull=True)
        .order_by()
        .values("league")
        .annotate(count=Count("pk"))
        .values("count")
    )
    return leagues.annotate(team_count=Coalesce(Subquery(playing, output_field=IntegerField()), 0))


def team_counts_set[T: Sequence[League]](leagues: T) -> T:
    """Set ``team_count`` (the teams still playing) on each of a page of ``leagues``, with one
    query."""
    counts = dict(
        Team.objects.filter(league__in=leagues, retired_at__isnull=True)
        .order_by()
        .values_list("league")
        .annotate(Count("pk"))
    )
    for league in leagues:
        league.team_count = counts.get(league.pk, 0)
    return leagues


def team_list(*, league: League | None = None, coach: User | None = None) -> QuerySet[Team]:
    teams = Team.objects.select_related("league", "coach", *plugins.team_related())
    if coach is not None:
        teams = teams.filter(coach=coach)
    return teams.filter(league=league) if league is not None else teams


def teams_of_game(*, teams: Sequence[Team], rule_system: str) -> list[Team]:
    """The teams of ``rule_system``'s game among ``teams`` (a page of a team list of any
    league), for a game's ``teams_read``: every one of them when their leagues are not read
    (no query to tell the games apart)."""
    if all(Team.league.is_cached(team) for team in teams):
        return [team for team in teams if team.league.rule_system == rule_system]
    return list(teams)


def team_get(*, team_id: int) -> Team | None:
    """The team with its league, coach and game rows (``team_list``), ``None`` if none."""
    return team_list().filter(pk=team_id).first()
