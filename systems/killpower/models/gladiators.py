"""Killpower Ball rosters: seven gladiators a team, and each gladiator's history.

A row stores only what the rules cannot compute: who the gladiator is (name, race,
specialization), what was drawn for him (``equipment`` in the engine's JSON shape, magic armour
value or power cards included), his experience, the raises taken and how he left his last
match. Characteristics, armour, raises available, a team's power and division are always
computed by the rules engine (``systems.killpower.selectors.gladiators``), never stored.

A Killpower team has exactly seven living gladiators, numbered 1 to 7 (their place on the team
sheet); a recruit takes the number of the gladiator he replaces. The dead stay, with their
history, outside the numbering.
"""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from core.names import NameField
from league.models import Team

TEAM_SIZE = 7


class GladiatorSpecialization(models.TextChoices):
    """TABLE 11: +1 to one characteristic (the engine's ``Specialization`` values)."""

    ARCHER = "archer", _("Archer (+1 HAB)")
    DEFENDER = "defender", _("Defender (+1 VIE)")
    WARRIOR = "warrior", _("Warrior (+1 PHY)")
    MENTOR = "mentor", _("Mentor (+1 POU)")
    SHOOTER = "shooter", _("Shooter (+1 BAL)")


class GladiatorStatus(models.TextChoices):
    """How the gladiator left his last match. Only the dead are out: a badly wounded gladiator
    is back after the next basket, one in a coma at the end of the match (9.1, 9.2)."""

    FIT = "fit", _("Fit")
    BADLY_WOUNDED = "badly_wounded", _("Badly wounded")
    COMA = "coma", _("Coma")
    DEAD = "dead", _("Dead")


class EquipmentKind(models.TextChoices):
    """The one piece of magic equipment (the engine's ``EquipmentKind`` values)."""

    COMBAT_GLOVES = "combat_gloves", _("Combat gloves (+1D10 damage per hit)")
    MAGIC_ARMOUR = "magic_armour", _("Magic armour (1D5+6, drawn once)")
    POWER_CARDS = "power_cards", _("Two power cards")


LIVING = ~Q(status=GladiatorStatus.DEAD)


def default_raises() -> dict:
    return {}


class KillpowerTeam(models.Model):
    """What a Killpower Ball team keeps beyond its gladiators: its ranking points, changed by
    each post-match sequence and never below 0. A team without a row has 0."""

    team = models.OneToOneField(
        Team, on_delete=models.CASCADE, primary_key=True, related_name="killpower"
    )
    ranking_points = models.PositiveIntegerField(_("ranking points"), default=0)

    class Meta:
        verbose_name = _("Killpower team")
        verbose_name_plural = _("Killpower teams")

    def __str__(self) -> str:
        return f"{self.team}: {self.ranking_points}"


def ranking_points_of(team: Team) -> int:
    """The team's ranking points; 0 before its first post-match sequence."""
    try:
        return team.killpower.ranking_points
    except KillpowerTeam.DoesNotExist:
        return 0


class Gladiator(models.Model):
    Specialization = GladiatorSpecialization
    Status = GladiatorStatus

    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="gladiators", verbose_name=_("team")
    )
    number = models.PositiveSmallIntegerField(
        _("number"),
        validators=[MinValueValidator(1), MaxValueValidator(TEAM_SIZE)],
        help_text=_("Place on the team sheet, 1 to 7."),
    )
    name = NameField(_("name"), max_length=80)
    race = models.CharField(_("race"), max_length=20, default="human")
    specialization = models.CharField(
        _("specialization"), max_length=10, choices=GladiatorSpecialization.choices
    )
    equipment = models.JSONField(
        _("equipment"),
        help_text=_('As the engine reads it: {"kind": "magic_armour", "armour": 9}, …'),
    )
    xp = models.PositiveIntegerField(_("experience"), default=0)
    raises = models.JSONField(
        _("raises taken"), default=default_raises, blank=True, help_text=_('{"BAL": 1, …}')
    )
    status = models.CharField(
        _("status"), max_length=14, choices=GladiatorStatus.choices, default=GladiatorStatus.FIT
    )
    created_at = models.DateTimeField(auto_now_add=True)
    died_at = models.DateTimeField(_("died at"), null=True, blank=True)

    class Meta:
        ordering = ["team", "number", "pk"]
        verbose_name = _("gladiator")
        verbose_name_plural = _("gladiators")
        constraints = [
            models.CheckConstraint(
                condition=Q(number__gte=1, number__lte=TEAM_SIZE), name="gladiator_number_1_7"
            ),
            models.CheckConstraint(
                condition=Q(status__in=GladiatorStatus.values), name="gladiator_known_status"
            ),
            models.UniqueConstraint(
                fields=["team", "number"],
                condition=LIVING,
                name="gladiator_living_unique_number",
            ),
            models.UniqueConstraint(
                fields=["team", "name"], condition=LIVING, name="gladiator_living_unique_name"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def alive(self) -> bool:
        return self.status != GladiatorStatus.DEAD


class GladiatorEvent(models.Model):
    """One line of a gladiator's history, with what was rolled for it in ``detail``."""

    class Kind(models.TextChoices):
        CREATED = "created", _("Created with the team")
        RECRUITED = "recruited", _("Recruited after a match")
        PLAYED = "played", _("Played a match")
        INJURED = "injured", _("Badly wounded")
        COMA = "coma", _("Fell into a coma")
        DEATH_RISK = "death_risk", _("Death-risk roll")
        DIED = "died", _("Died")
        XP = "xp", _("Gained experience")
        RAISE = "raise", _("Raised a characteristic")
        EQUIPMENT = "equipment", _("Drew new equipment")

    gladiator = models.ForeignKey(
        Gladiator, on_delete=models.CASCADE, related_name="events", verbose_name=_("gladiator")
    )
    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices)
    fixture = models.ForeignKey(
        "matches.Fixture",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="gladiator_events",
        verbose_name=_("fixture"),
    )
    detail = models.JSONField(_("detail"), default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("gladiator event")
        verbose_name_plural = _("gladiator events")

    def __str__(self) -> str:
        return f"{self.gladiator}: {self.get_kind_display()}"
