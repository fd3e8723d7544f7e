"""The awards of a season: the game's own, granted once when the season finishes (MVP, top
scorers, best defence: ``awards.plugins.season_awards``), and the commissioner's, given by
hand to a team or one of its players.

An award always goes to a team; a player's award names the player too (``player_ref``: the
player's id in the game's own table, ``""`` for a team's award) with the name they had then,
so it stays readable if the player dies or is fired. A ``SeasonGrant`` row is the witness that
a season's game awards were granted: written once, in the transaction of the awards.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from core.names import NameField
from league.models import Season, Team

NAME_MAX = 80
DESCRIPTION_MAX = 300


class Award(models.Model):
    class Kind(models.TextChoices):
        GAME = "game", _("The game's award")
        CUSTOM = "custom", _("The commissioner's award")

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="awards", verbose_name=_("season")
    )
    kind = models.CharField(_("kind"), max_length=6, choices=Kind.choices)
    code = models.CharField(
        _("award"),
        max_length=40,
        blank=True,
        help_text=_("A game award's code (its label comes from the game); blank for a custom one."),
    )
    name = NameField(_("name"), max_length=NAME_MAX, blank=True)
    description = models.CharField(_("description"), max_length=DESCRIPTION_MAX, blank=True)
    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="awards", verbose_name=_("team")
    )
    player_ref = models.CharField(_("player"), max_length=20, blank=True, default="")
    player_name = models.CharField(_("player's name"), max_length=NAME_MAX, blank=True)
    value = models.IntegerField(_("value"), null=True, blank=True)
    matches = models.PositiveIntegerField(_("matches"), null=True, blank=True)
    given_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("given by"),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["season", "kind", "code", "name", "team", "player_ref", "pk"]
        verbose_name = _("award")
        verbose_name_plural = _("awards")
        constraints = [
            models.UniqueConstraint(
                fields=["season", "code", "team", "player_ref"],
                condition=Q(kind="game"),
                name="awards_game_award_once",
            ),
            models.UniqueConstraint(
                "season",
                Lower("name"),
                "team",
                "player_ref",
                condition=Q(kind="custom"),
                name="awards_custom_award_once",
            ),
            models.CheckConstraint(
                condition=(Q(kind="game") & ~Q(code="") & Q(name=""))
                | (Q(kind="custom") & Q(code="") & ~Q(name="")),
                name="awards_game_code_or_custom_name",
            ),
        ]
        indexes = [models.Index(fields=["team", "season"], name="awards_team_idx")]

    def __str__(self) -> str:
        return f"{self.name or self.code}: {self.player_name or self.team}"


class SeasonGrant(models.Model):
    """The witness that the game awards of ``season`` were granted (once)."""

    season = models.OneToOneField(
        Season, on_delete=models.CASCADE, related_name="awards_grant", verbose_name=_("season")
    )
    awards = models.PositiveIntegerField(_("awards granted"), default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("season's awards granted")
        verbose_name_plural = _("seasons' awards granted")

    def __str__(self) -> str:
        return f"{self.season}: {self.awards}"
