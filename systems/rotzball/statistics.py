"""Rotzball's statistics (``stats.statistics``), per team: the match record names no player
(its rolls are the team's), so the goals, the possessions and the exchanges each side won
(its attack, defence and counter-attack rolls that succeeded, critically or not)."""

from collections.abc import Iterable, Sequence

from django.utils.translation import gettext_lazy as _

from matches.models import Result
from stats.plugins import SIDES, Line, Statistic, score_lines

WON = ("CS", "S")
"""A roll's results that win the exchange: critical success and success."""
ROLLS = ("attack", "defence", "counter_attack")

RECORD_KEYS = ("turns", "possessions")
"""What :func:`lines` reads of ``Result.record``."""

STATISTICS = (
    Statistic("goals", _("Goals")),
    Statistic("possessions", _("Possessions"), record=_("Most possessions in a match")),
    Statistic("exchanges_won", _("Exchanges won"), record=_("Most exchanges won in a match")),
)


def lines(results: Sequence[Result]) -> Iterable[Line]:
    yield from score_lines(results, "goals")
    for result in results:
        record = result.record if isinstance(result.record, dict) else {}
        possessions = record.get("possessions") or {}
        won = dict.fromkeys(SIDES, 0)
        for turn in record.get("turns", []):
            for key in ROLLS:
                roll = turn.get(key)
                if isinstance(roll, dict) and roll.get("result") in WON and roll.get("team") in won:
                    won[roll["team"]] += 1
        for side in SIDES:
            yield Line(result.fixture_id, side, "possessions", int(possessions.get(side, 0)))
            yield Line(result.fixture_id, side, "exchanges_won", won[side])
