"""Leagues, seasons, teams, players and the Rotzball line-up and match plan."""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from rules_engine import system_names

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


class League(models.Model):
    class RuleSystem(models.TextChoices):
        ROTZBALL = "rotzball", "Rotzball"

    class CoachRule(models.TextChoices):
        TEST = "test", _("Coach test every turn")
        DIFFERENCE = "difference", _("Coach difference for the whole match")

    name = models.CharField(_("name"), max_length=100)
    rule_system = models.CharField(
        _("rule system"), max_length=20, choices=RuleSystem.choices, default=RuleSystem.ROTZBALL
    )
    commissioner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="commissioned_leagues",
        verbose_name=_("commissioner"),
    )
    description = models.TextField(_("description"), blank=True)
    coach_rule = models.CharField(
        _("coach rule"), max_length=20, choices=CoachRule.choices, default=CoachRule.TEST
    )
    points_win = models.PositiveSmallIntegerField(
        _("points for a win"), default=3, validators=[MaxValueValidator(10)]
    )
    points_draw = models.PositiveSmallIntegerField(
        _("points for a draw"), default=1, validators=[MaxValueValidator(10)]
    )
    points_loss = models.PositiveSmallIntegerField(
        _("points for a loss"), default=0, validators=[MaxValueValidator(10)]
    )
    tiebreakers = models.JSONField(_("tie-breakers"), default=default_tiebreakers)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("league")
        verbose_name_plural = _("leagues")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(rule_system__in=system_names()), name="league_known_rule_system"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("league:detail", args=[self.pk])


class Season(models.Model):
    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="seasons", verbose_name=_("league")
    )
    name = models.CharField(_("name"), max_length=60)
    created_at = models.DateTimeField(auto_now_add=True)

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
    class Tactic(models.TextChoices):
        BALANCED = "balanced", _("Balanced (offensive unless leading)")
        OFFENSIVE = "offensive", _("Offensive")
        DEFENSIVE = "defensive", _("Defensive")

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="teams", verbose_name=_("league")
    )
    name = models.CharField(_("name"), max_length=80)
    coach = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="coached_teams",
        verbose_name=_("coach"),
    )
    primary_colour = models.CharField(
        _("primary colour"), max_length=7, default="#1f4e8c", validators=[hex_colour]
    )
    secondary_colour = models.CharField(
        _("secondary colour"), max_length=7, default="#f2c14e", validators=[hex_colour]
    )
    tactic = models.CharField(
        _("match plan"), max_length=10, choices=Tactic.choices, default=Tactic.BALANCED
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="team_unique_name_per_league")
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("league:team", args=[self.pk])


def characteristic(label: str) -> models.PositiveSmallIntegerField:
    return models.PositiveSmallIntegerField(
        label, validators=[MinValueValidator(1), MaxValueValidator(100)]
    )


class Player(models.Model):
    """A Rotzball player: WFRP characteristics as percentages (1-100)."""

    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="players", verbose_name=_("team")
    )
    name = models.CharField(_("name"), max_length=80)
    endurance = characteristic(_("Endurance (E)"))
    agility = characteristic(_("Agility (Ag)"))
    strength = characteristic(_("Strength (F)"))
    intelligence = characteristic(_("Intelligence (Int)"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(fields=["team", "name"], name="player_unique_name_per_team"),
            *[
                models.CheckConstraint(
                    condition=models.Q(**{f"{field}__gte": 1, f"{field}__lte": 100}),
                    name=f"player_{field}_1_100",
                )
                for field in ("endurance", "agility", "strength", "intelligence")
            ],
        ]

    def __str__(self) -> str:
        return self.name


class LineupSlot(models.Model):
    """One position of a team's line-up. Players in no slot are reserves."""

    class Position(models.TextChoices):
        PASSER = "passer", _("Passer")
        ATTACKER_1 = "attacker_1", _("Attacker 1")
        ATTACKER_2 = "attacker_2", _("Attacker 2")
        DEFENDER_1 = "defender_1", _("Defender 1")
        DEFENDER_2 = "defender_2", _("Defender 2")
        DEFENDER_3 = "defender_3", _("Defender 3")
        COACH = "coach", _("Coach (Entraîneur)")

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="lineup_slots")
    position = models.CharField(_("position"), max_length=12, choices=Position.choices)
    player = models.ForeignKey(
        Player, on_delete=models.CASCADE, related_name="lineup_slots", verbose_name=_("player")
    )

    class Meta:
        ordering = ["team", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["team", "position"], name="lineup_one_player_per_position"
            ),
            models.UniqueConstraint(
                fields=["team", "player"], name="lineup_one_position_per_player"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team}: {self.get_position_display()} = {self.player}"


class UserProfile(models.Model):
    """Per-user preferences: the interface language."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, blank=True)

    def __str__(self) -> str:
        return f"{self.user} ({self.language or 'browser'})"
