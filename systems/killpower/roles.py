"""Who may do what with a Killpower Ball match and its gladiators (results entered at the
table, their confirmation, dispute and decision, kick-off, raises). Pages and the API ask
these same questions; the league-wide roles are ``league.roles``'."""

from typing import TYPE_CHECKING

from league.roles import AnyUser, can_edit_roster, is_commissioner, is_team_coach

if TYPE_CHECKING:
    from matches.models import Fixture
    from systems.killpower.models import Gladiator, ResultReport


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


def can_kick_off_fixture(user: AnyUser, fixture: "Fixture") -> bool:
    """Only the commissioner kicks a fixture off before its scheduled time."""
    return is_commissioner(user, fixture.season.league)


def can_decide_for_side(user: AnyUser, fixture: "Fixture", side: str) -> bool:
    """Post-match choices for one side (equipment redraws): its coach or the commissioner."""
    return is_team_coach(user, getattr(fixture, side)) or is_commissioner(
        user, fixture.season.league
    )


def can_raise_gladiator(user: AnyUser, gladiator: "Gladiator") -> bool:
    """A gladiator's raises are chosen by his team's coach (or the commissioner)."""
    return can_edit_roster(user, gladiator.team)
