"""A page's address by a row's id, without Django's ``reverse`` for every row.

``reverse`` costs about as much as rendering the rest of a table row: a team page lists 76
fixtures and their opponents, a league page 20 teams twice. :func:`id_url` reverses a route
that takes one integer id once per route, script prefix and URLconf, with a sentinel id, and
then puts each row's id in its place: the same address ``reverse(name, args=[pk])`` gives.
"""

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse

_SENTINEL = 918273645546372819
_templates: dict[tuple[str, str, object], str] = {}


def id_url(name: str, pk: int) -> str:
    """``reverse(name, args=[pk])`` for a route whose only argument is an integer id."""
    key = (name, get_script_prefix(), get_urlconf() or settings.ROOT_URLCONF)
    template = _templates.get(key)
    if template is None:
        template = _templates[key] = reverse(name, args=[_SENTINEL])
    return template.replace(str(_SENTINEL), str(int(pk)))
