"""Killpower Ball's downloads (``core.exports``): the championship table as the league page
shows it (ranking points, power, division, the season's record) and a team's gladiators."""

from django.utils.translation import gettext_lazy as _

from core.exports import Table
from league.models import Season, Team
from systems.killpower.models import Gladiator
from systems.killpower.standings import ranking_table_get

STANDINGS_COLUMNS = (
    "position",
    "team_id",
    "team",
    "ranking_points",
    "power",
    "division",
    "played",
    "won",
    "drawn",
    "lost",
    "abandoned",
)
STANDINGS_LABELS = (
    "#",
    _("Team id"),
    _("Team"),
    _("Ranking points"),
    _("Power"),
    _("Division"),
    _("Played"),
    _("Won"),
    _("Drawn"),
    _("Lost"),
    _("Abandoned"),
)
ROSTER_COLUMNS = (
    "id",
    "number",
    "name",
    "race",
    "specialization",
    "equipment",
    "xp",
    "raises",
    "status",
)
ROSTER_LABELS = (
    _("Id"),
    _("Number"),
    _("Name"),
    _("Race"),
    _("Specialization"),
    _("Equipment"),
    _("Experience"),
    _("Raises taken"),
    _("Status"),
)


def standings_rows(*, season: Season) -> Table:
    rows = [
        [
            row.position,
            row.team.pk,
            row.team.name,
            row.ranking_points,
            row.power,
            row.division,
            row.played,
            row.won,
            row.drawn,
            row.lost,
            row.abandoned,
        ]
        for row in ranking_table_get(season=season)
    ]
    return Table(STANDINGS_COLUMNS, rows, STANDINGS_LABELS)


def _raises(raises: dict) -> str:
    return " ".join(f"{name}:{count}" for name, count in sorted(raises.items()) if count)


def roster_rows(*, team: Team) -> Table:
    """Every gladiator of the team, the living by number first, then the dead."""
    gladiators = Gladiator.objects.filter(team=team).order_by("died_at", "number", "pk")
    rows = [
        [
            g.pk,
            g.number,
            g.name,
            g.race,
            g.specialization,
            (g.equipment or {}).get("kind", ""),
            g.xp,
            _raises(g.raises or {}),
            g.status,
        ]
        for g in gladiators
    ]
    return Table(ROSTER_COLUMNS, rows, ROSTER_LABELS)
