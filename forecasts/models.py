"""Season forecasts, stored by a worker after every result, correction or void and served from
storage: the latest per season (:class:`SeasonForecast`) and each team's title chance after
each round (:class:`ForecastRound`), for the chart.

``requested`` counts the changes heard for the season; each change sends a task with the count
it made. A task whose count is no longer the latest does nothing (a newer one is queued), and
a forecast is stored only by a conditional UPDATE on ``requested``: when results arrive faster
than forecasts, the latest wins and each change is forecast at most once.
"""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from league.models import Season


class SeasonForecast(models.Model):
    season = models.OneToOneField(
        Season, on_delete=models.CASCADE, related_name="forecast", verbose_name=_("season")
    )
    requested = models.PositiveIntegerField(
        _("changes heard"), default=0, help_text=_("Results, corrections and voids heard.")
    )
    generation = models.PositiveIntegerField(
        _("changes forecast"), default=0, help_text=_("The change the stored forecast reflects.")
    )
    computed_at = models.DateTimeField(_("computed at"), null=True, blank=True)
    simulations = models.PositiveIntegerField(_("simulations"), default=0)
    seed = models.BigIntegerField(_("seed"), default=0)
    top_places = models.PositiveSmallIntegerField(_("top places"), default=0)
    bottom_places = models.PositiveSmallIntegerField(_("bottom places"), default=0)
    fixtures_left = models.PositiveIntegerField(_("fixtures left"), default=0)
    exact_marks = models.BooleanField(_("exact marks"), default=False)
    teams = models.JSONField(
        _("teams"),
        default=list,
        help_text=_(
            "One entry per team: team, title, top, bottom (chances between 0 and 1), their "
            "standard errors, clinched_title and eliminated_title."
        ),
    )

    class Meta:
        verbose_name = _("season forecast")
        verbose_name_plural = _("season forecasts")
        constraints = [
            models.CheckConstraint(
                condition=Q(generation__lte=models.F("requested")),
                name="season_forecast_generation_heard",
            )
        ]

    def __str__(self) -> str:
        return f"{self.season} forecast #{self.generation}"


class ForecastRound(models.Model):
    """Each team's title chance once a round's results are in (the latest forecast of the round
    overwrites the earlier ones): ``{"<team id>": chance}``."""

    season = models.ForeignKey(
        Season,
        on_delete=models.CASCADE,
        related_name="forecast_rounds",
        verbose_name=_("season"),
    )
    round = models.PositiveSmallIntegerField(_("round"))
    titles = models.JSONField(_("title chances"), default=dict)
    computed_at = models.DateTimeField(_("computed at"))

    class Meta:
        ordering = ["season_id", "round"]
        verbose_name = _("forecast round")
        verbose_name_plural = _("forecast rounds")
        constraints = [
            models.UniqueConstraint(fields=["season", "round"], name="forecast_round_once")
        ]

    def __str__(self) -> str:
        return f"{self.season} R{self.round}"
