"""Killpower Ball's downloads (``core.exports``): the championship table as the league page
shows it (ranking points, power, division, the season's record) and a team's gladiators."""

from django.utils.translation import gettext_lazy as _

from core.exports import Column, Table, table_of
from league.models import Season, Team
from matches.defaults import STANDINGS_RECORD, STANDINGS_TEAM
from systems.killpower.models import Gladiator
from systems.killpower.selectors.standings import ranking_table_get

STANDINGS = (
    *STANDINGS_TEAM,
    Column("ranking_points", _("Ranking points")),
    Column("power", _("Power")),
    Column("division", _("Division")),
    *STANDINGS_RECORD,
    Column("abandoned", _("Abandoned")),
)
ROSTER = (
    Column("id", _("Id"), lambda g: g.pk),
    Column("number", _("Number")),
    Column("name", _("Name")),
    Column("race", _("Race")),
    Column("specialization", _("Specialization")),
    Column("equipment", _("Equipment"), lambda g: (g.equipment or {}).get("kind", "")),
    Column("xp", _("Experience")),
    Column("raises", _("Raises taken"), lambda g: _raises(g.raises or {})),
    Column("status", _("Status")),
)


def standings_rows(*, season: Season) -> Table:
    return table_of(STANDINGS, ranking_table_get(season=season))


def _raises(raises: dict) -> str:
    return " ".join(f"{name}:{count}" for name, count in sorted(raises.items()) if count)


def roster_rows(*, team: Team) -> Table:
    """Every gladiator of the team, the living by number first, then the dead."""
    return table_of(ROSTER, Gladiator.objects.filter(team=team).order_by("died_at", "number", "pk"))
