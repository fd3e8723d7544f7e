"""Rotzball's downloads (``core.exports``): a team's players with their characteristics and
their place in the line-up (empty for a reserve)."""

from django.utils.translation import gettext_lazy as _

from core.exports import Table
from league.models import Team
from systems.rotzball.models import LineupSlot, Player

COLUMNS = ("id", "name", "endurance", "agility", "strength", "intelligence", "position")
LABELS = (_("Id"), _("Name"), _("Endurance (E)"), _("Agility (Ag)"), _("Strength (F)"),
          _("Intelligence (Int)"), _("Position"))


def roster_rows(*, team: Team) -> Table:
    places = dict(LineupSlot.objects.filter(team=team).values_list("player_id", "position"))
    rows = [
        [p.pk, p.name, p.endurance, p.agility, p.strength, p.intelligence, places.get(p.pk)]
        for p in Player.objects.filter(team=team).order_by("name", "pk")
    ]
    return Table(COLUMNS, rows, LABELS)
