"""Rotzball's tie-break metrics for tournaments (``tournaments.metrics``): the goals."""

from django.utils.translation import gettext_lazy as _

from matches.models import Result
from tournaments.plugins import score_metrics

LABELS = {"goal_difference": _("Goal difference"), "goals_for": _("Goals scored")}


def result_metrics(result: Result) -> dict[str, dict[str, float]]:
    return score_metrics(result, difference="goal_difference", scored="goals_for")
