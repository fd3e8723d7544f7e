"""The migrated SQLite database the test databases are copied from (tests/sqlite_template.py):
named after the code its migrations ran, and a copy of it has every migration applied."""

from pathlib import Path

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from tests import sqlite_template


def test_its_name_depends_on_the_migrations_and_the_project_code_they_run():
    sources = sqlite_template.sources()

    assert {
        "ledger.migrations.0002_invariants",  # the project's migrations
        "django.contrib.auth.migrations.0001_initial",  # and the packages'
        "ledger.sqlite",  # imported by a migration, and a post_migrate receiver's
        "matches.standings_keeping",  # imported inside a migration's function
        "matches.table_results.moving",  # imported by a migration
        "systems.tutatis.sample_lists",
        "matches.models",  # imported by matches.standings_keeping
    } <= sources.keys()
    assert "systems.rotzball.views" not in sources  # no migration runs it


def test_a_change_to_the_code_a_migration_runs_names_another_template(monkeypatch):
    before = sqlite_template.digest()
    changed = sqlite_template.sources()["ledger.sqlite"]
    read_text = Path.read_text
    monkeypatch.setattr(
        Path,
        "read_text",
        lambda path, *args, **kwargs: read_text(path, *args, **kwargs) + "#" * (path == changed),
    )

    assert sqlite_template.digest() != before


@pytest.mark.django_db
def test_a_test_database_has_every_migration_applied():
    executor = MigrationExecutor(connection)

    assert executor.migration_plan(executor.loader.graph.leaf_nodes()) == []
