"""Deadlines of results played at the table: one per round of a season (a fixture may have
its own, an extension: ``Fixture.deadline``), and the kick-off times the coaches of a fixture
propose to each other."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models import Season


class RoundDeadline(models.Model):
    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="round_deadlines", verbose_name=_("season")
    )
    round = models.PositiveSmallIntegerField(_("round"))
    due_at = models.DateTimeField(_("results due by"))

    class Meta:
        ordering = ["season", "round"]
        verbose_name = _("round deadline")
        verbose_name_plural = _("round deadlines")
        constraints = [
            models.UniqueConstraint(fields=["season", "round"], name="round_deadline_once")
        ]

    def __str__(self) -> str:
        return f"{self.season_id} R{self.round}: {self.due_at:%Y-%m-%d %H:%M}"


class KickoffProposal(models.Model):
    """A time one coach of a fixture proposes; the other side's coach accepting it makes it
    the kick-off."""

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        ACCEPTED = "accepted", _("Accepted")
        WITHDRAWN = "withdrawn", _("Withdrawn")
        SUPERSEDED = "superseded", _("Superseded")

    fixture = models.ForeignKey(
        "matches.Fixture", on_delete=models.CASCADE, related_name="kickoff_proposals"
    )
    side = models.CharField(
        _("side"), max_length=4, choices=[("home", _("Home")), ("away", _("Away"))]
    )
    proposed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    at = models.DateTimeField(_("proposed kick-off"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.OPEN
    )
    created_at = models.DateTimeField(auto_now_add=True)
    answered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["fixture", "at", "pk"]
        verbose_name = _("proposed kick-off")
        verbose_name_plural = _("proposed kick-offs")
        indexes = [models.Index(fields=["fixture", "status"], name="kickoff_proposal_open")]

    def __str__(self) -> str:
        return f"{self.fixture_id} {self.side} {self.at:%Y-%m-%d %H:%M} ({self.status})"
