"""The project's one refusal: ``Refused(code, message, field=None, **params)``.

A service refuses, before its first write, with a stable snake_case ``code`` clients can rely
on, the ``field`` at fault (``None`` for the request as a whole) and the ``params`` its message
names. ``message`` is a translatable template (``gettext_lazy``, or ``gettext`` called inside the
request) worded with the params only when it is shown, so each edge words it in its reader's
language: the API (``core.api.errors``), forms (``core.forms.add_service_errors``) and pages
(``refused.message``).

``Refused`` is a Django ``ValidationError`` too, so forms, the admin and callers that catch
``ValidationError`` keep working; :class:`Forbidden` is the 403 for a missing role, a
``PermissionDenied`` as well. Forms, serializers and models' ``clean()`` keep raising Django's
own ``ValidationError``: that is the edge's vocabulary, not the domain's.
"""

from typing import Any

from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied, ValidationError

from rules_engine import InvalidInput


class Refused(ValidationError):
    status_code = 400

    def __init__(self, code: str, message: Any, field: str | None = None, **params: Any) -> None:
        error = ValidationError(message, code=code, params=params or None)
        super().__init__({field or NON_FIELD_ERRORS: [error]})
        self.code = code
        self.template = message
        self.field = field
        self.params = params

    @property
    def message(self) -> str:  # type: ignore[override]
        """The message in the active language, worded with the params."""
        return str(self.template % self.params if self.params else self.template)

    @property
    def extra(self) -> dict[str, Any]:
        """The params, by the name callers and tests already use."""
        return self.params

    def as_error(self) -> dict[str, Any]:
        """The API's body: the code, the message, the field's messages, then the params."""
        message = self.message
        fields = {self.field or "non_field_errors": [message]}
        return {"code": self.code, "message": message, "fields": fields, **self.params}


class Forbidden(Refused, PermissionDenied):
    """The user lacks the role the command needs: 403 over the API."""

    status_code = 403

    def __init__(self, message: Any) -> None:
        super().__init__("forbidden", message)


def engine_refused(exc: InvalidInput, *, prefix: str = "", code: str = "") -> Refused:
    """The rules engine's ``InvalidInput`` as a refusal on ``"<prefix>.<engine field>"``, with
    ``code``, else the engine's own code, else ``invalid_input``."""
    field = f"{prefix}.{exc.field}" if prefix and exc.field else (prefix or exc.field)
    return Refused(code or exc.code or "invalid_input", exc.message, field=field or None)
