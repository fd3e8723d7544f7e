"""Who may do what in a Tutatis league. Pages and the API ask these same questions."""

from typing import TYPE_CHECKING

from league.roles import AnyUser, can_edit_roster, is_commissioner

if TYPE_CHECKING:
    from league.models import League
    from matches.models import Fixture
    from systems.tutatis.models import ResultReport

__all__ = ["can_edit_roster", "is_commissioner"]


def coach_side(user: AnyUser, fixture: "Fixture") -> str | None:
    """``"home"`` or ``"away"`` when ``user`` coaches that side of the fixture."""
    if not user.is_authenticated:
        return None
    if fixture.home.coach_id == user.pk:
        return "home"
    if fixture.away.coach_id == user.pk:
        return "away"
    return None


def can_edit_lists(user: AnyUser, league: "League") -> bool:
    """A league's commissioner edits its team lists (his copy of a sample)."""
    return is_commissioner(user, league)


def can_roll(user: AnyUser, fixture: "Fixture", side: str) -> bool:
    """A coach rolls for his own side; the commissioner for either."""
    return is_commissioner(user, fixture.season.league) or coach_side(user, fixture) == side


def can_enter_result(user: AnyUser, fixture: "Fixture") -> bool:
    return is_commissioner(user, fixture.season.league) or coach_side(user, fixture) is not None


def can_confirm_result(user: AnyUser, report: "ResultReport") -> bool:
    """The commissioner, or the coach of the fixture who did not enter it."""
    fixture = report.fixture
    if is_commissioner(user, fixture.season.league):
        return True
    return coach_side(user, fixture) is not None and user.pk != report.submitted_by_id


def can_dispute_result(user: AnyUser, report: "ResultReport") -> bool:
    return coach_side(user, report.fixture) is not None and user.pk != report.submitted_by_id


def can_decide_result(user: AnyUser, report: "ResultReport") -> bool:
    return is_commissioner(user, report.fixture.season.league)
