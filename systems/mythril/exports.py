"""The Mythril league's downloads (``core.exports``): the championship table as the league
page shows it, and a team's players with their records."""

from django.utils.translation import gettext_lazy as _

from core.exports import Column, Table, table_of
from league.models import Season, Team
from matches.defaults import STANDINGS_RECORD, STANDINGS_TEAM
from systems.mythril.models import Player
from systems.mythril.standings import standings_table

STANDINGS = (
    *STANDINGS_TEAM,
    *STANDINGS_RECORD,
    Column("touchdowns_for", _("Touchdowns for")),
    Column("touchdowns_against", _("Touchdowns against")),
    Column("difference", _("Difference")),
    Column("points", _("Points")),
)
ROSTER = (
    Column("id", _("Id"), lambda p: p.pk),
    Column("number", _("Number")),
    Column("name", _("Name")),
    Column("position", _("Position"), lambda p: (p.position or p.champion).name),
    Column("race", _("Race")),
    Column("cost", _("Cost")),
    Column("spp", _("Star player points")),
    Column("levels_taken", _("Skills earned")),
    Column("skills", _("Skills"), lambda p: ", ".join(str(skill) for skill in p.skills or [])),
    Column("touchdowns", _("Touchdowns")),
    Column("completions", _("Completions")),
    Column("casualties", _("Casualties")),
    Column("interceptions", _("Interceptions")),
    Column("mvps", _("MVPs")),
    Column("status", _("Status")),
)


def standings_rows(*, season: Season) -> Table:
    return table_of(STANDINGS, standings_table(season=season))


def roster_rows(*, team: Team) -> Table:
    players = Player.objects.filter(team=team).select_related("position", "champion")
    return table_of(ROSTER, players.order_by("number", "pk"))
