"""Rotzball rosters: players with WFRP characteristics, the seven-position line-up and the
team's match plan; and a Rotzball league's own rules (the coach rule)."""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.names import NameField
from league.models import League, Team


def characteristic(label: str) -> models.PositiveSmallIntegerField:
    return models.PositiveSmallIntegerField(
        label, validators=[MinValueValidator(1), MaxValueValidator(100)]
    )


class Player(models.Model):
    """A Rotzball player: WFRP characteristics as percentages (1-100)."""

    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="players", verbose_name=_("team")
    )
    name = NameField(_("name"), max_length=80)
    endurance = characteristic(_("Endurance (E)"))
    agility = characteristic(_("Agility (Ag)"))
    strength = characteristic(_("Strength (F)"))
    intelligence = characteristic(_("Intelligence (Int)"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        # the players list, by name
        indexes = [models.Index(fields=["name", "id"], name="player_by_name")]
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
        # The position's own label, as get_position_display() shows it: that builds and
        # hashes every label of the field for each slot (a slot's history entry reads it).
        try:
            position = self.Position(self.position).label
        except ValueError:  # not a position: shown as it is, as get_position_display() does
            position = self.position
        return f"{self.team}: {position} = {self.player}"


class Tactic(models.TextChoices):
    BALANCED = "balanced", _("Balanced (offensive unless leading)")
    OFFENSIVE = "offensive", _("Offensive")
    DEFENSIVE = "defensive", _("Defensive")


class MatchPlan(models.Model):
    """A team's match plan: the tactic its initiative team takes each turn. A team without one
    plays balanced."""

    team = models.OneToOneField(
        Team, on_delete=models.CASCADE, primary_key=True, related_name="match_plan"
    )
    tactic = models.CharField(
        _("match plan"), max_length=10, choices=Tactic.choices, default=Tactic.BALANCED
    )

    class Meta:
        verbose_name = _("match plan")
        verbose_name_plural = _("match plans")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(tactic__in=Tactic.values), name="match_plan_known_tactic"
            )
        ]

    def __str__(self) -> str:
        return f"{self.team}: {self.get_tactic_display()}"


class CoachRule(models.TextChoices):
    TEST = "test", _("Coach test every turn")
    DIFFERENCE = "difference", _("Coach difference for the whole match")


class LeagueRules(models.Model):
    """A Rotzball league's own rules. A league without a row plays the rules as written."""

    league = models.OneToOneField(
        League, on_delete=models.CASCADE, primary_key=True, related_name="rotzball_rules"
    )
    coach_rule = models.CharField(
        _("coach rule"), max_length=20, choices=CoachRule.choices, default=CoachRule.TEST
    )

    class Meta:
        verbose_name = _("Rotzball rules")
        verbose_name_plural = _("Rotzball rules")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(coach_rule__in=CoachRule.values),
                name="rotzball_known_coach_rule",
            )
        ]

    def __str__(self) -> str:
        return f"{self.league}: {self.get_coach_rule_display()}"
