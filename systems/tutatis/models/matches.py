"""Match day: every roll the engine threw for a fixture, and the results the coaches enter."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from matches.models import Fixture


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


class ResultReport(models.Model):
    """A result entered by a coach or the commissioner, waiting for the other side's word.
    ``payload`` is the engine's result (``rules_engine.tutatis.result``)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for confirmation")
        CONFIRMED = "confirmed", _("Confirmed")
        DISPUTED = "disputed", _("Disputed: waiting for the commissioner")
        SUPERSEDED = "superseded", _("Superseded")
        DECIDED = "decided", _("Decided by the commissioner")

    OPEN = (Status.PENDING, Status.DISPUTED)

    fixture = models.ForeignKey(
        Fixture,
        on_delete=models.CASCADE,
        related_name="tutatis_reports",
        verbose_name=_("fixture"),
    )
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    payload = models.JSONField(_("result"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    dispute_reason = models.CharField(_("why it is disputed"), max_length=500, blank=True)
    note = models.CharField(_("commissioner's note"), max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    reviewed_at = models.DateTimeField(_("reviewed at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("result report")
        verbose_name_plural = _("result reports")
        constraints = [
            models.UniqueConstraint(
                fields=["fixture"],
                condition=Q(status__in=["pending", "disputed"]),
                name="tutatis_report_one_open_per_fixture",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.fixture} ({self.get_status_display()})"


class PostMatchRun(models.Model):
    """The post-match sequence of a played fixture, run once by a worker: its existence
    witnesses it. ``log`` holds each side's badly hurt players carried to its next match."""

    fixture = models.OneToOneField(
        Fixture,
        on_delete=models.CASCADE,
        related_name="tutatis_post_match",
        verbose_name=_("fixture"),
    )
    log = models.JSONField(_("injuries carried over"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("post-match run")
        verbose_name_plural = _("post-match runs")

    def __str__(self) -> str:
        return f"{self.fixture} (post-match)"
