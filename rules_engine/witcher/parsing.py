"""Small checks shared by the Witcher input parsers.

Every failure is an :class:`~rules_engine.errors.InvalidInput` naming a dotted field path
(``attacker.troops.2.count``; list positions count from 0). Booleans are refused where an
integer is expected (``True`` is an ``int`` to Python, not to a battle card).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from rules_engine.errors import InvalidInput


def join(prefix: str, key: str | int) -> str:
    return f"{prefix}.{key}" if prefix else str(key)


def mapping(data: object, field: str) -> Mapping[str, Any]:
    if type(data) is dict:
        return data
    if not isinstance(data, Mapping):
        raise InvalidInput(field or "input", "must be an object")
    return data


def only_keys(data: Mapping[str, Any], known: Collection[str], field: str, what: str) -> None:
    """Refuse keys outside ``known``: a misspelt setting must not fall back to its default."""
    for key in data:
        if key not in known:
            names = ", ".join(known)
            raise InvalidInput(join(field, str(key)), f"is not {what} (known: {names})")


def require(data: Mapping[str, Any], key: str, field: str) -> Any:
    if key not in data:
        raise InvalidInput(join(field, key), "is required")
    return data[key]


# -- reading one key of an object ----------------------------------------------------------
# A battle is parsed at every resolution: these read ``source[key]`` and accept a good value
# with one check, joining the field path ``field.key`` only to word an error.

REQUIRED: Any = object()  # the default of a key that must be present


def integer_at(
    source: Mapping[str, Any],
    key: str,
    field: str,
    low: int,
    high: int | None = None,
    default: Any = REQUIRED,
) -> int:
    """``source[key]`` as :func:`integer` checks it (``default`` when the key is absent)."""
    value = source.get(key, default)
    if type(value) is int and value >= low and (high is None or value <= high):
        return value
    if value is REQUIRED:
        raise InvalidInput(join(field, key), "is required")
    return integer(value, join(field, key), low, high)


def text_at(source: Mapping[str, Any], key: str, field: str) -> str:
    """``source[key]`` as :func:`text` checks it (required)."""
    value = source.get(key, REQUIRED)
    if type(value) is str and value.strip():
        return value
    if value is REQUIRED:
        raise InvalidInput(join(field, key), "is required")
    return text(value, join(field, key))


def boolean_at(source: Mapping[str, Any], key: str, field: str, default: bool = False) -> bool:
    """``source[key]`` as :func:`boolean` checks it (``default`` when the key is absent)."""
    value = source.get(key, default)
    if value is True or value is False:
        return value
    return boolean(value, join(field, key))


def integer(value: object, field: str, low: int, high: int | None = None) -> int:
    if type(value) is not int or value < low or (high is not None and value > high):
        if high is None:
            raise InvalidInput(field, f"must be an integer of at least {low}")
        raise InvalidInput(field, f"must be an integer between {low} and {high}")
    return value


def boolean(value: object, field: str) -> bool:
    if not isinstance(value, bool):
        raise InvalidInput(field, "must be true or false")
    return value


def text(value: object, field: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise InvalidInput(field, "must be a non-empty string")
    return value


def share(value: object, field: str) -> float:
    """A probability from 0 to 1 (integers 0 and 1 included, booleans refused)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 <= value <= 1:
        raise InvalidInput(field, "must be a number from 0 to 1")
    return float(value)


def choice[E](value: object, field: str, choices: Mapping[str, E]) -> E:
    if isinstance(value, str) and value in choices:
        return choices[value]
    raise InvalidInput(field, f"must be one of {', '.join(choices)}")


def phase_key(key: object, field: str) -> int:
    """A phase given as a JSON object key: ``"1"``, ``"2"`` or ``"3"``."""
    if key not in ("1", "2", "3"):
        raise InvalidInput(join(field, str(key)), "is not a phase (known: 1, 2, 3)")
    return int(str(key))
