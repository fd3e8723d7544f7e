"""Tutatis's tie-break metrics for tournaments (``tournaments.metrics``): the victory points
its results are scored in."""

from django.utils.translation import gettext_lazy as _

from matches.models import Result
from tournaments.plugins import score_metrics

LABELS = {
    "victory_point_difference": _("Victory point difference"),
    "victory_points": _("Victory points"),
}


def result_metrics(result: Result) -> dict[str, dict[str, float]]:
    return score_metrics(result, difference="victory_point_difference", scored="victory_points")
