"""Results of matches played at the table, for every game that plays so: the reports the
coaches enter and the post-match sequence a worker runs once per fixture.

The game's own part of a report (``payload``) is a ``core.documents`` document of the kind the
game declares (``matches.plugins.TableResults.document``); everything else (who reported,
confirmed, disputed and why, decided; the statuses; the one open report per fixture; the
post-match run's claim and its attempts) is the same for every game, so it lives here once.
A game may keep a proxy of these models (no table) for its own words and querysets.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class ResultReport(models.Model):
    """A result entered for a match played at the table, waiting for the other side's word.

    ``decisions`` holds each side's choices for the post-match sequence
    (``{"home": {...}, "away": {...}}``) and ``options`` what the game needs settled before it
    records (Killpower: a tournament draw's free-throw shooters). At most one report per
    fixture is pending or disputed; a new one supersedes it.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for confirmation")
        CONFIRMED = "confirmed", _("Confirmed")
        DISPUTED = "disputed", _("Disputed: waiting for the commissioner")
        SUPERSEDED = "superseded", _("Superseded")
        DECIDED = "decided", _("Decided by the commissioner")

    OPEN = (Status.PENDING, Status.DISPUTED)
    MAX_TEXT = 500

    fixture = models.ForeignKey(
        "matches.Fixture",
        on_delete=models.CASCADE,
        related_name="reports",
        verbose_name=_("fixture"),
    )
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("submitted by"),
    )
    payload = models.JSONField(_("match report"))
    decisions = models.JSONField(_("post-match decisions"), default=dict, blank=True)
    options = models.JSONField(_("choices before recording"), null=True, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("reviewed by"),
    )
    disputed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("disputed by"),
    )
    dispute_reason = models.CharField(_("why it is disputed"), max_length=MAX_TEXT, blank=True)
    note = models.CharField(_("commissioner's note"), max_length=MAX_TEXT, blank=True)
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
                name="table_report_one_open_per_fixture",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.fixture} ({self.get_status_display()})"


class PostMatchRun(models.Model):
    """The post-match sequence of a played fixture: written ``pending`` with the result,
    claimed once by a conditional UPDATE (pending -> done) in the transaction that applies it,
    so a task sent twice runs it once. The sweep re-sends a pending run at most
    ``SWEEPER_MAX_ATTEMPTS`` times (``attempts``), then marks it ``failed``.

    ``seed`` is drawn by the engine's dice and kept, with every roll (``rolls``) and the
    game's account (``log``): the same seed and report replay it.
    """

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for a worker")
        DONE = "done", _("Done")
        FAILED = "failed", _("Given up after too many attempts")

    fixture = models.OneToOneField(
        "matches.Fixture",
        on_delete=models.CASCADE,
        related_name="post_match",
        verbose_name=_("fixture"),
    )
    status = models.CharField(
        _("status"), max_length=8, choices=Status.choices, default=Status.PENDING
    )
    attempts = models.PositiveSmallIntegerField(_("attempts"), default=0)
    seed = models.BigIntegerField(_("seed"), null=True, blank=True)
    log = models.JSONField(_("sequence log"), default=dict, blank=True)
    rolls = models.JSONField(_("roll log"), default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    done_at = models.DateTimeField(_("done at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("post-match sequence")
        verbose_name_plural = _("post-match sequences")
        indexes = [
            models.Index(
                fields=["created_at"],
                condition=Q(status="pending"),
                name="post_match_pending_idx",
            )
        ]

    def __str__(self) -> str:
        return f"{self.fixture}: post-match ({self.status})"


class GameReports(models.Manager[ResultReport]):
    """The default manager of a game's proxy of :class:`ResultReport`: its own rows only."""

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game

    def get_queryset(self) -> models.QuerySet[ResultReport]:
        return super().get_queryset().filter(fixture__season__league__rule_system=self.game)


class GameRunsDone(models.Manager[PostMatchRun]):
    """The default manager of a game's proxy of :class:`PostMatchRun`: its own runs that ran
    (a run that exists for the game has run; pending ones are the workflow's business)."""

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game

    def get_queryset(self) -> models.QuerySet[PostMatchRun]:
        return (
            super()
            .get_queryset()
            .filter(
                fixture__season__league__rule_system=self.game,
                status=PostMatchRun.Status.DONE,
            )
        )


class GameRuns(models.Manager[PostMatchRun]):
    """The default manager of a game's proxy of :class:`PostMatchRun` that shows its pending
    runs too: its own rows only."""

    def __init__(self, game: str) -> None:
        super().__init__()
        self.game = game

    def get_queryset(self) -> models.QuerySet[PostMatchRun]:
        return super().get_queryset().filter(fixture__season__league__rule_system=self.game)
