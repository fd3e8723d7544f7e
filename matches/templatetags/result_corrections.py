"""Every game's fixture page shows, for the league's commissioner, what a correction flagged
for review and the buttons to correct, void or award (``{% corrections_alerts fixture %}``),
to anyone the fixture's corrections, voids and awards (``{% corrections_history fixture %}``),
and near the score the one that explains the result shown (``{% result_correction fixture as
correction %}``, drawn by ``matches/correction_notice.html``)."""

from typing import Any

from django import template

from league import roles
from matches import selectors
from matches.models import Fixture, ResultCorrection

register = template.Library()


ROWS_ATTR = "_corrections_read"


def _rows(fixture: Fixture) -> list[ResultCorrection]:
    """The fixture's corrections, newest first: read once for the page's three tags."""
    rows = getattr(fixture, ROWS_ATTR, None)
    if rows is None:
        rows = list(
            ResultCorrection.objects.filter(fixture=fixture)
            .select_related("by")
            .order_by("-created_at", "-pk")
        )
        setattr(fixture, ROWS_ATTR, rows)
    return rows


@register.inclusion_tag("matches/corrections_alerts.html", takes_context=True)
def corrections_alerts(context: dict[str, Any], fixture: Fixture) -> dict[str, Any]:
    user = getattr(context.get("request"), "user", None)
    if user is None or not roles.is_commissioner(user, fixture.season.league):
        return {"is_commissioner": False}
    return {
        "fixture": fixture,
        "flagged": [row for row in _rows(fixture) if row.flags],
        "is_commissioner": True,
        "played": fixture.status == Fixture.Status.PLAYED,
        "open": fixture.status in (Fixture.Status.SCHEDULED, Fixture.Status.LOCKED),
    }


@register.inclusion_tag("matches/corrections_history.html")
def corrections_history(fixture: Fixture) -> dict[str, Any]:
    return {"corrections": _rows(fixture)}


@register.simple_tag
def result_correction(fixture: Fixture) -> ResultCorrection | None:
    """The correction, void or award that explains the fixture's result as shown, if any."""
    rows = _rows(fixture)
    return selectors.correction_standing(fixture, rows[0] if rows else None)
