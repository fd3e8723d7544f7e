"""Killpower Ball's tie-break metrics for tournaments (``tournaments.metrics``): the score and
the gladiators each side left badly wounded (the result's record, ``report_checks.WOUNDED``)."""

from django.utils.translation import gettext_lazy as _

from matches.models import Result
from systems.killpower.report_checks import WOUNDED
from tournaments.plugins import score_metrics

LABELS = {
    "score_difference": _("Score difference"),
    "score_for": _("Score"),
    "gladiators_hurt": _("Gladiators hurt"),
}


def result_metrics(result: Result) -> dict[str, dict[str, float]]:
    values = score_metrics(result, difference="score_difference", scored="score_for")
    wounded = result.record.get(WOUNDED, {}) if isinstance(result.record, dict) else {}
    values["home"]["gladiators_hurt"] = len(wounded.get("away", []))
    values["away"]["gladiators_hurt"] = len(wounded.get("home", []))
    return values
