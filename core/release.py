"""The release the process runs, for the keys of the answers kept in the shared cache
(``core.page_cache``): an answer a release rendered is never served by the next one. A league
that nothing changed keeps its version across a deploy, and its kept pages would otherwise
outlive the code that rendered them for up to ``PAGE_CACHE_TTL`` (a day), with the old
wording, the old statistics and links to static files the new release no longer has.

``RELEASE`` (the image tag or the commit, set by the deploy) names it when set. Otherwise it is
a digest of the name, size and modification time of every file an answer is made from under
the project's folder (code, templates, translations, static files, ``pyproject.toml``'s
dependencies and ``collectstatic``'s manifest), read once a process: a few milliseconds, and
the same in every process of one deploy (one image, one checkout).
"""

import functools
import hashlib
import os

from django.conf import settings

SOURCES = (".py", ".html", ".txt", ".mo", ".css", ".js", ".svg", ".json", ".toml")
"""The files an answer is made from, by how their names end."""
NOT_SOURCES = {"tests", "docs", "site", "loadtests", "staticfiles", "node_modules"}
"""Folders of the project that no answer is made from (``staticfiles``: ``collectstatic``'s
copies; its manifest is read on its own). Hidden and ``__`` folders are left out too."""


@functools.cache
def release() -> str:
    """The release's name: ``RELEASE``, else the digest of the project's files."""
    if settings.RELEASE:
        return settings.RELEASE
    root = str(settings.BASE_DIR)
    digest = hashlib.sha256()
    for folder, folders, files in os.walk(root):
        folders[:] = sorted(
            name for name in folders if name not in NOT_SOURCES and not name.startswith((".", "__"))
        )
        for name in sorted(files):
            if name.endswith(SOURCES):
                _add(digest, os.path.join(folder, name), root)
    _add(digest, os.path.join(settings.STATIC_ROOT, "staticfiles.json"), root)
    return digest.hexdigest()[:16]


def _add(digest: "hashlib._Hash", path: str, root: str) -> None:
    try:
        found = os.stat(path)
    except FileNotFoundError:
        return
    digest.update(f"{os.path.relpath(path, root)}:{found.st_size}:{found.st_mtime_ns}\n".encode())
