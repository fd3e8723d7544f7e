"""Leagues, seasons and teams: what every rule system shares."""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.db.models.functions import Length, Lower
from django.db.models.lookups import LessThanOrEqual
from django.utils.translation import gettext_lazy as _

from core import registry
from core.id_urls import id_url
from core.names import NameField

MAX_DESCRIPTION = 2000
"""Characters of a league's description: a few paragraphs, not a book on the league list."""

hex_colour = RegexValidator(r"^#[0-9a-fA-F]{6}$", _("Enter a colour as #RRGGBB."))

TIEBREAKER_CHOICES = [
    ("points", _("Points")),
    ("goal_difference", _("Goal difference")),
    ("goals_for", _("Goals for")),
    ("head_to_head", _("Head-to-head")),
    ("wins", _("Wins")),
]
DEFAULT_TIEBREAKERS = ["points", "goal_difference", "goals_for", "head_to_head"]


def default_tiebreakers() -> list[str]:
    return list(DEFAULT_TIEBREAKERS)


class LeagueCompetitionFormat(models.TextChoices):
    """How a league's teams meet: a table, or a knock-out bracket (Killpower Ball 13.1, 13.2)."""

    CHAMPIONSHIP = "championship", _("Championship")
    TOURNAMENT = "tournament", _("Tournament (single elimination)")


def default_house_rules() -> dict:
    return {}


class League(models.Model):
    CompetitionFormat = LeagueCompetitionFormat

    name = NameField(_("name"), max_length=100)
    rule_system = models.CharField(
        _("rule system"),
        max_length=20,
        choices=registry.choices,
        default=registry.default_name,
        help_text=_("The game this league plays; its app registers it (core.registry)."),
    )
    commissioner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="commissioned_leagues",
        verbose_name=_("commissioner"),
    )
    description = models.TextField(_("description"), max_length=MAX_DESCRIPTION, blank=True)
    points_win = models.PositiveSmallIntegerField(
        _("points for a win"), default=3, validators=[MaxValueValidator(10)]
    )
    points_draw = models.PositiveSmallIntegerField(
        _("points for a draw"), default=1, validators=[MaxValueValidator(10)]
    )
    points_loss = models.PositiveSmallIntegerField(
        _("points for a loss"), default=0, validators=[MaxValueValidator(10)]
    )
    forfeit_score_for = models.PositiveSmallIntegerField(
        _("forfeit score of the winner"),
        default=2,
        validators=[MaxValueValidator(99)],
        help_text=_(
            "The score a fixture awarded by forfeit is recorded with, for the team awarded it."
        ),
    )
    forfeit_score_against = models.PositiveSmallIntegerField(
        _("forfeit score of the loser"),
        default=0,
        validators=[MaxValueValidator(99)],
        help_text=_("The score recorded for the team that forfeits an awarded fixture."),
    )
    tiebreakers = models.JSONField(_("tie-breakers"), default=default_tiebreakers)
    rating_tau = models.FloatField(
        _("rating volatility constant (tau)"),
        default=0.5,
        validators=[MinValueValidator(0.2), MaxValueValidator(1.2)],
        help_text=_(
            "Glicko-2's system constant for the teams' ratings: how fast a rating may swing "
            "(0.2 steady to 1.2 erratic)."
        ),
    )
    forecast_top_places = models.PositiveSmallIntegerField(
        _("forecast: top places"),
        default=4,
        validators=[MinValueValidator(1), MaxValueValidator(64)],
        help_text=_(
            "How many places at the top of the table the season forecast gives chances of."
        ),
    )
    forecast_bottom_places = models.PositiveSmallIntegerField(
        _("forecast: bottom places"),
        default=1,
        validators=[MinValueValidator(1), MaxValueValidator(64)],
        help_text=_(
            "How many places at the bottom of the table the season forecast gives chances of."
        ),
    )
    deadline_grace_hours = models.PositiveSmallIntegerField(
        _("deadline: grace period (hours)"),
        default=24,
        validators=[MaxValueValidator(720)],
        help_text=_(
            "How long after a fixture's deadline its result may still come in before the "
            "fixture is late."
        ),
    )
    deadline_reminder_hours = models.PositiveSmallIntegerField(
        _("deadline: reminder (hours before)"),
        default=48,
        validators=[MaxValueValidator(720)],
        help_text=_("Coaches are reminded this long before a deadline; 0: no reminder."),
    )
    automatic_forfeits = models.BooleanField(
        _("automatic forfeits"),
        default=False,
        help_text=_(
            "A fixture late past its grace period is awarded by the workers to the one side "
            "that entered a result or proposed a time; otherwise it waits for the commissioner."
        ),
    )
    competition_format = models.CharField(
        _("competition format"),
        max_length=12,
        choices=CompetitionFormat.choices,
        default=CompetitionFormat.CHAMPIONSHIP,
    )
    house_rules = models.JSONField(
        _("house rules"),
        default=default_house_rules,
        blank=True,
        help_text=_(
            "Killpower Ball settings as the rules engine reads them (ranking, target_table, "
            "power_cards, death_risk, xp_per_match); empty for the rules as written."
        ),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(competition_format__in=LeagueCompetitionFormat.values),
                name="league_known_competition_format",
            ),
            models.CheckConstraint(
                condition=LessThanOrEqual(Length("description"), MAX_DESCRIPTION),
                name="league_description_length",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return id_url("league:detail", self.pk)


class Season(models.Model):
    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="seasons", verbose_name=_("league")
    )
    name = NameField(_("name"), max_length=60)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(
        _("finished at"),
        null=True,
        blank=True,
        help_text=_("Set when the commissioner closes the season; a finished season is archived."),
    )
    champion = models.ForeignKey(
        "Team",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="seasons_won",
        verbose_name=_("champion"),
    )
    archive = models.JSONField(
        _("archived team state"),
        default=dict,
        blank=True,
        help_text=_(
            "What the season's game keeps as team state, frozen when the season finished "
            "(Killpower ranking points and power), so its table still reads as it ended."
        ),
    )

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("season")
        verbose_name_plural = _("seasons")
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="season_unique_name_per_league")
        ]

    def __str__(self) -> str:
        return f"{self.league} — {self.name}"


class Team(models.Model):
    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="teams", verbose_name=_("league")
    )
    name = NameField(_("name"), max_length=80)
    coach = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="coached_teams",
        verbose_name=_("coach"),
    )
    retired_at = models.DateTimeField(
        _("retired at"),
        null=True,
        blank=True,
        help_text=_("A retired team keeps its past seasons but plays no new one."),
    )
    primary_colour = models.CharField(
        _("primary colour"), max_length=7, default="#1f4e8c", validators=[hex_colour]
    )
    secondary_colour = models.CharField(
        _("secondary colour"), max_length=7, default="#f2c14e", validators=[hex_colour]
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        # the teams list, by name
        indexes = [models.Index(fields=["name", "id"], name="team_by_name")]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(
                Lower("name"),
                "league",
                name="team_unique_name_per_league",
                violation_error_message=_(
                    "Another team of this league already has this name (capitals aside)."
                ),
            )
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return id_url("league:team", self.pk)
