"""Who may do what in a Tutatis league, beyond a roster (``league.roles``) and a result (the
workflow's one rule, ``matches.table_results.roles``). Pages and the API ask these same
questions."""

from typing import TYPE_CHECKING

from league.roles import AnyUser, is_commissioner
from matches.selectors import coach_side

if TYPE_CHECKING:
    from league.models import League
    from matches.models import Fixture


def can_edit_lists(user: AnyUser, league: "League") -> bool:
    """A league's commissioner edits its team lists (his copy of a sample)."""
    return is_commissioner(user, league)


def can_roll(user: AnyUser, fixture: "Fixture", side: str) -> bool:
    """A coach rolls for his own side; the commissioner for either."""
    return (
        is_commissioner(user, fixture.season.league)
        or coach_side(user=user, fixture=fixture) == side
    )
