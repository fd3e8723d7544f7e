"""Tournament mode (13.2): a season played as a single-elimination bracket, seeded."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from league.models import Season, Team


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
