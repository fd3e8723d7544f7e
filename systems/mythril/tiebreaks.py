"""Mythril's tie-break metrics for tournaments (``tournaments.metrics``): touchdowns and the
casualties each side caused, summed from the match report's player lines (``report_checks``)."""

from django.utils.translation import gettext_lazy as _

from matches.models import Result
from systems.mythril import SIDES

SCORE_LABELS = {"touchdown_difference": _("Touchdown difference"), "touchdowns": _("Touchdowns")}
LABELS = {"casualties": _("Casualties caused")}


def own_metrics(result: Result) -> dict[str, dict[str, float]]:
    report = result.record.get("report", {}) if isinstance(result.record, dict) else {}
    values: dict[str, dict[str, float]] = {}
    for side in SIDES:
        stats = report.get(side, {}).get("stats", []) if isinstance(report, dict) else []
        values[side] = {"casualties": sum(line.get("casualties", 0) for line in stats)}
    return values
