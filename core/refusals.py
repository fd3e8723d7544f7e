"""A service's refusal with a stable code: ``Refused(code, message, field=None, **extra)``.

The API answers it with its status (400 unless the subclass says otherwise) in the project's
error shape, ``{"error": {"code", "message", "fields"?, ...extra}}``; pages show the message.
Nothing was written: services raise it before their first write, inside their transaction.
"""

from typing import Any


class Refused(Exception):
    status_code = 400

    def __init__(self, code: str, message: str, field: str | None = None, **extra: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        self.extra = extra

    def as_error(self) -> dict[str, Any]:
        body: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.field:
            body["fields"] = {self.field: [self.message]}
        body.update(self.extra)
        return body
