"""The workflow's refusals: the project's ``Refused`` (a stable code, a field, params), also a
Django ``ValidationError`` (or ``PermissionDenied`` for a role) so forms and callers that
catch those keep working. The message is worded once, here, from the code's params."""

from typing import Any

from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied, ValidationError

from core.refusals import Refused


class ReportRefused(Refused, ValidationError):
    """A report command refused: nothing was written."""

    def __init__(self, code: str, message: str, field: str | None = None, **params: Any) -> None:
        ValidationError.__init__(self, {field or NON_FIELD_ERRORS: [message]})
        Refused.__init__(self, code, message, field, **params)


class ReportForbidden(Refused, PermissionDenied):
    """The user lacks the role for this command (403 over the API)."""

    status_code = 403

    def __init__(self, message: str) -> None:
        Refused.__init__(self, "forbidden", message)
