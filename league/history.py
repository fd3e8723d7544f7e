"""The league app's rows in the history of changes (``core.history``)."""

from django.urls import reverse

from core.history_registry import track
from league.models import League, Season, Team


def register() -> None:
    track(League, league=lambda league: league.pk)
    track(
        Season,
        league=lambda season: season.league_id,
        url=lambda season: reverse("league:detail", args=[season.league_id]),
    )
    track(Team, league=lambda team: team.league_id)


def track_team_row(model: type, **options) -> None:
    """A game's row that belongs to a team (a player, a line-up slot): its history is the
    team's league's, and its page the team's."""
    track(
        model,
        league=lambda row: row.team.league_id,
        url=lambda row: reverse("league:team", args=[row.team_id]),
        **options,
    )


def track_league_row(model: type, **options) -> None:
    """A game's row of league settings: in the league's history, shown on its page."""
    track(
        model,
        league=lambda row: row.league_id,
        url=lambda row: reverse("league:detail", args=[row.league_id]),
        **options,
    )
