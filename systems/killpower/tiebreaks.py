"""Killpower Ball's tie-break metrics for tournaments (``tournaments.metrics``): the score and
the gladiators each side left badly wounded (the result's record, ``report_checks.WOUNDED``)."""

from django.utils.translation import gettext_lazy as _

from matches.models import Result
from systems.killpower.report_checks import WOUNDED

LABELS = {"gladiators_hurt": _("Gladiators hurt")}
"""Besides the score (every game's metrics, by the names Killpower's have)."""


def own_metrics(result: Result) -> dict[str, dict[str, float]]:
    wounded = result.record.get(WOUNDED, {}) if isinstance(result.record, dict) else {}
    return {
        "home": {"gladiators_hurt": len(wounded.get("away", []))},
        "away": {"gladiators_hurt": len(wounded.get("home", []))},
    }
