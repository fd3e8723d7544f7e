"""Names people type (leagues, seasons, teams, players, armies, roster entries): visible
characters only.

A line break in a team's name broke its calendar feed (and would split a CSV line or an email
header); a right-to-left override makes ``Wolves`` read ``sevloW`` on every page that shows it;
a zero-width space makes two names look the same. :func:`validate_name` refuses control
characters (line breaks and tabs included), format characters (zero-width spaces and joiners,
the byte-order mark, the text-direction marks, embeddings, overrides and isolates
U+202A-U+202E, U+2066-U+2069), line and paragraph separators and lone surrogates. The forms,
serializers and models of every name field use it; the error names the field.
"""

import unicodedata

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.refusals import Refused

INVISIBLE = {"Cc", "Cf", "Cs", "Zl", "Zp"}
"""Unicode categories refused in a name: control, format, surrogate, line and paragraph
separators."""


def validate_name(value: str) -> None:
    for character in value:
        if unicodedata.category(character) in INVISIBLE:
            raise ValidationError(
                _(
                    "Use visible characters only: %(code)s is a control, invisible or "
                    "text-direction character."
                ),
                code="invalid_character",
                params={"code": f"U+{ord(character):04X}"},
            )


class NameField(models.CharField):
    """A model's name column: a ``CharField`` with :func:`validate_name`, so that model forms
    and model serializers refuse what it refuses. Migrations see a plain ``CharField`` (a
    validator changes nothing in the database)."""

    default_validators = [validate_name]

    def deconstruct(self):
        name, _path, args, kwargs = super().deconstruct()
        return name, "django.db.models.CharField", args, kwargs


def name_clean(value: str, *, max_length: int, field: str = "name") -> str:
    """A name a service is given to store (a gladiator's, a player's): stripped, not blank, at
    most ``max_length`` characters, visible characters only; refused on ``field``."""
    name = (value or "").strip()
    if not name:
        raise Refused("name_required", _("Give a name."), field=field)
    if len(name) > max_length:
        raise Refused(
            "name_too_long",
            _("A name has at most %(max)s characters."),
            field=field,
            max=max_length,
        )
    try:
        validate_name(name)
    except ValidationError as error:
        raise ValidationError({field: error.error_list}) from None
    return name
