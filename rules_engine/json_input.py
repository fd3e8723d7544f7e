"""Checks shared by the command-line tools' JSON inputs: every refusal an
:class:`~rules_engine.errors.InvalidInput` naming the field by its dotted path."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rules_engine.errors import InvalidInput


def path(prefix: str, key: str | int) -> str:
    """``games.1.score``: a field's path under ``prefix`` (the document itself when empty)."""
    return f"{prefix}.{key}" if prefix else str(key)


def json_object(
    data: object, field: str, *, required: tuple[str, ...], optional: tuple[str, ...] = ()
) -> Mapping[str, Any]:
    """``data`` as an object holding every ``required`` key and nothing unknown."""
    if not isinstance(data, Mapping):
        raise InvalidInput(field or "input", "must be a JSON object")
    known = required + optional
    for key in data:
        if key not in known:
            raise InvalidInput(
                path(field, key), f"is not an input here (known: {', '.join(known)})"
            )
    for key in required:
        if key not in data:
            raise InvalidInput(path(field, key), "is required")
    return data


def json_array(data: object, field: str) -> Sequence[Any]:
    if isinstance(data, str | bytes) or not isinstance(data, Sequence):
        raise InvalidInput(field, "must be a JSON array")
    return data
