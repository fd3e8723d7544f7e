"""Rotzball's statistics (``stats.statistics``), per team: the match record names no player
(its rolls are the team's), so the goals, the possessions and the exchanges each side won
(its attack and defence rolls that succeeded, critically or not, those of a counter-attack
included: the counter-attacking side's attack and the other side's defence against it)."""

from collections.abc import Iterable, Sequence

from django.utils.translation import gettext_lazy as _

from matches.models import Result
from stats.plugins import SIDES, Line, Statistic, score_lines

WON = ("CS", "S")
"""A roll's results that win the exchange: critical success and success."""

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
            counter = turn.get("counter_attack") or {}
            for roll in (turn.get("attack"), turn.get("defence"), *counter_rolls(counter)):
                if isinstance(roll, dict) and roll.get("result") in WON and roll.get("team") in won:
                    won[roll["team"]] += 1
        for side in SIDES:
            yield Line(result.fixture_id, side, "possessions", int(possessions.get(side, 0)))
            yield Line(result.fixture_id, side, "exchanges_won", won[side])


def counter_rolls(counter: object) -> tuple[object, ...]:
    """A counter-attack's two rolls (``{"attack": roll, "defence": roll, "goal": bool}`` in the
    record): each names the team that rolled it, like a turn's own attack and defence."""
    if not isinstance(counter, dict):
        return ()
    return (counter.get("attack"), counter.get("defence"))
