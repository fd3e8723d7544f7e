"""Tutatis's statistics (``stats.statistics``), per team, from the result report the engine
read (``Result.record["result"]``): the goals, the shots over the bar, the injuries dealt (the
opponents left badly hurt) and the victory points the result is scored in."""

from collections.abc import Iterable, Sequence

from django.utils.translation import gettext_lazy as _

from matches.models import Result
from stats.plugins import SIDES, Line, Statistic, other, score_lines

RECORD_KEYS = ("result",)
"""What :func:`lines` reads of ``Result.record``."""

STATISTICS = (
    Statistic("goals", _("Goals"), record=_("Most goals in a match")),
    Statistic("over_bar", _("Shots over the bar")),
    Statistic("injuries", _("Injuries dealt"), record=_("Most injuries dealt in a match")),
    Statistic("victory_points", _("Victory points")),
)


def lines(results: Sequence[Result]) -> Iterable[Line]:
    yield from score_lines(results, "victory_points")
    for result in results:
        record = result.record if isinstance(result.record, dict) else {}
        sides = record.get("result") or {}
        if not sides:
            continue  # a result awarded without a report: only its score is known
        for side in SIDES:
            own, theirs = sides.get(side) or {}, sides.get(other(side)) or {}
            yield Line(result.fixture_id, side, "goals", int(own.get("goals", 0)))
            yield Line(result.fixture_id, side, "over_bar", int(own.get("over_bar", 0)))
            hurt = len(theirs.get("badly_hurt") or [])
            yield Line(result.fixture_id, side, "injuries", hurt)
