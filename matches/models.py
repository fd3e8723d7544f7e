"""Fixtures, their results (the database witness of a resolution) and simulation batches;
for matches played at the table (Killpower Ball), the result reports coaches enter, the
post-match sequence run once per fixture, and tournament seeds."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from league.models import Season, Team


class Fixture(models.Model):
    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("Scheduled")
        LOCKED = "locked", _("Kicked off")
        PLAYED = "played", _("Played")
        CANCELLED = "cancelled", _("Cancelled")

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="fixtures", verbose_name=_("season")
    )
    round = models.PositiveSmallIntegerField(_("round"))
    home = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="home_fixtures", verbose_name=_("home")
    )
    away = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="away_fixtures", verbose_name=_("away")
    )
    kickoff = models.DateTimeField(_("kick-off"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.SCHEDULED
    )
    locked_at = models.DateTimeField(_("locked at"), null=True, blank=True)
    home_sheet = models.JSONField(_("home line-up at kick-off"), null=True, blank=True)
    away_sheet = models.JSONField(_("away line-up at kick-off"), null=True, blank=True)
    options = models.JSONField(_("rule options at kick-off"), null=True, blank=True)
    problem = models.CharField(_("problem"), max_length=300, blank=True)
    bracket_position = models.CharField(
        _("bracket position"),
        max_length=12,
        blank=True,
        default="",
        help_text=_("Tournament fixtures: the bracket match it plays, such as “R1M2”."),
    )

    class Meta:
        ordering = ["season", "round", "kickoff", "pk"]
        verbose_name = _("fixture")
        verbose_name_plural = _("fixtures")
        constraints = [
            models.CheckConstraint(condition=~Q(home=F("away")), name="fixture_distinct_teams"),
            models.UniqueConstraint(
                fields=["season", "round", "home"], name="fixture_home_once_per_round"
            ),
            models.UniqueConstraint(
                fields=["season", "round", "away"], name="fixture_away_once_per_round"
            ),
            models.UniqueConstraint(
                fields=["season", "bracket_position"],
                condition=~Q(bracket_position=""),
                name="fixture_one_per_bracket_position",
            ),
        ]
        indexes = [models.Index(fields=["status", "kickoff"], name="fixture_status_kickoff")]

    def __str__(self) -> str:
        return _("R%(round)s: %(home)s – %(away)s") % {
            "round": self.round,
            "home": self.home,
            "away": self.away,
        }

    def get_absolute_url(self) -> str:
        return reverse("matches:fixture", args=[self.pk])


class Result(models.Model):
    """A played fixture's result. One per fixture: its existence witnesses the resolution."""

    class DecidedBy(models.TextChoices):
        REGULATION = "regulation", _("Regulation time")
        EXTRA_TIME = "extra_time", _("Extra time")
        POSSESSION = "possession", _("Possession judgement")
        POINTS = "points", _("Points to score after 20 turns")
        ELIMINATION = "elimination", _("Elimination")
        ABANDON = "abandon", _("Abandon")
        FREE_THROWS = "free_throws", _("Free throws")

    class Winner(models.TextChoices):
        HOME = "home", _("Home")
        AWAY = "away", _("Away")
        DRAW = "draw", _("Draw")

    fixture = models.OneToOneField(
        Fixture, on_delete=models.CASCADE, related_name="result", verbose_name=_("fixture")
    )
    home_score = models.PositiveSmallIntegerField(_("home score"))
    away_score = models.PositiveSmallIntegerField(_("away score"))
    winner = models.CharField(_("winner"), max_length=4, choices=Winner.choices)
    decided_by = models.CharField(_("decided by"), max_length=12, choices=DecidedBy.choices)
    seed = models.BigIntegerField(_("seed"))
    record = models.JSONField(_("turn and roll log"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("result")
        verbose_name_plural = _("results")

    def __str__(self) -> str:
        return f"{self.fixture}: {self.home_score}-{self.away_score}"


class SimulationBatch(models.Model):
    """A commissioner's request to simulate some fixtures; its progress is read from them."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="simulation_batches")
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True)
    label = models.CharField(max_length=80)
    fixtures = models.ManyToManyField(Fixture, related_name="batches")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return self.label


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


class Tournament(models.Model):
    """A season played as a single-elimination bracket; its seeds are its entries.

    The bracket itself is the engine's (``rules_engine.killpower.bracket``), rebuilt from the
    seeds and the results; each bracket match played is a fixture with ``bracket_position``.
    Round ``r`` kicks off at ``first_kickoff + (r - 1) * round_interval``.
    """

    season = models.OneToOneField(
        Season, on_delete=models.CASCADE, related_name="tournament", verbose_name=_("season")
    )
    first_kickoff = models.DateTimeField(_("kick-off of round 1"))
    round_interval = models.DurationField(_("time between rounds"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")

    def __str__(self) -> str:
        return str(self.season)


class TournamentEntry(models.Model):
    """A team's seed in a tournament (seed 1 is the top seed)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entries", verbose_name=_("tournament")
    )
    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="tournament_entries", verbose_name=_("team")
    )
    seed = models.PositiveSmallIntegerField(_("seed"))

    class Meta:
        ordering = ["tournament", "seed"]
        verbose_name = _("tournament entry")
        verbose_name_plural = _("tournament entries")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "seed"], name="tournament_unique_seed"),
            models.UniqueConstraint(fields=["tournament", "team"], name="tournament_team_once"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament}: {self.seed}. {self.team}"
