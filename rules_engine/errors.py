"""Exceptions raised by the rules engine.

Three kinds, so that callers can tell what the user can fix from what is a bug:

* :class:`InvalidInput` -- the input does not follow the rules (a characteristic out of
  range, a missing player). It names the offending field. Shown to the user.
* :class:`IllegalAction` -- the input is well formed but the rules forbid the action now
  (deciding a crucial moment that is not pending). Shown to the user.
* :class:`ScriptExhausted` -- scripted dice ran out of values: a test bug, never a user error.
"""

from collections.abc import Mapping


class RulesError(Exception):
    """Base class of every error raised on purpose by the engine."""


class InvalidInput(RulesError, ValueError):
    """Input that breaks a rule. ``field`` is a dotted path such as ``home.passer.Ag``.

    ``message`` is English for programs; ``code`` and ``params``, when given, name the same
    problem for callers that say it in their own words (``"exact_count"`` with
    ``{"count": 3}``), so that nobody has to parse the English."""

    def __init__(
        self,
        field: str,
        message: str,
        *,
        code: str = "",
        params: Mapping[str, int | str] | None = None,
    ) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message
        self.code = code
        self.params: Mapping[str, int | str] = dict(params or {})


class IllegalAction(RulesError):
    """A well-formed request the rules do not allow in the current state."""


class ScriptExhausted(RulesError):
    """Scripted dice were asked for more values than the script holds."""
