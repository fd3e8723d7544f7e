"""Match day: every roll the engine threw for a fixture, and this game's view of the results
the coaches enter (proxies of the one workflow's models in ``matches``)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from matches import table_models
from matches.models import Fixture
from systems.tutatis import RULE_SYSTEM


class Action(models.TextChoices):
    """The match-day actions the engine rolls, in the order the tools show them."""

    WEATHER = "weather", _("Weather")
    KICKOFF = "kickoff", _("Kick-off checks")
    TACKLE = "tackle", _("Tackle")
    SHOT = "shot", _("Shot")
    FOUL = "foul", _("Foul")
    FALL = "fall", _("Fall")
    INJURY = "injury", _("Injury")
    TEST = "test", _("Test")


class MatchRoll(models.Model):
    """One match-day action rolled by the engine (``rules_engine.tutatis.actions``): its
    parameters, its result, its seed and every die. A Time Warp re-roll points at the roll it
    replaces; the second one stands."""

    class Side(models.TextChoices):
        HOME = "home", _("Home")
        AWAY = "away", _("Away")

    fixture = models.ForeignKey(
        Fixture, on_delete=models.CASCADE, related_name="tutatis_rolls", verbose_name=_("fixture")
    )
    action = models.CharField(_("action"), max_length=12)
    side = models.CharField(_("side"), max_length=4, choices=Side.choices)
    label = models.CharField(_("who"), max_length=200, blank=True)
    params = models.JSONField(_("parameters"))
    result = models.JSONField(_("result"))
    seed = models.BigIntegerField(_("seed"))
    rolls = models.JSONField(_("dice"))
    replaces = models.OneToOneField(
        "self", on_delete=models.CASCADE, null=True, blank=True, related_name="replaced_by"
    )
    rolled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["fixture", "pk"]
        verbose_name = _("match roll")
        verbose_name_plural = _("match rolls")

    def __str__(self) -> str:
        return f"{self.fixture} {self.action} #{self.pk}"


class ResultReport(table_models.ResultReport):
    """A Tutatis result report (the workflow's, ``matches.ResultReport``): ``payload`` is the
    engine's result (``rules_engine.tutatis.result``)."""

    objects = table_models.GameReports(RULE_SYSTEM)

    class Meta:
        proxy = True
        verbose_name = _("result report")
        verbose_name_plural = _("result reports")


class PostMatchRun(table_models.PostMatchRun):
    """A Tutatis post-match run that ran: ``log`` holds each side's badly hurt players carried
    to its next match."""

    objects = table_models.GameRunsDone(RULE_SYSTEM)

    class Meta:
        proxy = True
        verbose_name = _("post-match run")
        verbose_name_plural = _("post-match runs")
