"""The API's JSON parser: refuses a NUL character anywhere in a body, naming where.

PostgreSQL text cannot hold NUL (0x00), so a NUL in any string, even one only looked up
(a username, a filter), would fail deep in the database; it is refused at the door instead.
"""

from typing import Any

from django.utils.translation import gettext as _
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


def nul_path(value: Any, path: str = "") -> str | None:
    """Where ``value`` holds a NUL character (``"house_rules.ranking.0"``), or None."""
    if isinstance(value, str):
        return (path or "(the body)") if "\x00" in value else None
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, item in items:
        if isinstance(key, str) and "\x00" in key:
            return f"{path}.{key!r}".lstrip(".")
        found = nul_path(item, f"{path}.{key}".lstrip("."))
        if found:
            return found
    return None


class StrictJSONParser(JSONParser):
    def parse(self, stream, media_type=None, parser_context=None):
        data = super().parse(stream, media_type, parser_context)
        where = nul_path(data)
        if where is not None:
            raise ParseError(_("%(field)s: text may not contain the NUL character.") % {"field": where})
        return data
