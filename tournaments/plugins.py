"""The plug-in point the tournaments call: the tie-break metrics a game declares from its
results (``tournaments.engine``). Every game gets the score difference and the score by
default; a game names its own (Mythril's touchdowns and casualties) and reads them from its
results."""

from collections.abc import Mapping
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _

from core.plugins import PluginPoint

if TYPE_CHECKING:
    from django.utils.functional import _StrPromise

    from matches.models import Result

SIDES = ("home", "away")


class Metrics:
    """A game's own tie-breakers: their names and labels, and their values in one result."""

    def metric_labels(self) -> Mapping[str, "str | _StrPromise"]:
        """``{name: label}`` of the metrics the game's results hold, in the order the
        organiser's form lists them. By default the score difference and the score."""
        return {"score_difference": _("Score difference"), "score_for": _("Score")}

    def result_metrics(self, result: "Result") -> dict[str, dict[str, float]]:
        """``{"home": {name: value}, "away": {...}}``: what ``result`` gives each side of every
        metric of :meth:`metric_labels`. By default read from the score."""
        return score_metrics(result, difference="score_difference", scored="score_for")


def score_metrics(result: "Result", *, difference: str, scored: str) -> dict[str, dict[str, float]]:
    """The score read as two metrics named by the game (``goal_difference``, ``goals_for``)."""
    home, away = result.home_score, result.away_score
    return {
        "home": {difference: home - away, scored: home},
        "away": {difference: away - home, scored: away},
    }


metrics = PluginPoint(
    "tournaments.metrics",
    Metrics,
    doc="A game's own tie-break metrics read from its results, for a tournament's standings "
    "(``tournaments.engine``).",
)
