"""Who may do what in a Tutatis league. Pages and the API ask these same questions; a result's
are the workflow's one rule (``matches.table_results.roles``)."""

from typing import TYPE_CHECKING

from league.roles import AnyUser, can_edit_roster, is_commissioner
from matches.table_results.roles import (
    can_confirm_result,
    can_decide_result,
    can_dispute_result,
    can_enter_result,
)

if TYPE_CHECKING:
    from league.models import League
    from matches.models import Fixture

__all__ = [
    "can_confirm_result",
    "can_decide_result",
    "can_dispute_result",
    "can_edit_roster",
    "can_enter_result",
    "is_commissioner",
]


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
