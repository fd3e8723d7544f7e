"""A model's ``get_FOO_display`` without Django's dictionary built again at every call.

Django's own ``get_FOO_display`` flattens the field's choices and hashes every label (a lazy
translation, so each is translated) each time it is called: on a page that shows a status in
each of 38 rows it cost as much as the rest of a row. :func:`choice_display` reads the labels
of a field's ``Choices`` once, and gives the same words: the label in the active language, or
the stored value itself when it is no choice. A model declares it as the method Django would
have added (Django keeps a ``get_FOO_display`` the class defines)::

    get_status_display = choice_display("status", Status)
"""

from collections.abc import Callable
from typing import Any

from django.db import models
from django.utils.encoding import force_str


def choice_display(field: str, choices: type[models.Choices]) -> Callable[[Any], Any]:
    """``get_<field>_display`` for a field whose choices are ``choices.choices``."""
    labels = dict(choices.choices)

    def display(self: models.Model) -> Any:
        value = getattr(self, field)
        return force_str(labels.get(value, value), strings_only=True)

    display.__name__ = display.__qualname__ = f"get_{field}_display"
    display.__doc__ = f"The label of ``{field}`` in the active language (Django's own, faster)."
    return display
