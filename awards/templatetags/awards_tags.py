"""The awards shown on other apps' pages without those apps importing ``awards``: a team
page, a player's page and the league page's archived season load these tags by name."""

from typing import Any

from django import template

from awards import selectors
from league.models import Season, Team

register = template.Library()


@register.inclusion_tag("awards/team_panel.html")
def team_awards(team: Team) -> dict[str, Any]:
    """Every award of ``team`` and its players, the latest season first."""
    return {"team": team, "rows": selectors.team_awards_get(team=team)}


@register.inclusion_tag("awards/player_panel.html")
def player_awards(team: Team, player_ref: Any) -> dict[str, Any]:
    """The awards of one player of ``team`` (``player_ref``: the player's id)."""
    return {"rows": selectors.player_awards_get(team=team, player_ref=str(player_ref))}


@register.inclusion_tag("awards/season_panel.html")
def season_awards(season: Season) -> dict[str, Any]:
    """A finished season's awards, in short, with the link to its awards page."""
    return {"season": season, "rows": selectors.season_awards_get(season=season)}
