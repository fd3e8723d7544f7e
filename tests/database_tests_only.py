"""``pytest --database-tests-only`` (``make test-postgres``): run again, on PostgreSQL, only the
tests that use a database. The others ran in ``make test`` and would do the same here:
pytest-django refuses a database to any test without a ``django_db`` mark or a database
fixture, so such a test never sees which database the run has. They are deselected, not
skipped, and the run's summary says how many and why."""

import pytest

OPTION = "--database-tests-only"

DATABASE_FIXTURES = frozenset({"db", "transactional_db", "live_server", "django_db_setup"})
"""The fixtures through which a test reaches a database, directly or through one of its own
fixtures (``item.fixturenames`` is the whole closure). Every one of them needs
``django_db_setup``, the creation of the test databases; ``django_db_blocker`` is no sign,
since pytest-django's own autouse fixtures use it in every test."""

_COUNTS = pytest.StashKey[dict]()
_WORKER_OUTPUT_KEY = "database_tests_only"


def addoption(parser) -> None:
    parser.addoption(
        OPTION,
        action="store_true",
        help="deselect the tests that use no database (make test-postgres: they ran in make test)",
    )


def register(config) -> None:
    config.pluginmanager.register(DatabaseTestsOnly(), "database-tests-only")


def uses_a_database(item) -> bool:
    """Whether a test can reach a database: a ``django_db`` mark or a database fixture."""
    fixtures = set(getattr(item, "fixturenames", ()))
    return item.get_closest_marker("django_db") is not None or bool(fixtures & DATABASE_FIXTURES)


class DatabaseTestsOnly:
    # trylast: after ``-m`` has deselected its own, so the counts are of the selected tests.
    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config, items):
        if not config.getoption(OPTION):
            return
        kept = [item for item in items if uses_a_database(item)]
        deselected = [item for item in items if not uses_a_database(item)]
        if deselected:
            config.hook.pytest_deselected(items=deselected)
            items[:] = kept
        counts = {"kept": len(kept), "deselected": len(deselected)}
        # Under pytest-xdist each worker collects (and deselects) the whole suite; the
        # controller, which collects nothing, gets the counts back from the workers.
        if hasattr(config, "workeroutput"):
            config.workeroutput[_WORKER_OUTPUT_KEY] = counts
        else:
            config.stash[_COUNTS] = counts

    @pytest.hookimpl(optionalhook=True)
    def pytest_testnodedown(self, node, error):
        counts = getattr(node, "workeroutput", {}).get(_WORKER_OUTPUT_KEY)
        if counts is not None:
            node.config.stash[_COUNTS] = counts

    def pytest_terminal_summary(self, terminalreporter, exitstatus, config):
        counts = config.stash.get(_COUNTS, None)
        if counts is not None:
            terminalreporter.write_line(
                f"{OPTION}: ran the {counts['kept']} selected tests that use a database and "
                f"deselected the {counts['deselected']} that use none (no django_db mark, no "
                "database fixture): they ran in make test, and no database changes them"
            )
