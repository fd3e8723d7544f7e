"""The plug-in point the tournaments call: the tie-break metrics a game declares from its
results (``tournaments.engine``). Every game gets the score difference and the score by
default; a game names them its way (Rotzball's goals) and adds its own (Mythril's casualties),
read from its results."""

from collections.abc import Mapping
from typing import TYPE_CHECKING, ClassVar

from django.utils.translation import gettext_lazy as _

from core.plugins import PluginPoint

if TYPE_CHECKING:
    from django.utils.functional import _StrPromise

    from matches.models import Result

    Text = str | _StrPromise

SIDES = ("home", "away")


class Metrics:
    """A game's own tie-breakers: their names and labels, and their values in one result."""

    score_labels: ClassVar[Mapping[str, "Text"]] = {
        "score_difference": _("Score difference"),
        "score_for": _("Score"),
    }
    """The score read as two metrics, ``{name: label}`` of its difference then of the score
    itself (Rotzball's goal difference and goals)."""
    own_labels: ClassVar[Mapping[str, "Text"]] = {}
    """``{name: label}`` of the metrics the game reads besides the score (:meth:`own_metrics`)."""

    def metric_labels(self) -> Mapping[str, "Text"]:
        """``{name: label}`` of the metrics the game's results hold, in the order the
        organiser's form lists them. By default :attr:`score_labels`, then :attr:`own_labels`."""
        return {**self.score_labels, **self.own_labels}

    def result_metrics(self, result: "Result") -> dict[str, dict[str, float]]:
        """``{"home": {name: value}, "away": {...}}``: what ``result`` gives each side of every
        metric of :meth:`metric_labels`. By default read from the score, then
        :meth:`own_metrics`."""
        difference, scored = self.score_labels
        values = score_metrics(result, difference=difference, scored=scored)
        for side, own in self.own_metrics(result).items():
            values[side].update(own)
        return values

    def own_metrics(self, result: "Result") -> Mapping[str, Mapping[str, float]]:
        """``{"home": {name: value}, "away": {...}}`` of the metrics of :attr:`own_labels` in
        ``result``; none by default."""
        return {}


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
