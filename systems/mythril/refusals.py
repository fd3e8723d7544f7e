"""The Mythril services' refusal of a user who lacks the role: 403 over the API."""

from core.refusals import Refused


class Forbidden(Refused):
    status_code = 403

    def __init__(self, message: str) -> None:
        super().__init__("forbidden", message)
