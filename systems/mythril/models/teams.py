"""A Mythril league's settings, its teams and their players.

Gold is never stored here: a team's gold is its treasury account in the ledger
(``ledger.models.Account`` of kind ``treasury``), moved only by ledger transactions.
"""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from core.names import NameField
from league.models import League, Team
from systems.mythril.models.roster import Champion, PitchType, Position, TeamList, empty_list

MAX_GOLD = 100_000_000


def _between(low: int, high: int) -> list:
    return [MinValueValidator(low), MaxValueValidator(high)]


class MythrilSettings(models.Model):
    """What a Mythril league sets beyond the rules as written (points for a draw and a loss
    are the league's own ``points_draw`` and ``points_loss``; a win is always 3)."""

    league = models.OneToOneField(
        League, on_delete=models.CASCADE, primary_key=True, related_name="mythril_settings"
    )
    starting_gold = models.PositiveIntegerField(
        _("starting gold"), default=1_000_000, validators=[MaxValueValidator(MAX_GOLD)]
    )
    team_bets = models.BooleanField(_("team bets"), default=True)
    winnings_unit = models.PositiveIntegerField(
        _("winnings unit"),
        default=10_000,
        validators=[MaxValueValidator(MAX_GOLD)],
        help_text=_("A match's winnings are (1D6 + popularity) × this."),
    )
    popularity_down = models.SmallIntegerField(
        _("popularity roll: lose a point at or under"), default=1, validators=_between(-10, 20)
    )
    popularity_up = models.SmallIntegerField(
        _("popularity roll: gain a point at or over"), default=6, validators=_between(-10, 20)
    )
    win_modifier = models.SmallIntegerField(
        _("popularity roll modifier for a win"), default=1, validators=_between(-5, 5)
    )
    loss_modifier = models.SmallIntegerField(
        _("popularity roll modifier for a loss"), default=-1, validators=_between(-5, 5)
    )

    class Meta:
        verbose_name = _("Mythril settings")
        verbose_name_plural = _("Mythril settings")

    def __str__(self) -> str:
        return str(self.league)


class TeamProfile(models.Model):
    """A Mythril team beyond its name: its list, popularity, home pitch (chosen once) and
    apothecary."""

    team = models.OneToOneField(
        Team, on_delete=models.CASCADE, primary_key=True, related_name="mythril"
    )
    team_list = models.ForeignKey(TeamList, on_delete=models.PROTECT, related_name="teams")
    popularity = models.PositiveSmallIntegerField(_("popularity"), default=1)
    home_pitch = models.ForeignKey(
        PitchType, on_delete=models.PROTECT, related_name="teams", null=True, blank=True
    )
    apothecary = models.BooleanField(_("apothecary"), default=False)
    created_seed = models.BigIntegerField(null=True, blank=True)

    class Meta:
        verbose_name = _("Mythril team")
        verbose_name_plural = _("Mythril teams")

    def __str__(self) -> str:
        return str(self.team)


class PlayerStatus(models.TextChoices):
    ACTIVE = "active", _("Active")
    INJURED = "injured", _("Injured (misses the next match)")
    DEAD = "dead", _("Dead")
    FIRED = "fired", _("Fired")


class Player(models.Model):
    Status = PlayerStatus

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="mythril_players")
    number = models.PositiveSmallIntegerField(_("number"))
    name = NameField(_("name"), max_length=80)
    position = models.ForeignKey(
        Position, on_delete=models.PROTECT, null=True, blank=True, related_name="players"
    )
    champion = models.ForeignKey(
        Champion, on_delete=models.PROTECT, null=True, blank=True, related_name="players"
    )
    race = models.CharField(_("race"), max_length=40, blank=True)
    ally = models.BooleanField(_("ally"), default=False)
    big_guy = models.BooleanField(_("big guy"), default=False)
    cost = models.PositiveIntegerField(_("cost"))
    profile = models.JSONField(_("characteristics"), null=True, blank=True)
    start = models.JSONField(_("characteristics at hiring"), null=True, blank=True)
    skills = models.JSONField(_("skills"), default=empty_list, blank=True)
    spp = models.PositiveIntegerField(_("experience"), default=0)
    levels_taken = models.PositiveSmallIntegerField(_("skills earned"), default=0)
    touchdowns = models.PositiveIntegerField(default=0)
    completions = models.PositiveIntegerField(default=0)
    casualties = models.PositiveIntegerField(default=0)
    interceptions = models.PositiveIntegerField(default=0)
    mvps = models.PositiveIntegerField(default=0)
    status = models.CharField(
        _("status"), max_length=8, choices=PlayerStatus.choices, default=PlayerStatus.ACTIVE
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["team", "number", "pk"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.CheckConstraint(
                condition=Q(position__isnull=False, champion__isnull=True)
                | Q(position__isnull=True, champion__isnull=False),
                name="mythril_player_position_or_champion",
            ),
            models.UniqueConstraint(
                fields=["team", "number"],
                condition=Q(status__in=["active", "injured"]),
                name="mythril_player_unique_number",
            ),
            models.UniqueConstraint(
                fields=["team", "champion"],
                condition=Q(champion__isnull=False, status__in=["active", "injured"]),
                name="mythril_champion_once_per_team",
            ),
        ]

    def __str__(self) -> str:
        return f"#{self.number} {self.name}"


class LevelUp(models.Model):
    """A skill earned at a threshold, waiting for the coach's pick among ``options``.

    ``roll`` is the 2D6 skill roll (its dice from the post-match log); ``double`` lets a big
    guy take +1 ST, +1 AV or drop a skill instead (``options["double"]``)."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="level_ups")
    fixture = models.ForeignKey(
        "matches.Fixture", on_delete=models.SET_NULL, null=True, related_name="mythril_level_ups"
    )
    level = models.PositiveSmallIntegerField(_("level"))
    roll = models.JSONField(_("skill roll"), default=empty_list)
    options = models.JSONField(_("allowed choices"), default=dict)
    choice = models.CharField(_("choice"), max_length=80, blank=True)
    chosen_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("level-up")
        verbose_name_plural = _("level-ups")
        constraints = [
            models.UniqueConstraint(fields=["player", "level"], name="mythril_level_once")
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.level}"
