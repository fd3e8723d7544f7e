"""Results of matches played at the table: the reports coaches enter, and the post-match
sequence run once per fixture."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from matches.models import Fixture


class ResultReport(models.Model):
    """A result entered for a match played at the table, waiting for the other side's word.

    ``payload`` is the engine's match report (``rules_engine.killpower.report``) as validated,
    with each side's ``badly_wounded`` list beside it; ``decisions`` holds each coach's choices
    for the post-match sequence (``{"home": {"redraw": {...}}, "away": ...}``) and
    ``free_throws`` the shooters and distances for a tournament draw. At most one report per
    fixture is pending or disputed; a new one supersedes it.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for confirmation")
        CONFIRMED = "confirmed", _("Confirmed")
        DISPUTED = "disputed", _("Disputed: waiting for the commissioner")
        SUPERSEDED = "superseded", _("Superseded")
        DECIDED = "decided", _("Decided by the commissioner")

    OPEN = (Status.PENDING, Status.DISPUTED)

    fixture = models.ForeignKey(
        Fixture, on_delete=models.CASCADE, related_name="reports", verbose_name=_("fixture")
    )
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="submitted_reports",
        verbose_name=_("submitted by"),
    )
    payload = models.JSONField(_("match report"))
    decisions = models.JSONField(_("post-match decisions"), default=dict, blank=True)
    free_throws = models.JSONField(_("free-throw choices"), null=True, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="reviewed_reports",
        verbose_name=_("reviewed by"),
    )
    disputed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="disputed_reports",
        verbose_name=_("disputed by"),
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
                name="report_one_open_per_fixture",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.fixture} ({self.get_status_display()})"


class PostMatchRun(models.Model):
    """The post-match sequence of a played fixture, run once: its existence witnesses it.

    ``log`` is the engine's account per side (``{"home": {"outcome", "log", "team"}, ...}``),
    ``rolls`` every roll in order; the same seed and report replay it.
    """

    fixture = models.OneToOneField(
        Fixture, on_delete=models.CASCADE, related_name="post_match", verbose_name=_("fixture")
    )
    seed = models.BigIntegerField(_("seed"))
    log = models.JSONField(_("sequence log"))
    rolls = models.JSONField(_("roll log"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("post-match sequence")
        verbose_name_plural = _("post-match sequences")

    def __str__(self) -> str:
        return f"{self.fixture}: post-match"
