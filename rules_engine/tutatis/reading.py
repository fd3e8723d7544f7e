"""Reading Tutatis JSON input; each error is an :class:`InvalidInput` naming a dotted path."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.errors import InvalidInput


def path(prefix: str, key: str | int) -> str:
    return f"{prefix}.{key}" if prefix else str(key)


def as_object(value: object, where: str, *, keys: Sequence[str] = ()) -> Mapping[str, Any]:
    """A JSON object holding every key of ``keys`` (more keys are refused: a misspelt key
    must not pass unseen)."""
    if not isinstance(value, Mapping):
        raise InvalidInput(where or "input", "must be a JSON object")
    for key in keys:
        if key not in value:
            raise InvalidInput(path(where, key), "is required")
    extra = [str(key) for key in value if key not in keys]
    if keys and extra:
        raise InvalidInput(
            path(where, extra[0]), f"is not expected here (known: {', '.join(keys)})"
        )
    return value


def as_int(value: object, where: str, *, low: int = 0, high: int | None = None) -> int:
    """An integer (a boolean is not one) from ``low`` to ``high``."""
    ok = type(value) is int and value >= low and (high is None or value <= high)
    if not ok:
        span = f"from {low} to {high}" if high is not None else f"of at least {low}"
        raise InvalidInput(where, f"must be an integer {span}")
    assert isinstance(value, int)
    return value


def as_bool(value: object, where: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidInput(where, "must be true or false")
    return value


def as_name(value: object, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(where, "must be a non-empty string")
    return value.strip()


def as_list(value: object, where: str) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidInput(where, "must be a JSON list")
    return value


def two_d6(value: object, where: str) -> int:
    """The sum of two six-sided dice, as a player read it off the table."""
    return as_int(value, where, low=2, high=12)
