"""Fixtures, their results (the database witness of a resolution) and simulation batches.

What a rule system keeps beside them (result reports, post-match runs, tournaments) lives in
its own app under ``systems/``."""

from datetime import UTC, datetime

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from core import registry
from core.choice_labels import choice_display
from core.id_urls import id_url
from league.models import Season, Team

MAX_ROUND = 999
MAX_SCORE = 999
"""Far above what any game plays, and inside the columns (small integers)."""
KICKOFF_FIRST = datetime(2000, 1, 1, tzinfo=UTC)
KICKOFF_END = datetime(2100, 1, 1, tzinfo=UTC)
"""Kick-offs from 2000 to 2099: a date outside is a typing slip, never a match."""


def kickoff_in_range(value: datetime) -> None:
    if not KICKOFF_FIRST <= value < KICKOFF_END:
        raise ValidationError(
            _("Give a kick-off between the years %(first)s and %(last)s."),
            params={"first": KICKOFF_FIRST.year, "last": KICKOFF_END.year - 1},
            code="kickoff_range",
        )


class Fixture(models.Model):
    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("Scheduled")
        LOCKED = "locked", _("Kicked off")
        PLAYED = "played", _("Played")
        CANCELLED = "cancelled", _("Cancelled")

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="fixtures", verbose_name=_("season")
    )
    round = models.PositiveSmallIntegerField(
        _("round"), validators=[MinValueValidator(1), MaxValueValidator(MAX_ROUND)]
    )
    home = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="home_fixtures", verbose_name=_("home")
    )
    away = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="away_fixtures", verbose_name=_("away")
    )
    kickoff = models.DateTimeField(_("kick-off"), validators=[kickoff_in_range])
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.SCHEDULED
    )
    locked_at = models.DateTimeField(_("locked at"), null=True, blank=True)
    home_sheet = models.JSONField(_("home line-up at kick-off"), null=True, blank=True)
    away_sheet = models.JSONField(_("away line-up at kick-off"), null=True, blank=True)
    options = models.JSONField(_("rule options at kick-off"), null=True, blank=True)
    problem = models.CharField(_("problem"), max_length=300, blank=True)
    sweep_attempts = models.PositiveSmallIntegerField(
        _("times the sweeper re-sent it"),
        default=0,
        help_text=_("After SWEEPER_MAX_ATTEMPTS the sweeper stops and records the problem."),
    )
    deadline = models.DateTimeField(
        _("deadline"),
        null=True,
        blank=True,
        help_text=_("This fixture's own deadline for its result (an extension), over its round's."),
    )
    reminded_at = models.DateTimeField(_("coaches reminded at"), null=True, blank=True)
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
            models.CheckConstraint(
                condition=Q(round__gte=1, round__lte=MAX_ROUND), name="fixture_round_range"
            ),
            models.CheckConstraint(
                condition=Q(kickoff__gte=KICKOFF_FIRST, kickoff__lt=KICKOFF_END),
                name="fixture_kickoff_range",
            ),
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
        indexes = [
            models.Index(fields=["status", "kickoff"], name="fixture_status_kickoff"),
            # a season's fixtures of one status by kick-off (the API's ?season=&status=)
            models.Index(
                fields=["season", "status", "kickoff"], name="fixture_season_status_kickoff"
            ),
        ]

    def __str__(self) -> str:
        return _("R%(round)s: %(home)s – %(away)s") % {
            "round": self.round,
            "home": self.home,
            "away": self.away,
        }

    def get_absolute_url(self) -> str:
        return fixture_url(self.pk)

    get_status_display = choice_display("status", Status)  # a status in every fixture row


class Result(models.Model):
    """A played fixture's result. One per fixture: its existence witnesses the resolution."""

    class Winner(models.TextChoices):
        HOME = "home", _("Home")
        AWAY = "away", _("Away")
        DRAW = "draw", _("Draw")

    fixture = models.OneToOneField(
        Fixture, on_delete=models.CASCADE, related_name="result", verbose_name=_("fixture")
    )
    home_score = models.PositiveSmallIntegerField(
        _("home score"), validators=[MaxValueValidator(MAX_SCORE)]
    )
    away_score = models.PositiveSmallIntegerField(
        _("away score"), validators=[MaxValueValidator(MAX_SCORE)]
    )
    winner = models.CharField(_("winner"), max_length=4, choices=Winner.choices)
    decided_by = models.CharField(
        _("decided by"),
        max_length=12,
        choices=registry.decided_by_choices,
        help_text=_("How the match was decided, in its game's words (core.registry)."),
    )
    seed = models.BigIntegerField(_("seed"))
    record = models.JSONField(_("turn and roll log"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("result")
        verbose_name_plural = _("results")
        # the results list, newest first: a page without sorting every result
        indexes = [models.Index(fields=["-created_at", "-id"], name="result_newest")]
        constraints = [
            models.CheckConstraint(
                condition=Q(home_score__lte=MAX_SCORE, away_score__lte=MAX_SCORE),
                name="result_score_range",
            )
        ]

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


class ResultCorrection(models.Model):
    """A commissioner's change to a fixture's result after the fact, with its reason: a
    correction (the result before and after), a void (the result removed, the fixture to be
    replayed) or an award (a forfeit given instead of playing). The fixture's history of them.

    ``flags`` lists what the game could not undo (its post-match sequence ran on the old
    result): English messages, translated when shown (the games mark them for translation)."""

    class Kind(models.TextChoices):
        CORRECTED = "corrected", _("Result corrected")
        VOIDED = "voided", _("Result voided")
        AWARDED = "awarded", _("Fixture awarded")

    fixture = models.ForeignKey(
        Fixture, on_delete=models.CASCADE, related_name="corrections", verbose_name=_("fixture")
    )
    result = models.ForeignKey(
        Result,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="corrections",
        verbose_name=_("result"),
        help_text=_("The result as it stands after the change; empty once voided."),
    )
    kind = models.CharField(_("kind"), max_length=9, choices=Kind.choices)
    reason = models.CharField(_("reason"), max_length=500)
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="+",
        verbose_name=_("by"),
    )
    created_at = models.DateTimeField(_("when"), auto_now_add=True)
    before = models.JSONField(
        _("before"), null=True, blank=True, help_text=_("Scores, winner and how it was decided.")
    )
    after = models.JSONField(_("after"), null=True, blank=True)
    flags = models.JSONField(_("to review"), default=list, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("result correction")
        verbose_name_plural = _("result corrections")

    def __str__(self) -> str:
        return f"{self.fixture}: {self.get_kind_display()}"


class Standing(models.Model):
    """A team's record in a season, kept with the results (``matches.standings_keeping``):
    counted again from the results, under this row's lock, in the transaction of every write
    that adds, changes or removes one of the team's results in the season. The generic table,
    the all-time table and the games' own tables read these rows instead of the results.

    Only counts are kept: points and tie-breakers come from the league's settings when read,
    so changing them changes no row. ``extra`` holds what the league's game counts besides
    (``matches.plugins.standings``: Killpower's abandons, Mythril's table without trophy matches).
    """

    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="standings", verbose_name=_("season")
    )
    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="standings", verbose_name=_("team")
    )
    played = models.PositiveIntegerField(_("played"), default=0)
    wins = models.PositiveIntegerField(_("wins"), default=0)
    draws = models.PositiveIntegerField(_("draws"), default=0)
    losses = models.PositiveIntegerField(_("losses"), default=0)
    goals_for = models.PositiveIntegerField(_("scored"), default=0)
    goals_against = models.PositiveIntegerField(_("conceded"), default=0)
    extra = models.JSONField(_("the game's own counts"), default=dict, blank=True)

    class Meta:
        verbose_name = _("standing")
        verbose_name_plural = _("standings")
        constraints = [
            models.UniqueConstraint(fields=["season", "team"], name="standing_once_per_team"),
            models.CheckConstraint(
                condition=Q(played=F("wins") + F("draws") + F("losses")),
                name="standing_played_adds_up",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.season_id}/{self.team_id}: {self.played}"


def fixture_url(fixture_id: int) -> str:
    """A fixture's page, ``reverse("matches:fixture", args=[fixture_id])`` at the cost of a
    string replace (a chunk's history entries and events need one each)."""
    return id_url("matches:fixture", fixture_id)


from matches.deadline_models import KickoffProposal, RoundDeadline  # noqa: E402
from matches.table_models import PostMatchRun, ResultReport  # noqa: E402  (the app's models)

__all__ = [
    "Fixture",
    "KickoffProposal",
    "PostMatchRun",
    "Result",
    "ResultCorrection",
    "ResultReport",
    "RoundDeadline",
    "SimulationBatch",
    "Standing",
]
