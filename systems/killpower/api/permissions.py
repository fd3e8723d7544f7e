"""Permission classes of the Killpower Ball result commands (the roles of
``systems.killpower.roles``)."""

from typing import Any

from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.views import APIView

from systems.killpower import roles


class _Signed(BasePermission):
    def has_permission(self, request: Request, view: APIView) -> bool:
        return bool(request.user and request.user.is_authenticated)


class CanEnterResult(_Signed):
    """A fixture's result is entered by the commissioner or either coach."""

    def has_object_permission(self, request: Request, view: APIView, obj: Any) -> bool:
        return roles.can_enter_result(request.user, obj)


class CanConfirmResult(_Signed):
    """A result report is confirmed by the other coach or the commissioner."""

    def has_object_permission(self, request: Request, view: APIView, obj: Any) -> bool:
        return roles.can_confirm_result(request.user, obj)


class CanDisputeResult(_Signed):
    """A result report is disputed by the other coach."""

    def has_object_permission(self, request: Request, view: APIView, obj: Any) -> bool:
        return roles.can_dispute_result(request.user, obj)


class CanDecideResult(_Signed):
    """A result report is decided by the commissioner."""

    def has_object_permission(self, request: Request, view: APIView, obj: Any) -> bool:
        return roles.can_decide_result(request.user, obj)
