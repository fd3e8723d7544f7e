"""What ``generate_load`` built: one row per run, the witness that a database holds generated
data (a second run is refused without ``--force``), with the highest id of every table before it
started (``baseline``: what ``copy_leagues`` leaves alone) and how often the data was copied."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class LoadRun(models.Model):
    seed = models.BigIntegerField(_("seed"))
    first_league = models.PositiveIntegerField(
        _("number of its first league"), help_text=_("Leagues and users are numbered on from it.")
    )
    leagues = models.PositiveIntegerField(_("leagues"))
    teams = models.PositiveSmallIntegerField(_("teams per league"))
    seasons = models.PositiveSmallIntegerField(_("seasons played"))
    punters = models.PositiveSmallIntegerField(_("punters per league"))
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    baseline = models.JSONField(
        _("highest ids before the run"),
        default=dict,
        blank=True,
        help_text=_("Table name to its highest id when the run started: rows past it are copied."),
    )
    copies = models.PositiveIntegerField(
        _("copies"),
        default=0,
        help_text=_("Copy numbers copy_leagues has given (the copied names' suffixes)."),
    )

    class Meta:
        ordering = ["pk"]
        verbose_name = _("load run")
        verbose_name_plural = _("load runs")

    def __str__(self) -> str:
        return f"{self.leagues} leagues × {self.teams} teams (seed {self.seed})"
