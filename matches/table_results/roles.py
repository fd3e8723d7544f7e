"""Who may do what with a result played at the table, for every game: the two teams' coaches
and the league's commissioner. Pages, the API's permissions and the services ask these."""

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from league.roles import AnyUser, is_commissioner

if TYPE_CHECKING:
    from matches.models import Fixture, ResultReport


def coaches_fixture(user: AnyUser, fixture: "Fixture") -> bool:
    """``user`` coaches one of the fixture's two teams."""
    return bool(user.is_authenticated and user.pk in (fixture.home.coach_id, fixture.away.coach_id))


def can_enter_result(user: AnyUser, fixture: "Fixture") -> bool:
    """The commissioner or either coach enters a result played at the table."""
    return is_commissioner(user, fixture.season.league) or coaches_fixture(user, fixture)


def can_confirm_result(user: AnyUser, report: "ResultReport") -> bool:
    """The commissioner, or a coach of the fixture other than the one who submitted it."""
    fixture = report.fixture
    if is_commissioner(user, fixture.season.league):
        return True
    return coaches_fixture(user, fixture) and user.pk != report.submitted_by_id


def can_dispute_result(user: AnyUser, report: "ResultReport") -> bool:
    """The other coach disputes; the commissioner decides instead."""
    return coaches_fixture(user, report.fixture) and user.pk != report.submitted_by_id


def can_decide_result(user: AnyUser, report: "ResultReport") -> bool:
    """Only the commissioner decides a result (a disputed one, or any pending)."""
    return is_commissioner(user, report.fixture.season.league)


@dataclass(frozen=True)
class ReportActions:
    """What a page offers ``user`` on a fixture's open report: confirm and dispute while it
    waits for confirmation, decide while it is open."""

    confirm: bool = False
    dispute: bool = False
    decide: bool = False


def report_actions(user: AnyUser, report: "ResultReport | None") -> ReportActions:
    if report is None:
        return ReportActions()
    pending = report.status == report.Status.PENDING
    return ReportActions(
        confirm=pending and can_confirm_result(user, report),
        dispute=pending and can_dispute_result(user, report),
        decide=report.status in report.OPEN and can_decide_result(user, report),
    )


def reports_awaiting(user: AnyUser, reports: Iterable["ResultReport"]) -> list["ResultReport"]:
    """Those of ``reports`` waiting for ``user``'s word: a pending one the user may confirm, or
    an open one the user may decide (a league page lists them)."""
    return [
        report
        for report in reports
        if (actions := report_actions(user, report)).confirm or actions.decide
    ]
