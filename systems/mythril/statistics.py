"""Mythril's statistics (``stats.statistics``), per player and so per team, from the match
report the result keeps (``Result.record["report"][side]``: the roster before the match and
each player's line): touchdowns, completions, casualties and interceptions; and the star
player points each player gained, MVP included, once the post-match sequence that awards them
has run (its log: ``PostMatchRun.log[side]["spp"]``)."""

from collections.abc import Iterable, Sequence

from django.utils.translation import gettext_lazy as _

from matches.models import Result
from rules_engine.mythril.report import COUNTS
from stats.plugins import PLAYER, SIDES, Line, Statistic
from systems.mythril.models import PostMatchRun

RECORD_KEYS = ("report",)
"""What :func:`lines` reads of ``Result.record``."""

STATISTICS = (
    Statistic("touchdowns", _("Touchdowns"), per=PLAYER),
    Statistic(
        "casualties", _("Casualties caused"), per=PLAYER, record=_("Most casualties in a match")
    ),
    Statistic("completions", _("Completions"), per=PLAYER, record=_("Most completions in a match")),
    Statistic("interceptions", _("Interceptions"), per=PLAYER),
    Statistic("spp", _("Star player points"), per=PLAYER),
)


def played_on_the_pitch(record: object) -> bool:
    """Whether a result's ``record`` is of a match played on the pitch: recorded from a match
    report with turns played, not awarded by the commissioner (no report, though a voided
    result's sequence stays) nor forfeited before any turn (a line entered then never
    happened)."""
    report = record.get("report") if isinstance(record, dict) else None
    return isinstance(report, dict) and report.get("turns_played") is not False


def lines(results: Sequence[Result]) -> Iterable[Line]:
    logs = dict(
        PostMatchRun.objects.filter(
            fixture_id__in=[result.fixture_id for result in results],
            status=PostMatchRun.Status.DONE,
        ).values_list("fixture_id", "log")
    )
    for result in results:
        if not played_on_the_pitch(result.record):
            continue
        report = result.record["report"]
        log = logs.get(result.fixture_id) or {}
        for side in SIDES:
            own = report.get(side) or {}
            names = {str(p.get("id")): str(p.get("name", "")) for p in own.get("players") or []}
            counted = [
                (str(line.get("player", "")), count, int(line.get(count) or 0))
                for line in own.get("stats") or []
                for count in COUNTS
            ]
            spp = (log.get(side) or {}).get("spp") or {}
            counted += [(player, "spp", int(value)) for player, value in spp.items()]
            for player, count, value in counted:
                if value:
                    name = names.get(player, player)
                    yield Line(result.fixture_id, side, count, value, player, name)
