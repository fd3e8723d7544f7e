"""Results of Mythril matches played at the table, in this game's words: the one
result-report workflow (:mod:`matches.table_results.services`). The commissioner or either
coach enters the result (a scheduled fixture kicks off first); the other coach confirms or
disputes; the commissioner decides (and may correct it). Confirming or deciding records the
``Result`` once (:mod:`systems.mythril.table_results` reads it), writes the post-match
sequence's ``pending`` run and, after commit, sends it with the team bets' settlement.
"""

from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from core.refusals import Refused
from matches.models import Fixture, Result
from matches.table_results import services
from systems.mythril import RULE_SYSTEM
from systems.mythril.models import ResultReport


def result_submit(*, fixture: Fixture, user: User, result: object) -> ResultReport:
    """Enter a match's result; it waits for the other side's confirmation."""
    if fixture.season.league.rule_system != RULE_SYSTEM:
        raise Refused(
            "not_mythril", _("Results are entered here for Mythril matches."), field="fixture"
        )
    report = services.report_enter(fixture=fixture, user=user, result=result)
    assert isinstance(report, ResultReport)
    return report


def result_confirm(*, report: ResultReport, user: User) -> Result:
    """The other coach (or the commissioner) confirms: the result is recorded, once."""
    return services.report_confirm(report=report, user=user)


def result_dispute(*, report: ResultReport, user: User, reason: str = "") -> ResultReport:
    """The other coach disputes: the report waits for the commissioner."""
    disputed = services.report_dispute(report=report, user=user, reason=reason)
    assert isinstance(disputed, ResultReport)
    return disputed


def result_decide(
    *, report: ResultReport, user: User, result: object = None, note: str = ""
) -> Result:
    """The commissioner decides a pending or disputed report, as it stands or corrected."""
    return services.report_decide(report=report, user=user, result=result, note=note)
