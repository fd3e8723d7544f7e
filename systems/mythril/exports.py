"""The Mythril league's downloads (``core.exports``): the championship table as the league
page shows it, and a team's players with their records."""

from django.utils.translation import gettext_lazy as _

from core.exports import Table
from league.models import Season, Team
from systems.mythril.models import Player
from systems.mythril.standings import standings_table

STANDINGS_COLUMNS = (
    "position",
    "team_id",
    "team",
    "played",
    "won",
    "drawn",
    "lost",
    "touchdowns_for",
    "touchdowns_against",
    "difference",
    "points",
)
STANDINGS_LABELS = (
    "#",
    _("Team id"),
    _("Team"),
    _("Played"),
    _("Won"),
    _("Drawn"),
    _("Lost"),
    _("Touchdowns for"),
    _("Touchdowns against"),
    _("Difference"),
    _("Points"),
)
ROSTER_COLUMNS = (
    "id",
    "number",
    "name",
    "position",
    "race",
    "cost",
    "spp",
    "levels_taken",
    "skills",
    "touchdowns",
    "completions",
    "casualties",
    "interceptions",
    "mvps",
    "status",
)
ROSTER_LABELS = (
    _("Id"),
    _("Number"),
    _("Name"),
    _("Position"),
    _("Race"),
    _("Cost"),
    _("Star player points"),
    _("Skills earned"),
    _("Skills"),
    _("Touchdowns"),
    _("Completions"),
    _("Casualties"),
    _("Interceptions"),
    _("MVPs"),
    _("Status"),
)


def standings_rows(*, season: Season) -> Table:
    rows = [
        [
            row.position,
            row.team.pk,
            row.team.name,
            row.played,
            row.wins,
            row.draws,
            row.losses,
            row.touchdowns_for,
            row.touchdowns_against,
            row.difference,
            row.points,
        ]
        for row in standings_table(season=season)
    ]
    return Table(STANDINGS_COLUMNS, rows, STANDINGS_LABELS)


def roster_rows(*, team: Team) -> Table:
    players = Player.objects.filter(team=team).select_related("position", "champion")
    rows = [
        [
            p.pk,
            p.number,
            p.name,
            (p.position or p.champion).name,
            p.race,
            p.cost,
            p.spp,
            p.levels_taken,
            ", ".join(str(skill) for skill in p.skills or []),
            p.touchdowns,
            p.completions,
            p.casualties,
            p.interceptions,
            p.mvps,
            p.status,
        ]
        for p in players.order_by("number", "pk")
    ]
    return Table(ROSTER_COLUMNS, rows, ROSTER_LABELS)
