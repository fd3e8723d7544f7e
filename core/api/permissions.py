"""Permission classes every app composes with ``|``: reading is open to anyone, creating
needs a signed-in user. Roles on objects are each app's (``league.api.permissions``)."""

from typing import Any

from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request
from rest_framework.views import APIView


class ReadOnly(BasePermission):
    """Anyone may read."""

    def has_permission(self, request: Request, view: APIView) -> bool:
        return request.method in SAFE_METHODS


class IsAuthenticatedCreate(BasePermission):
    """Any signed-in user may create (a league, of which they become the commissioner)."""

    def has_permission(self, request: Request, view: APIView) -> bool:
        return bool(request.method == "POST" and request.user and request.user.is_authenticated)

    def has_object_permission(self, request: Request, view: APIView, obj: Any) -> bool:
        return False
