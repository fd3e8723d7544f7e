"""The API's JSON parser: refuses a NUL character anywhere in a body, naming where, and a body
nested deeper than ``MAX_DEPTH``.

PostgreSQL text cannot hold NUL (0x00), so a NUL in any string, even one only looked up
(a username, a filter), would fail deep in the database; it is refused at the door instead.
No resource nests more than a few levels; a thousand ``[`` would exhaust Python's recursion
in the parser or in whatever walks the data next.
"""

from typing import Any

from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

MAX_DEPTH = 32


class TooDeep(Exception):
    pass


def nul_path(value: Any, path: str = "", depth: int = 0) -> str | None:
    """Where ``value`` holds a NUL character (``"house_rules.ranking.0"``), or None;
    ``TooDeep`` when lists and objects nest more than ``MAX_DEPTH`` levels."""
    if isinstance(value, dict | list) and depth >= MAX_DEPTH:
        raise TooDeep
    if isinstance(value, str):
        return (path or "(the body)") if "\x00" in value else None
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    for key, item in items:
        if isinstance(key, str) and "\x00" in key:
            return f"{path}.{key!r}".lstrip(".")
        found = nul_path(item, f"{path}.{key}".lstrip("."), depth + 1)
        if found:
            return found
    return None


class StrictJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        try:
            data = super().parse(stream, media_type, parser_context)
            where = nul_path(data)
        except (RecursionError, TooDeep):
            raise ParseError(
                _("JSON parse error - nested more than %(depth)s levels deep.")
                % {"depth": MAX_DEPTH}
            ) from None
        if where is not None:
            raise ParseError(
                _("%(field)s: text may not contain the NUL character.") % {"field": where}
            )
        return data
