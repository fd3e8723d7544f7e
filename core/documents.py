"""Stored JSON documents that outlive the code that wrote them: versioned, checked on write,
upgraded on read.

A game keeps JSON the engine produced or read (a match record, the sheets frozen at kick-off,
a result report) in a ``JSONField``. Each such document has a :class:`DocumentKind`: its
current version, a JSON Schema the current code writes, and one upgrade per older version.
``stamp`` checks a document against the schema and marks it with its version before it is
stored (a document that does not match is a bug: :class:`DocumentError`); ``read`` brings a
stored document of any older version to the current shape before anyone reads it by key.
A document stored before versions existed counts as version 1.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

import jsonschema_rs

VERSION_KEY = "document_version"


class DocumentError(ValueError):
    """A document the code is about to store does not match its own schema: a bug."""


@dataclass(frozen=True)
class DocumentKind:
    name: str
    version: int
    schema: Mapping[str, Any]
    upgrades: Mapping[int, Callable[[dict[str, Any]], dict[str, Any]]] = field(default_factory=dict)
    """``upgrades[v]`` turns a version-``v`` document into a version ``v + 1`` one."""
    validator: Any = field(init=False, repr=False, compare=False)
    """The schema compiled by jsonschema-rs, once per kind (a match record's roll log is
    checked in microseconds, where the pure-Python ``jsonschema`` took milliseconds). Formats
    are annotations only, as JSON Schema 2020-12 reads them."""

    def __post_init__(self) -> None:
        # Compiling checks the schema against its meta-schema: a broken one fails at import.
        validator = jsonschema_rs.Draft202012Validator(self.schema, validate_formats=False)
        object.__setattr__(self, "validator", validator)
        missing = [v for v in range(1, self.version) if v not in self.upgrades]
        if missing:
            raise ValueError(f"{self.name}: no upgrade from version(s) {missing}")


def stamp(kind: DocumentKind, document: Mapping[str, Any]) -> dict[str, Any]:
    """``document`` checked against ``kind``'s schema and marked with its current version.

    A valid document costs one ``is_valid``; only an invalid one has its errors listed, the
    message naming the first by place."""
    data = {key: value for key, value in document.items() if key != VERSION_KEY}
    if kind.validator.is_valid(data):
        return {**data, VERSION_KEY: kind.version}
    errors = sorted(kind.validator.iter_errors(data), key=lambda e: list(e.instance_path))
    first = errors[0]
    where = "/".join(str(part) for part in first.instance_path) or "(the document)"
    raise DocumentError(f"{kind.name} v{kind.version}: {where}: {first.message}")


def stamp_many(kind: DocumentKind, documents: list[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Many documents of one kind (a season generated in bulk), each checked and marked as
    ``stamp`` does: with the compiled schema, checking every one costs microseconds."""
    return [stamp(kind, document) for document in documents]


def read(kind: DocumentKind, document: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A stored document in the current shape, whatever version wrote it (None stays None)."""
    if document is None:
        return None
    data = dict(document)
    version = int(data.pop(VERSION_KEY, 1))
    if version > kind.version:
        raise DocumentError(f"{kind.name}: version {version} is newer than this code's")
    while version < kind.version:
        data = kind.upgrades[version](data)
        version += 1
    return data
