"""Permission classes for the API, composed with ``|`` in the views.

Every object is public, so reading is open to anyone (``ReadOnly``) and a write by a user
lacking the role answers 403 without leaking anything. The roles are the ones the pages ask
(``league.roles``): the commissioner of the object's league, and whoever may edit a team's
roster. Creating an object checks the same role against its parent (the league of a new
season or team, the team of a new player) through ``check_object_permissions``.
"""

from typing import Any

from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.views import APIView

from league.models import League, Team
from league.roles import can_edit_roster, is_commissioner


def league_of(obj: Any) -> League:
    """The league an API object belongs to (a league, season, team, player, fixture, batch...)."""
    if isinstance(obj, League):
        return obj
    for path in ("league", "season", "team", "fixture"):
        parent = getattr(obj, path, None)
        if parent is not None:
            return league_of(parent)
    raise TypeError(f"{type(obj).__name__} belongs to no league")


def team_of(obj: Any) -> Team:
    """The team whose roster an object is part of (the team itself, or a player's team)."""
    return obj if isinstance(obj, Team) else obj.team


class IsCommissioner(BasePermission):
    """The commissioner of the object's league (or a superuser)."""

    def has_permission(self, request: Request, view: APIView) -> bool:
        return bool(request.user and request.user.is_authenticated)

    def has_object_permission(self, request: Request, view: APIView, obj: Any) -> bool:
        return is_commissioner(request.user, league_of(obj))


class CanEditRoster(BasePermission):
    """The team's coach or its league's commissioner."""

    def has_permission(self, request: Request, view: APIView) -> bool:
        return bool(request.user and request.user.is_authenticated)

    def has_object_permission(self, request: Request, view: APIView, obj: Any) -> bool:
        return can_edit_roster(request.user, team_of(obj))
