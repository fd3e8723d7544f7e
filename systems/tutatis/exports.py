"""Tutatis's downloads (``core.exports``): a team's roster with the characteristics and price
each player was hired at, on the pitch first."""

from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from core.exports import Column, Table, table_of
from league.models import Team
from systems.tutatis.models import ENTRY_FIELDS, Player

ROSTER = (
    Column("id", _("Id"), lambda p: p.pk),
    *(
        Column(field, capfirst(Player._meta.get_field(field).verbose_name))
        for field in (*ENTRY_FIELDS, "on_pitch", "badly_hurt")
    ),
)
"""The player's fields, each headed by its name on the model."""


def roster_rows(*, team: Team) -> Table:
    return table_of(ROSTER, Player.objects.filter(team=team).order_by("-on_pitch", "pk"))
