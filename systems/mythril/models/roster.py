"""Roster data of a Mythril league: the team lists with their positions, the champions, the
skills and their categories, the pitch types and the experience table.

The Blood Bowl rulebook is not among the rule texts, so these are data each league keeps: a new
Mythril league gets a copy of the engine's sample data (``sample=True``), which the
commissioner edits or replaces by importing a JSON or YAML file (:mod:`systems.mythril.services.roster_import`).
"""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from core.names import NameField
from league.models import League


def empty_list() -> list:
    return []


class Skill(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="mythril_skills")
    name = NameField(_("name"), max_length=60)
    category = models.CharField(_("category"), max_length=20)
    sample = models.BooleanField(_("sample data"), default=False)

    class Meta:
        ordering = ["category", "name"]
        verbose_name = _("skill")
        verbose_name_plural = _("skills")
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="mythril_skill_unique_name")
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.category})"


class PitchType(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="mythril_pitches")
    name = NameField(_("name"), max_length=40)
    cost = models.PositiveIntegerField(_("cost"), default=10_000)
    effect = models.CharField(_("effect"), max_length=200, blank=True)
    sample = models.BooleanField(_("sample data"), default=False)

    class Meta:
        ordering = ["cost", "name"]
        verbose_name = _("pitch type")
        verbose_name_plural = _("pitch types")
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="mythril_pitch_unique_name")
        ]

    def __str__(self) -> str:
        return self.name


class ExperienceTable(models.Model):
    """The league's experience table as the engine reads it (``ExperienceTable``): standard
    thresholds, the big guys' (11, 21, 51, 101: the text), points per action."""

    league = models.OneToOneField(
        League, on_delete=models.CASCADE, primary_key=True, related_name="mythril_experience"
    )
    table = models.JSONField(_("experience table"), default=dict)
    sample = models.BooleanField(_("sample data"), default=False)

    class Meta:
        verbose_name = _("experience table")
        verbose_name_plural = _("experience tables")

    def __str__(self) -> str:
        return str(self.league)


class TeamList(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="mythril_lists")
    race = models.CharField(_("race"), max_length=40)
    name = NameField(_("name"), max_length=60)
    allies = models.JSONField(_("allied races"), default=empty_list, blank=True)
    reroll_cost = models.PositiveIntegerField(_("team re-roll cost"), default=0)
    apothecary = models.BooleanField(_("may hire an apothecary"), default=True)
    sample = models.BooleanField(_("sample data"), default=False)

    class Meta:
        ordering = ["name"]
        verbose_name = _("team list")
        verbose_name_plural = _("team lists")
        constraints = [
            models.UniqueConstraint(fields=["league", "race"], name="mythril_list_unique_race")
        ]

    def __str__(self) -> str:
        return self.name


class Profiled(models.Model):
    """What a player is hired as (a position or a champion): name, cost, skills, big guy, and a
    profile (movement, strength, agility, armour), empty when the data gives none."""

    name = NameField(_("name"), max_length=60)
    cost = models.PositiveIntegerField(_("cost"))
    big_guy = models.BooleanField(_("big guy"), default=False)
    skills = models.JSONField(_("skills"), default=empty_list, blank=True)
    ma = models.PositiveSmallIntegerField("MA", null=True, blank=True)
    st = models.PositiveSmallIntegerField("ST", null=True, blank=True)
    ag = models.PositiveSmallIntegerField("AG", null=True, blank=True)
    av = models.PositiveSmallIntegerField("AV", null=True, blank=True)

    class Meta:
        abstract = True


class Position(Profiled):
    team_list = models.ForeignKey(TeamList, on_delete=models.CASCADE, related_name="positions")
    max_count = models.PositiveSmallIntegerField(_("maximum"))
    ally_limit = models.PositiveSmallIntegerField(_("maximum as allies"), default=0)
    normal = models.JSONField(_("skill categories"), default=empty_list, blank=True)
    double = models.JSONField(_("categories on a double"), default=empty_list, blank=True)

    class Meta:
        ordering = ["team_list", "cost", "name"]
        verbose_name = _("position")
        verbose_name_plural = _("positions")
        constraints = [
            models.UniqueConstraint(
                fields=["team_list", "name"], name="mythril_position_unique_name"
            ),
            models.CheckConstraint(
                condition=Q(ma__lte=10, st__lte=10, ag__lte=10, av__lte=10),
                name="mythril_position_stats_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team_list.race}: {self.name}"


class Champion(Profiled):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="mythril_champions")
    races = models.JSONField(_("plays for"), default=empty_list)
    sample = models.BooleanField(_("sample data"), default=False)

    class Meta:
        ordering = ["name"]
        verbose_name = _("champion")
        verbose_name_plural = _("champions")
        constraints = [
            models.UniqueConstraint(fields=["league", "name"], name="mythril_champion_unique_name")
        ]

    def __str__(self) -> str:
        return self.name
