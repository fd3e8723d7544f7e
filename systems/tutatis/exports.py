"""Tutatis's downloads (``core.exports``): a team's roster with the characteristics and price
each player was hired at, on the pitch first."""

from django.utils.translation import gettext_lazy as _

from core.exports import Column, Table, table_of
from league.models import Team
from systems.tutatis.models import Player

ROSTER = (
    Column("id", _("Id"), lambda p: p.pk),
    Column("name", _("Name")),
    Column("role", _("Role")),
    Column("mo", _("Mo")),
    Column("st", _("St")),
    Column("ag", _("Ag")),
    Column("co", _("Co")),
    Column("bp", _("BP")),
    Column("abilities", _("Abilities")),
    Column("price", _("Price (Irr)")),
    Column("on_pitch", _("On the pitch")),
    Column("badly_hurt", _("Badly hurt")),
)


def roster_rows(*, team: Team) -> Table:
    return table_of(ROSTER, Player.objects.filter(team=team).order_by("-on_pitch", "pk"))
