"""Tutatis's downloads (``core.exports``): a team's roster with the characteristics and price
each player was hired at, on the pitch first."""

from django.utils.translation import gettext_lazy as _

from core.exports import Table
from league.models import Team
from systems.tutatis.models import Player

COLUMNS = (
    "id",
    "name",
    "role",
    "mo",
    "st",
    "ag",
    "co",
    "bp",
    "abilities",
    "price",
    "on_pitch",
    "badly_hurt",
)
LABELS = (
    _("Id"),
    _("Name"),
    _("Role"),
    _("Mo"),
    _("St"),
    _("Ag"),
    _("Co"),
    _("BP"),
    _("Abilities"),
    _("Price (Irr)"),
    _("On the pitch"),
    _("Badly hurt"),
)


def roster_rows(*, team: Team) -> Table:
    rows = [
        [
            p.pk,
            p.name,
            p.role,
            p.mo,
            p.st,
            p.ag,
            p.co,
            p.bp,
            p.abilities,
            p.price,
            p.on_pitch,
            p.badly_hurt,
        ]
        for p in Player.objects.filter(team=team).order_by("-on_pitch", "pk")
    ]
    return Table(COLUMNS, rows, LABELS)
