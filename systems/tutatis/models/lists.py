"""Team lists: the players a race may hire, with their characteristics and price.

The rule text prints none: the project ships sample lists (``league`` empty, ``is_sample``
set), and a commissioner who edits one edits his league's own copy (``copied_from``).
"""

from django.core.validators import MaxValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.names import NameField
from league.models import League

MAX_STAT = 20


class Role(models.TextChoices):
    PLAYER = "player", _("Player")
    GOALKEEPER = "goalkeeper", _("Goalkeeper")
    HERO = "hero", _("Hero")
    MERCENARY = "mercenary", _("Mercenary")
    SPECIAL = "special", _("Special character")


def stat_field(label: str) -> models.PositiveSmallIntegerField:
    return models.PositiveSmallIntegerField(label, validators=[MaxValueValidator(MAX_STAT)])


class TeamList(models.Model):
    league = models.ForeignKey(
        League,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="tutatis_lists",
        verbose_name=_("league"),
    )
    name = NameField(_("name"), max_length=80)
    race = models.CharField(_("race"), max_length=40)
    description = models.TextField(_("description"), blank=True)
    is_sample = models.BooleanField(_("sample data"), default=False)
    copied_from = models.ForeignKey(
        "self", on_delete=models.SET_NULL, null=True, blank=True, related_name="copies"
    )

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("team list")
        verbose_name_plural = _("team lists")
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="tutatis_list_name_per_league")
        ]

    def __str__(self) -> str:
        return self.name


ENTRY_FIELDS = ("name", "role", "mo", "st", "ag", "co", "bp", "abilities", "price")
"""What a list entry says of a player (a hired one keeps all but the name as they were)."""


class ListEntry(models.Model):
    team_list = models.ForeignKey(
        TeamList, on_delete=models.CASCADE, related_name="entries", verbose_name=_("team list")
    )
    name = NameField(_("name"), max_length=80)
    role = models.CharField(_("role"), max_length=12, choices=Role.choices, default=Role.PLAYER)
    mo = stat_field(_("Mo"))
    st = stat_field(_("St"))
    ag = stat_field(_("Ag"))
    co = stat_field(_("Co"))
    bp = stat_field(_("BP"))
    abilities = models.CharField(_("abilities"), max_length=300, blank=True)
    price = models.PositiveIntegerField(_("price (Irr)"))

    class Meta:
        ordering = ["team_list", "pk"]
        verbose_name = _("list entry")
        verbose_name_plural = _("list entries")

    def __str__(self) -> str:
        return self.name
