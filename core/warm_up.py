"""What a web process does once, before its first request, rather than during it.

Django builds some things on first use and keeps them for the life of the process: each template
is compiled the first time a page renders it (the cached loader), the URL resolver is populated
by the first ``reverse()``, a language's message catalogue is read the first time it is active.
A freshly started web process therefore answers its first requests slowly, all of them at once
when a burst starts a deploy's processes: on the 1,000-league volume, a first pass over the four
games' league, team and match pages and a fixtures list cost 1.0 s of CPU, the second 0.47 s
(AMD EPYC, 2 cores, 2026-11-29). :func:`warm_up` does that work when the worker boots
(``config/gunicorn.conf.py``), before the garbage collector freezes what the process holds.
"""

from pathlib import Path

from django.conf import settings
from django.template import engines
from django.urls import get_resolver, reverse
from django.utils import translation

TEMPLATE_SUFFIXES = (".html", ".txt")


def _project_templates(directory: Path) -> list[str]:
    """The template names under ``directory``, a template directory of the project's own."""
    return sorted(
        str(path.relative_to(directory))
        for path in directory.rglob("*")
        if path.suffix in TEMPLATE_SUFFIXES and path.is_file()
    )


def warm_up() -> int:
    """Compile the project's templates, populate the URL resolver and read every language's
    catalogue; the number of templates compiled. Third-party templates (the admin's, allauth's)
    are left to their first use."""
    reverse("league:list")
    get_resolver().resolve("/leagues/")
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            translation.gettext("Leagues")
    base = Path(settings.BASE_DIR).resolve()
    compiled = 0
    for engine in engines.all():
        for directory in engine.template_dirs:
            directory = Path(directory).resolve()
            if not directory.is_relative_to(base) or ".venv" in directory.parts:
                continue
            for name in _project_templates(directory):
                engine.get_template(name)
                compiled += 1
    return compiled
