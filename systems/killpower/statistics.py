"""Killpower Ball's statistics (``stats.statistics``), from the result's record: per team the
points scored and the injuries dealt (the opponents left in a coma or badly wounded); per
gladiator the matches played (the report's ``played`` list, by name as the report names them)."""

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from matches.models import Result
from stats.plugins import PLAYER, SIDES, Line, Statistic, other, score_lines
from systems.killpower.models import Gladiator
from systems.killpower.report_checks import WOUNDED

RECORD_KEYS = ("report", WOUNDED)
"""What :func:`lines` reads of ``Result.record``."""

STATISTICS = (
    Statistic("points", _("Points")),
    Statistic("injuries", _("Injuries dealt"), record=_("Most injuries dealt in a match")),
    Statistic("appearances", _("Matches played"), per=PLAYER),
)


def injured(record: Mapping[str, Any] | None, side: str) -> int:
    """How many of ``side``'s gladiators a result's record leaves in a coma or badly wounded."""
    record = record or {}
    comas = ((record.get("report") or {}).get(side) or {}).get("comas") or []
    return len(comas) + len((record.get(WOUNDED) or {}).get(side) or [])


def lines(results: Sequence[Result]) -> Iterable[Line]:
    yield from score_lines(results, "points")
    for result in results:
        record = result.record if isinstance(result.record, dict) else {}
        report = record.get("report") or {}
        for side in SIDES:
            yield Line(result.fixture_id, side, "injuries", injured(record, other(side)))
            for name in (report.get(side) or {}).get("played") or []:
                yield Line(result.fixture_id, side, "appearances", 1, str(name), str(name))


def player_url(*, team_id: int, player: str) -> str | None:
    gladiator = Gladiator.objects.filter(team_id=team_id, name=player).only("pk").first()
    return None if gladiator is None else reverse("league:gladiator", args=[gladiator.pk])
