"""Permission classes of the battles API, composed with ``|`` in the views.

Everything is public to read (``league.api.permissions.ReadOnly``); writes ask the roles of
``battles.roles``: the game master of the object's campaign, or whoever may edit an army's
card. Creating checks the role against the new object's parent through
``check_object_permissions``; the services check the same roles again.
"""

from typing import Any

from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.views import APIView

from battles import roles
from battles.models import Army, Battle, BattleRun, Campaign, Troop


def campaign_of(obj: Any) -> Campaign:
    """The campaign an API object belongs to (campaign, army, troop, battle, run)."""
    if isinstance(obj, Campaign):
        return obj
    if isinstance(obj, Army | Battle):
        return obj.campaign
    if isinstance(obj, Troop):
        return obj.army.campaign
    if isinstance(obj, BattleRun):
        return obj.battle.campaign
    raise TypeError(f"{type(obj).__name__} belongs to no campaign")


def army_of(obj: Any) -> Army:
    return obj if isinstance(obj, Army) else obj.army


class _SignedIn(BasePermission):
    def has_permission(self, request: Request, view: APIView) -> bool:
        return bool(request.user and request.user.is_authenticated)


class IsGameMaster(_SignedIn):
    """The game master of the object's campaign (or a superuser)."""

    def has_object_permission(self, request: Request, view: APIView, obj: Any) -> bool:
        return roles.is_game_master(request.user, campaign_of(obj))


class CanEditArmy(_SignedIn):
    """The army's owner or its campaign's game master (an army, or one of its troops)."""

    def has_object_permission(self, request: Request, view: APIView, obj: Any) -> bool:
        return roles.can_edit_army(request.user, army_of(obj))


class IsSignedIn(_SignedIn):
    """Any signed-in user (commands that compute without writing, such as odds)."""
