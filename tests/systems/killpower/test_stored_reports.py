"""A result report's payload is versioned: written with its version, and one stored before
versions existed is still confirmed the same way."""

import pytest

from core.documents import VERSION_KEY
from matches.table_results.services import report_confirm, report_enter
from systems.killpower.models import ResultReport
from tests.systems.killpower.helpers import report

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("versioned", [True, False], ids=["v1", "before-versions"])
def test_a_stored_report_is_confirmed_whatever_its_version(
    kp_fixture, coach, other_coach, versioned
):
    entered = report_enter(fixture=kp_fixture, user=coach, result=report(3, 0))
    assert entered.payload[VERSION_KEY] == 1
    if not versioned:
        payload = {k: v for k, v in entered.payload.items() if k != VERSION_KEY}
        ResultReport.objects.filter(pk=entered.pk).update(payload=payload)
        entered.refresh_from_db()

    result = report_confirm(report=entered, user=other_coach, seed=1)

    assert (result.home_score, result.away_score, result.winner) == (3, 0, "home")
