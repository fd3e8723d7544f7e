"""Who may do what in a league. Pages and the API ask these same questions; each game adds
its own (``systems.<game>.roles``)."""

from django.contrib.auth.models import AnonymousUser, User

from league.models import League, Team

AnyUser = User | AnonymousUser


def is_commissioner(user: AnyUser, league: League) -> bool:
    """The league's commissioner manages its teams, fixtures, simulations and settings."""
    return bool(user.is_authenticated and (user.is_superuser or league.commissioner_id == user.pk))


def is_team_coach(user: AnyUser, team: Team) -> bool:
    return bool(user.is_authenticated and team.coach_id == user.pk)


def can_edit_roster(user: AnyUser, team: Team) -> bool:
    """A team's coach edits its roster, line-up and match plan; so may the commissioner."""
    return is_team_coach(user, team) or is_commissioner(user, team.league)
