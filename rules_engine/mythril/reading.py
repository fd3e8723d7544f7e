"""Reading plain dicts (JSON, YAML, a model's JSON field) into the engine's types.

A :class:`Reader` wraps one object with its dotted path (``team_list.positions.2``) and
answers typed questions about its keys; every wrong answer is an
:class:`~rules_engine.errors.InvalidInput` whose ``field`` is the full path of the key.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from rules_engine.errors import InvalidInput

_ABSENT: Any = object()


def path_of(parent: str, key: str | int) -> str:
    """``parent.key``, or ``key`` alone at the top."""
    return f"{parent}.{key}" if parent else str(key)


def whole_number(value: object, field: str, *, low: int | None = None) -> int:
    """An int (a bool is refused) not below ``low``."""
    if type(value) is not int:
        raise InvalidInput(field, "must be a whole number")
    if low is not None and value < low:
        raise InvalidInput(field, f"must be {low} or more")
    return value


class Reader:
    """One JSON object at ``path``; ``allowed`` (if given) refuses any other key."""

    __slots__ = ("data", "path")

    def __init__(self, data: object, path: str = "", *, allowed: tuple[str, ...] = ()) -> None:
        if not isinstance(data, Mapping):
            raise InvalidInput(path or "input", "must be an object")
        self.data: Mapping[str, Any] = data
        self.path = path
        if allowed:
            for key in data:
                if key not in allowed:
                    known = ", ".join(allowed)
                    raise InvalidInput(self.field(str(key)), f"is not expected here ({known})")

    def field(self, key: str | int) -> str:
        return path_of(self.path, key)

    def _value(self, key: str, default: Any) -> Any:
        if key in self.data:
            return self.data[key]
        if default is _ABSENT:
            raise InvalidInput(self.field(key), "is required")
        return default

    def has(self, key: str) -> bool:
        return key in self.data

    def number(self, key: str, default: int = _ABSENT, *, low: int | None = 0) -> int:
        value = self._value(key, default)
        return whole_number(value, self.field(key), low=low)

    def flag(self, key: str, default: bool = _ABSENT) -> bool:
        value = self._value(key, default)
        if not isinstance(value, bool):
            raise InvalidInput(self.field(key), "must be true or false")
        return value

    def name(self, key: str, default: str = _ABSENT) -> str:
        value = self._value(key, default)
        if not isinstance(value, str) or not value.strip():
            raise InvalidInput(self.field(key), "must be a non-empty text")
        return value.strip()

    def optional_name(self, key: str) -> str | None:
        return None if self.data.get(key) is None else self.name(key)

    def names(self, key: str, default: tuple[str, ...] = _ABSENT) -> tuple[str, ...]:
        """A list of non-empty texts."""
        value = self._value(key, default)
        if isinstance(value, tuple):
            value = list(value)
        if not isinstance(value, list):
            raise InvalidInput(self.field(key), "must be a list of texts")
        found: list[str] = []
        for index, item in enumerate(value):
            if not isinstance(item, str) or not item.strip():
                raise InvalidInput(path_of(self.field(key), index), "must be a non-empty text")
            found.append(item.strip())
        return tuple(found)

    def items(self, key: str, default: list[Any] | None = None) -> Iterator[tuple[str, Any]]:
        """Each element of a list with its path; a missing key is required unless defaulted."""
        value = self._value(key, _ABSENT if default is None else default)
        if not isinstance(value, (list, tuple)):
            raise InvalidInput(self.field(key), "must be a list")
        for index, item in enumerate(value):
            yield path_of(self.field(key), index), item

    def child(self, key: str, *, allowed: tuple[str, ...] = (), default: Any = _ABSENT) -> Reader:
        return Reader(self._value(key, default), self.field(key), allowed=allowed)

    def raw(self, key: str, default: Any = _ABSENT) -> Any:
        return self._value(key, default)
