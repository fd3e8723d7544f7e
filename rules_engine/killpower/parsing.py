"""Reading JSON input: every error is an :class:`InvalidInput` naming a dotted field path.

Paths count list positions from 0 (``home.gladiators.3.xp``); ``join("", key)`` is ``key``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import Any

from rules_engine.errors import InvalidInput


def join(prefix: str, key: str | int) -> str:
    return f"{prefix}.{key}" if prefix else str(key)


def mapping(data: object, field: str) -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise InvalidInput(field or "input", "must be an object")
    return data


def only_keys(data: Mapping[str, Any], known: Iterable[str], field: str) -> None:
    """Refuse keys outside ``known``: a misspelt setting must not fall back to its default."""
    names = tuple(known)
    for key in data:
        if key not in names:
            raise InvalidInput(
                join(field, str(key)), f"is not known here (known: {', '.join(names)})"
            )


def require(data: Mapping[str, Any], key: str, field: str) -> Any:
    if key not in data:
        raise InvalidInput(join(field, key), "is required")
    return data[key]


def integer(value: object, field: str, *, low: int | None = None, high: int | None = None) -> int:
    """An int (never a bool) within ``low..high`` (either bound may be open)."""
    if (
        type(value) is not int
        or (low is not None and value < low)
        or (high is not None and value > high)
    ):
        if low is not None and high is not None:
            bounds = f" between {low} and {high}"
        elif low is not None:
            bounds = f" of at least {low}"
        elif high is not None:
            bounds = f" of at most {high}"
        else:
            bounds = ""
        raise InvalidInput(field, f"must be an integer{bounds}")
    return value


def text(value: object, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(field, "must be a non-empty string")
    return value


def choice[E: StrEnum](value: object, enum: type[E], field: str) -> E:
    if isinstance(value, str):
        try:
            return enum(value)
        except ValueError:
            pass
    raise InvalidInput(field, f"must be one of {', '.join(member.value for member in enum)}")


def listing(value: object, field: str) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidInput(field, "must be a list")
    return value


def names(value: object, field: str) -> tuple[str, ...]:
    """A list of distinct non-empty strings."""
    items = tuple(text(item, join(field, i)) for i, item in enumerate(listing(value, field)))
    for i, item in enumerate(items):
        if item in items[:i]:
            raise InvalidInput(join(field, i), f"{item!r} is listed twice")
    return items
