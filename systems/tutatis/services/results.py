"""Results of Tutatis matches, in this game's words: the one result-report workflow
(:mod:`matches.table_results.services`): a coach (or the commissioner) enters it, the other
coach confirms or disputes, the commissioner decides. Recording happens once; the engine's
reading is :mod:`systems.tutatis.table_results`'; after commit the post-match task carries
the injuries over (:mod:`~systems.tutatis.services.post_match`).
"""

from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from matches.models import Fixture, Result
from matches.table_results import services
from matches.table_results.refusals import ReportRefused
from systems.tutatis import RULE_SYSTEM
from systems.tutatis.models import ResultReport

MAX_TEXT = 500


def result_submit(*, fixture: Fixture, user: User, result: object) -> ResultReport:
    """Enter a result; it waits for the other side. A new report supersedes the open one."""
    if fixture.season.league.rule_system != RULE_SYSTEM:
        raise ReportRefused(
            "not_tutatis", _("Match-day tools are for Tutatis fixtures."), field="fixture"
        )
    report = services.report_enter(fixture=fixture, user=user, result=result)
    assert isinstance(report, ResultReport)
    return report


def result_confirm(*, report: ResultReport, user: User) -> Result:
    return services.report_confirm(report=report, user=user)


def result_dispute(*, report: ResultReport, user: User, reason: str = "") -> ResultReport:
    disputed = services.report_dispute(report=report, user=user, reason=reason)
    assert isinstance(disputed, ResultReport)
    return disputed


def result_decide(
    *, report: ResultReport, user: User, result: object = None, note: str = ""
) -> Result:
    """The commissioner decides an open report, as it stands or corrected."""
    return services.report_decide(report=report, user=user, result=result, note=note)
