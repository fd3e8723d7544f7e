"""Reading a roster-data file (JSON or YAML) into checked plain data, with errors that name the
line and the field.

The file holds ``skills``, ``pitches``, ``experience``, ``team_lists`` (each with its
``positions``) and ``champions``, each item in the shape the engine reads
(``rules_engine.mythril.roster``'s ``from_dict``). JSON is read by the YAML parser too (JSON
is YAML), which keeps each value's line: an error says ``line 12: team_lists.0.positions.2.cost:
must be a whole number from 0``. Nothing is written here:
:func:`systems.mythril.services.roster.roster_data_import` stores what this returns.

The file is at most 1 MB, takes no YAML anchors or aliases and nests at most ``MAX_DEPTH``
levels, all refused while it is read, before anything walks the data; names and races take
visible characters only (``core.names``).
"""

from typing import Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from core.names import validate_name
from core.refusals import Refused
from rules_engine import InvalidInput
from rules_engine.mythril.sample import (
    MAX_DEPTH,
    RosterFileError,
    line_of,
    parse_roster_file,
    roster_sections,
)

MAX_BYTES = 1_000_000
MAX_CHARS = MAX_BYTES  # a text field's bound: no character is shorter than a byte
SECTIONS = ("skills", "pitches", "experience", "team_lists", "champions")
UNIQUE = {"skills": "name", "pitches": "name", "team_lists": "race", "champions": "name"}
NAMES = ("name", "race")


class ImportRefused(Refused):
    def __init__(self, field: str, message: str, line: int | None) -> None:
        where = _("line %(line)s: ") % {"line": line} if line else ""
        super().__init__(
            "roster_data_invalid",
            f"{where}{field}: {message}".replace("%", "%%"),  # worded already: no placeholder
            field=field,
            line=line,
        )


def read_upload(upload) -> str:
    """An uploaded file's text: refused, before it is read, when larger than ``MAX_BYTES``;
    refused when it is not UTF-8 text (a spreadsheet or an image sent by mistake)."""
    if upload.size > MAX_BYTES:
        raise ImportRefused("file", _("the file is larger than 1 MB."), None)
    raw = upload.read(MAX_BYTES + 1)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        raise ImportRefused(
            "file", _("not a text file: save the roster data as UTF-8 JSON or YAML."), None
        ) from None


MESSAGES = {
    "json": gettext_noop("not valid JSON: %(error)s"),
    "syntax": gettext_noop("not valid JSON or YAML: %(error)s"),
    "alias": gettext_noop("anchors and aliases (& and *) are not allowed"),
    "depth": gettext_noop("nested more than %(depth)s levels deep"),
}
"""The engine's reading errors (``RosterFileError.code``) in the reader's language."""


def read(text: str, *, filename: str = "") -> dict[str, Any]:
    """The file's data, read by the engine's safe reader with the line of each path, then
    :func:`checked`; ``ImportRefused`` on a syntax error, worded in the reader's language."""
    if len(text.encode()) > MAX_BYTES:
        raise ImportRefused("file", _("the file is larger than 1 MB."), None)
    try:
        data, lines = parse_roster_file(text, filename)
    except RosterFileError as exc:
        code = exc.code if exc.code in MESSAGES else "syntax"
        said = _(MESSAGES[code]) % {"depth": MAX_DEPTH, "error": exc.detail}
        if code in ("alias", "depth"):  # refused while read: worded as a syntax error
            said = _(MESSAGES["syntax"]) % {"error": said}
        raise ImportRefused("file", said, exc.line) from None
    return checked(data, lines)


def _check_unique(items: list, key: str, path: str, lines: dict[str, int]) -> None:
    seen: set[object] = set()
    for index, item in enumerate(items):
        value = item.get(key) if isinstance(item, dict) else None
        if value is not None and value in seen:
            field = f"{path}.{index}.{key}"
            raise ImportRefused(
                field, _("%(value)s appears twice") % {"value": value}, line_of(field, lines)
            )
        seen.add(value)


def _check_names(value: object, path: str, lines: dict[str, int]) -> None:
    """Every ``name`` and ``race`` in visible characters only (``core.names``)."""
    if isinstance(value, list):
        value = dict(enumerate(value))
    for key, item in value.items() if isinstance(value, dict) else ():
        field = f"{path}.{key}" if path else str(key)
        if key in NAMES and isinstance(item, str):
            try:
                validate_name(item)
            except ValidationError as exc:
                raise ImportRefused(field, exc.messages[0], line_of(field, lines)) from None
        _check_names(item, field, lines)


def checked(data: object, lines: dict[str, int]) -> dict[str, Any]:
    """The roster data as the engine reads it (each item through its type's ``from_dict``, then
    back ``to_dict``); ``ImportRefused`` naming the first bad field and its line."""
    if not isinstance(data, dict):
        raise ImportRefused(
            "file",
            _("the file must hold an object with %(keys)s") % {"keys": ", ".join(SECTIONS)},
            1,
        )
    for key in data:
        if key not in SECTIONS:
            raise ImportRefused(
                str(key),
                _("is not a section (known: %(known)s)") % {"known": ", ".join(SECTIONS)},
                line_of(str(key), lines),
            )
    _check_names(data, "", lines)
    try:
        result = roster_sections(data)
    except InvalidInput as exc:
        raise ImportRefused(exc.field, exc.message, line_of(exc.field, lines)) from None
    for section, key in UNIQUE.items():
        _check_unique(data.get(section) or [], key, section, lines)
    if not result["team_lists"]:
        raise ImportRefused(
            "team_lists", _("give at least one team list"), line_of("team_lists", lines)
        )
    return result
