"""Who may do what in a league. Pages and the API ask these same questions; each game adds
its own (``systems.<game>.roles``)."""

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Exists, Q

from league.models import League, Team

AnyUser = User | AnonymousUser


def is_commissioner(user: AnyUser, league: League) -> bool:
    """The league's commissioner manages its teams, fixtures, simulations and settings."""
    return bool(user.is_authenticated and (user.is_superuser or league.commissioner_id == user.pk))


def holds_a_role(user_id: int, league_id: int) -> bool:
    """Whether the league's pages show this user more than a visitor: its commissioner, or the
    coach of one of its teams (every game's roles come down to these two). One query; the page
    cache serves anyone else the pages kept for visitors (``core.page_cache``)."""
    coaches = Team.objects.filter(league_id=league_id, coach_id=user_id)
    return (
        League.objects.filter(pk=league_id)
        .filter(Q(commissioner_id=user_id) | Q(Exists(coaches)))
        .exists()
    )


def is_team_coach(user: AnyUser, team: Team) -> bool:
    return bool(user.is_authenticated and team.coach_id == user.pk)


def can_edit_roster(user: AnyUser, team: Team) -> bool:
    """A team's coach edits its roster, line-up and match plan; so may the commissioner."""
    return is_team_coach(user, team) or is_commissioner(user, team.league)
