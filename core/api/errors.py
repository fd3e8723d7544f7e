"""One error shape for the whole API.

Every error answers ``{"error": {"code", "message", "fields"?}}``; validation errors (400)
list messages per field under ``fields`` (``"non_field_errors"`` for the rest). A service's
``core.refusals.Refused`` answers its status with its own code, its message worded in the
request's language, its field's message under ``fields`` and its params beside them; any other
Django ``ValidationError`` (a model's ``clean()``) becomes a 400 ``invalid`` like a serializer's;
a lost database connection becomes a 503 with ``Retry-After``.
"""

from typing import Any

from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import InterfaceError, OperationalError
from django.http import Http404
from django.utils.translation import gettext as _
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler

from core.middleware import RETRY_AFTER_SECONDS
from core.refusals import Refused


def _field_messages(detail: Any) -> dict[str, list[str]]:
    if isinstance(detail, dict):
        fields: dict[str, list[str]] = {}
        for key, value in detail.items():
            if isinstance(value, dict):
                for sub, messages in _field_messages(value).items():
                    fields[f"{key}.{sub}"] = messages
            elif isinstance(value, list) and value and isinstance(value[0], dict):
                for index, item in enumerate(value):
                    for sub, messages in _field_messages(item).items():
                        fields[f"{key}.{index}.{sub}"] = messages
            else:
                fields[str(key)] = [str(m) for m in (value if isinstance(value, list) else [value])]
        return fields
    messages = detail if isinstance(detail, list) else [detail]
    return {"non_field_errors": [str(m) for m in messages]}


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, Refused):
        return Response({"error": exc.as_error()}, status=exc.status_code)
    if isinstance(exc, DjangoValidationError):
        if hasattr(exc, "error_dict"):  # Django names errors of no one field "__all__"
            detail = {
                ("non_field_errors" if key == NON_FIELD_ERRORS else key): messages
                for key, messages in exc.message_dict.items()
            }
        else:
            detail = {"non_field_errors": exc.messages}
        exc = exceptions.ValidationError(detail=detail)
    elif isinstance(exc, OverflowError):  # a number in the query beyond any column
        exc = exceptions.ValidationError(
            {"non_field_errors": [_("A number in the request is too large.")]}
        )
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    elif isinstance(exc, OperationalError | InterfaceError):
        response = Response(
            {
                "error": {
                    "code": "service_unavailable",
                    "message": _("The database is unavailable. Please retry shortly."),
                }
            },
            status=status.HTTP_503_SERVICE_UNAVAILABLE,
        )
        response["Retry-After"] = RETRY_AFTER_SECONDS
        return response

    response = exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        fields = _field_messages(exc.detail)
        body: dict[str, Any] = {
            "code": "invalid",
            "message": _("Some fields are not valid."),
            "fields": fields,
        }
    else:
        detail = getattr(exc, "detail", "")
        code = detail.code if hasattr(detail, "code") else getattr(exc, "default_code", "error")
        body = {"code": str(code), "message": str(detail)}
    response.data = {"error": body}
    return response
