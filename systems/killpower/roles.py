"""Who may do what with a Killpower Ball match and its gladiators (results entered at the
table, their confirmation, dispute and decision, kick-off, raises). Pages and the API ask
these same questions; the league-wide roles are ``league.roles``', the result's are the
workflow's one rule (``matches.table_results.roles``)."""

from typing import TYPE_CHECKING

from league.roles import AnyUser, can_edit_roster, is_commissioner, is_team_coach
from systems.killpower import SIDES

if TYPE_CHECKING:
    from matches.models import Fixture
    from systems.killpower.models import Gladiator


def can_kick_off_fixture(user: AnyUser, fixture: "Fixture") -> bool:
    """Only the commissioner kicks a fixture off before its scheduled time."""
    return is_commissioner(user, fixture.season.league)


def coached_side(user: AnyUser, fixture: "Fixture") -> str | None:
    """``home`` or ``away``: the side of ``fixture`` whose team ``user`` coaches, or None."""
    return next((side for side in SIDES if is_team_coach(user, getattr(fixture, side))), None)


def can_decide_for_side(user: AnyUser, fixture: "Fixture", side: str) -> bool:
    """Post-match choices for one side (equipment redraws): its coach or the commissioner."""
    return is_team_coach(user, getattr(fixture, side)) or is_commissioner(
        user, fixture.season.league
    )


def can_raise_gladiator(user: AnyUser, gladiator: "Gladiator") -> bool:
    """A gladiator's raises are chosen, and he is renamed, by his team's coach (or the
    commissioner)."""
    return can_edit_roster(user, gladiator.team)


can_rename_gladiator = can_raise_gladiator
