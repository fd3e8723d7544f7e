"""Glicko-2 ratings (``rules_engine.ratings``), stored after each rating period.

A team is rated within its league, one period per round of a season. A coach is rated per game
and across every game, one period per ISO calendar week. Each row is the rating at the end of
its period; a period in which nobody of the pool played leaves no row, and the latest row is
the current rating. Every row follows from the confirmed results alone, so the whole table can
be rebuilt from them (``manage.py ratings_rebuild``).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from league.models import League, Season, Team


class RatingColumns(models.Model):
    rating = models.FloatField(_("rating"))
    rd = models.FloatField(_("deviation"))
    volatility = models.FloatField(_("volatility"))
    games = models.PositiveIntegerField(
        _("games"), default=0, help_text=_("Rated games up to the end of this period.")
    )

    class Meta:
        abstract = True


class TeamRating(RatingColumns):
    """A team's rating in its league at the end of a round (its rating period)."""

    team = models.ForeignKey(
        Team, on_delete=models.CASCADE, related_name="ratings", verbose_name=_("team")
    )
    season = models.ForeignKey(
        Season, on_delete=models.CASCADE, related_name="team_ratings", verbose_name=_("season")
    )
    round = models.PositiveSmallIntegerField(_("round"))
    tau = models.FloatField(
        _("tau"), help_text=_("The league's system constant the row was rated with.")
    )

    class Meta:
        ordering = ["season_id", "round", "team_id"]
        verbose_name = _("team rating")
        verbose_name_plural = _("team ratings")
        constraints = [
            models.UniqueConstraint(
                fields=["team", "season", "round"], name="team_rating_one_per_period"
            ),
            models.CheckConstraint(condition=Q(rd__gt=0), name="team_rating_rd_positive"),
        ]
        indexes = [models.Index(fields=["season", "round"], name="team_rating_period")]

    def __str__(self) -> str:
        return f"{self.team} R{self.round}: {self.rating:.0f} ± {self.rd:.0f}"


class CoachRating(RatingColumns):
    """A coach's rating at the end of an ISO week: in one game, or across every game
    (``game`` empty)."""

    EVERY_GAME = ""

    coach = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="ratings",
        verbose_name=_("coach"),
    )
    game = models.CharField(_("game"), max_length=20, blank=True)
    week = models.DateField(_("week"), help_text=_("The Monday of the ISO week rated."))

    class Meta:
        ordering = ["week", "coach_id", "game"]
        verbose_name = _("coach rating")
        verbose_name_plural = _("coach ratings")
        constraints = [
            models.UniqueConstraint(
                fields=["coach", "game", "week"], name="coach_rating_one_per_period"
            ),
            models.CheckConstraint(condition=Q(rd__gt=0), name="coach_rating_rd_positive"),
        ]
        indexes = [models.Index(fields=["game", "week"], name="coach_rating_period")]

    def __str__(self) -> str:
        return f"{self.coach} {self.game or '*'} {self.week}: {self.rating:.0f} ± {self.rd:.0f}"


class DrawFit(models.Model):
    """The draw model (``rules_engine.ratings.draws.DrawModel``) fitted on past results: a
    league's own, or its game's across every league (``league`` empty), which a league with
    too few results of its own uses (``ratings.draw_fits``)."""

    game = models.CharField(_("game"), max_length=20)
    league = models.OneToOneField(
        League,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="draw_fit",
        verbose_name=_("league"),
    )
    intercept = models.FloatField(_("intercept"))
    slope = models.FloatField(_("slope"), help_text=_("Per 100 rating points of gap."))
    fixtures = models.PositiveIntegerField(_("fixtures used"))
    fitted_at = models.DateTimeField(_("fitted at"), auto_now=True)

    class Meta:
        ordering = ["game", "league_id"]
        verbose_name = _("draw fit")
        verbose_name_plural = _("draw fits")
        constraints = [
            models.UniqueConstraint(
                fields=["game"], condition=Q(league=None), name="draw_fit_one_per_game"
            )
        ]

    def __str__(self) -> str:
        where = self.league_id or "*"
        return f"{self.game} {where}: {self.intercept:+.3f} {self.slope:+.3f}"


class RatedUpTo(models.Model):
    """What a league's stored team ratings were rated from: how many results and result
    changes (corrections, voids, awards) its fixtures had when the rows were last written. A
    league whose counts moved on and stayed so past the sweeper's grace period lost a rating
    message (a worker killed, the broker down at the commit): the sweeper rates it again
    (``ratings.services.catch_up``)."""

    league = models.OneToOneField(
        League,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="rated_up_to",
        verbose_name=_("league"),
    )
    results = models.PositiveIntegerField(_("results"))
    corrections = models.PositiveIntegerField(_("result changes"))

    class Meta:
        verbose_name = _("ratings marker")
        verbose_name_plural = _("ratings markers")

    def __str__(self) -> str:
        return f"{self.league_id}: {self.results} results, {self.corrections} changes"
