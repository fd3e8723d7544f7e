"""A migrated SQLite database, made once and copied: each in-memory SQLite test database (one
per pytest-xdist worker) and `make api-fuzz`'s demo start as a copy of this template instead of
running every migration again (19 s of a core for each worker here, against under a second for
the copy).

The template is named after a digest of everything the migrations' outcome depends on, so a
stale one is never used: the source of every migration in the graph (the project's and the
installed packages'), of the project's modules that a migration or a ``post_migrate`` receiver
imports (and of the project's modules those import, and so on), the installed packages and
their versions, the installed apps, and the SQLite library's version. A change to any of them
names another file, made on first use under a lock: the first test worker runs the migrations
as Django does and keeps its database as the template, the others wait for it and copy it.
The older files are removed then. They live in ``.test-databases/`` (ignored by git, removed by
`make clean`).

``python -m tests.sqlite_template`` prints the current template's path, making it first if
needed (tests/api_fuzz.sh copies it; .ci/run makes it before the SQLite steps)."""

import ast
import fcntl
import hashlib
import importlib.metadata
import importlib.util
import inspect
import os
import sqlite3
import sys
import weakref
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DIRECTORY = ROOT / ".test-databases"


def _is_the_projects(path: Path) -> bool:
    return path.is_relative_to(ROOT) and "site-packages" not in path.parts


def _imported_modules(path: Path, package: str) -> set[str]:
    """The modules a source file imports, anywhere in it (a migration imports inside its
    functions too), with the packages ``from x import y`` may name as ``y``."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_bytes(), filename=str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                base = f"{parent}.{base}" if base else parent
            names.add(base)
            names.update(f"{base}.{alias.name}" for alias in node.names)
    return names


def _project_sources(modules: set[str]) -> dict[str, Path]:
    """The files of the project's modules among ``modules`` and of every project module they
    import, transitively."""
    found: dict[str, Path] = {}
    waiting = set(modules)
    while waiting:
        name = waiting.pop()
        if name in found:
            continue
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):  # ``from x import a_function``: not a module
            continue
        if spec is None or spec.origin is None or not spec.has_location:
            continue
        path = Path(spec.origin).resolve()
        if not _is_the_projects(path):
            continue
        found[name] = path
        package = name if spec.submodule_search_locations is not None else name.rpartition(".")[0]
        waiting |= _imported_modules(path, package) - found.keys()
    return found


def _migrations() -> list:
    """The migrations of the graph (none when they are turned off, as by ``--nomigrations``)."""
    from django.db.migrations.loader import MigrationLoader

    return list(MigrationLoader(None, ignore_no_migrations=True).disk_migrations.values())


def sources() -> dict[str, Path]:
    """The source files a migrated database's content depends on, by module: every migration
    of the graph, and the project's modules a migration or a ``post_migrate`` receiver imports,
    with those they import in turn."""
    from django.db.models.signals import post_migrate

    migrations = {}
    for migration in _migrations():
        module = sys.modules[type(migration).__module__]
        migrations[module.__name__] = Path(module.__file__).resolve()
    imported = set()
    for _, receiver, *_ in post_migrate.receivers:
        if isinstance(receiver, weakref.ReferenceType):
            receiver = receiver()
        if receiver is not None:
            imported.add(inspect.getmodule(receiver).__name__)
    for name, path in migrations.items():
        if _is_the_projects(path):
            imported |= _imported_modules(path, name.rpartition(".")[0])
    return {**_project_sources(imported), **migrations}


def digest() -> str:
    """A digest of what a migrated database's content depends on (the module docstring)."""
    from django.conf import settings

    files = sources()
    packages = sorted(
        f"{distribution.metadata['Name']}=={distribution.version}"
        for distribution in importlib.metadata.distributions()
    )
    hashed = hashlib.sha256()
    for part in (
        sqlite3.sqlite_version,
        *settings.INSTALLED_APPS,
        *packages,
        *(f"{name}:{files[name].read_text()}" for name in sorted(files)),
    ):
        hashed.update(part.encode())
        hashed.update(b"\0")
    return hashed.hexdigest()[:20]


@contextmanager
def _current() -> Iterator[Path]:
    """The current template's path (it may not exist yet), under a lock: one process makes it,
    the others wait for it."""
    DIRECTORY.mkdir(exist_ok=True)
    path = DIRECTORY / f"migrated-{digest()}.sqlite3"
    with open(DIRECTORY / "lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield path


def _keep(connection, path: Path) -> None:
    """A just migrated database (``connection``'s) kept as the template ``path``; the older
    templates removed."""
    building = path.with_suffix(".building")
    building.unlink(missing_ok=True)
    with closing(sqlite3.connect(building)) as copy:
        connection.connection.backup(copy)
    building.replace(path)
    for older in DIRECTORY.glob("migrated-*.sqlite3"):
        if older != path:
            older.unlink()


def create_test_db(creation, verbosity=1, autoclobber=False, serialize=None, keepdb=False):
    """Django's ``create_test_db`` (SQLite's ``DatabaseCreation`` while tests/conftest.py's
    ``django_db_setup`` runs) with the template copied in where Django would run every
    migration, or, when there is no template yet, Django's own, kept as the template. A test
    database on a file, or one made without migrations (``TEST: MIGRATE``, ``--nomigrations``),
    is Django's own."""
    from django.conf import settings
    from django.core.management import call_command
    from django.db.backends.base.creation import BaseDatabaseCreation

    connection = creation.connection
    name = creation._get_test_db_name()
    migrations_off = connection.settings_dict["TEST"]["MIGRATE"] is False or not _migrations()
    if not creation.is_in_memory_db(name) or migrations_off:
        return BaseDatabaseCreation.create_test_db(
            creation, verbosity, autoclobber, serialize, keepdb
        )
    with _current() as template:
        if not template.exists():
            name = BaseDatabaseCreation.create_test_db(
                creation, verbosity, autoclobber, serialize, keepdb
            )
            _keep(connection, template)
            return name
        creation._create_test_db(verbosity, autoclobber, keepdb)
        connection.close()
        settings.DATABASES[connection.alias]["NAME"] = name
        connection.settings_dict["NAME"] = name
        connection.ensure_connection()
        with closing(sqlite3.connect(template)) as migrated:
            migrated.backup(connection.connection)
    call_command("createcachetable", database=connection.alias)
    return name


def main() -> None:
    """Print the current template's path, making it first (the migrations run in memory) if
    there is none yet."""
    import django
    from django.core.management import call_command
    from django.db import connection

    os.environ["DATABASE_URL"] = "sqlite://:memory:"
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tests.settings")
    django.setup()
    with _current() as template:
        if not template.exists():
            call_command("migrate", interactive=False, verbosity=0)
            _keep(connection, template)
    print(template)


if __name__ == "__main__":
    main()
