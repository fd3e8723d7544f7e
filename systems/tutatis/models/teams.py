"""A Tutatis league's settings, a team's list, and its players (with their injuries)."""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.choice_labels import choice_display
from core.names import NameField
from league.models import League, Team
from rules_engine.tutatis import DEFAULT_BUDGET
from systems.tutatis.models.lists import ListEntry, Role, TeamList, stat_field


class LeagueRules(models.Model):
    """The budget (600 Irr in the text, raisable by agreement) and the Time Warp tokens each
    side gets per match (the text advises three or four; 0: not used)."""

    league = models.OneToOneField(
        League, on_delete=models.CASCADE, primary_key=True, related_name="tutatis_rules"
    )
    budget = models.PositiveIntegerField(
        _("budget (Irr)"), default=DEFAULT_BUDGET, validators=[MinValueValidator(1)]
    )
    time_warp_tokens = models.PositiveSmallIntegerField(
        _("Time Warp tokens per match"), default=3, validators=[MaxValueValidator(4)]
    )

    class Meta:
        verbose_name = _("Tutatis rules")
        verbose_name_plural = _("Tutatis rules")

    def __str__(self) -> str:
        return f"{self.league} ({self.budget} Irr)"


class TutatisTeam(models.Model):
    team = models.OneToOneField(
        Team, on_delete=models.CASCADE, primary_key=True, related_name="tutatis"
    )
    team_list = models.ForeignKey(
        TeamList, on_delete=models.PROTECT, related_name="teams", verbose_name=_("team list")
    )

    class Meta:
        verbose_name = _("Tutatis team")
        verbose_name_plural = _("Tutatis teams")

    def __str__(self) -> str:
        return f"{self.team} ({self.team_list})"


class Player(models.Model):
    """A hired player: the list entry's characteristics and price as they were when hired."""

    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="tutatis_players", verbose_name=_("team")
    )
    entry = models.ForeignKey(
        ListEntry, on_delete=models.SET_NULL, null=True, blank=True, related_name="hired"
    )
    name = NameField(_("name"), max_length=80)
    role = models.CharField(_("role"), max_length=12, choices=Role.choices)
    mo = stat_field(_("Mo"))
    st = stat_field(_("St"))
    ag = stat_field(_("Ag"))
    co = stat_field(_("Co"))
    bp = stat_field(_("BP"))
    abilities = models.CharField(_("abilities"), max_length=300, blank=True)
    price = models.PositiveIntegerField(_("price (Irr)"))
    on_pitch = models.BooleanField(_("on the pitch"), default=True)
    badly_hurt = models.BooleanField(
        _("badly hurt"),
        default=False,
        help_text=_("Starts the next match in the injured zone and rolls to return."),
    )

    class Meta:
        ordering = ["team", "-on_pitch", "pk"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(fields=["team", "name"], name="tutatis_player_name_per_team")
        ]

    def __str__(self) -> str:
        return self.name

    get_role_display = choice_display("role", Role)  # a role in every row of the team page
