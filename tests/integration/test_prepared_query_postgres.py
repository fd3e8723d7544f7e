"""core.prepared_query on PostgreSQL: the same rows as the ORM's through a server-binding
cursor (the tests of tests/core run again here), and the query kept prepared by the server
after PREPARE_AFTER runs on a connection; the ORM's own queries too, with
DATABASE_PREPARED_STATEMENTS on (the default; tests/config checks the settings it makes); and
nothing prepared behind PgBouncer in transaction pooling (DATABASE_TRANSACTION_POOLING)."""

import pytest
from django.conf import settings
from django.db import connection
from django.test.utils import CaptureQueriesContext

from core.prepared_query import PREPARE_AFTER
from matches.models import Fixture
from tests.core.test_prepared_query import (  # noqa: F401  (collected again, on PostgreSQL)
    rows,
    test_a_value_must_reach_the_sql_once,
    test_related_rows_are_cached_and_deferred_fields_load_on_demand,
    test_rows_are_those_of_the_queryset,
)
from tests.core.test_prepared_query_locks import (  # noqa: F401  (collected again, on PostgreSQL)
    test_a_lock_outside_a_transaction_is_refused_as_django_refuses_it,
)
from tests.factories import FixtureFactory

pytestmark = pytest.mark.django_db


def _prepared_statements() -> list[str]:
    with connection.cursor() as cursor:
        cursor.execute("SELECT statement FROM pg_prepared_statements")
        return [statement for (statement,) in cursor.fetchall()]


def _ours(statements: list[str]) -> list[str]:
    return [text for text in statements if '"matches_fixture"."id" = $1' in text]


def test_the_query_is_prepared_on_the_server_from_its_threshold(season, team, other_team):
    fixture = FixtureFactory(season=season, home=team, away=other_team)
    for _ in range(PREPARE_AFTER):
        assert [row.pk for row in rows(fixture.pk, "scheduled")] == [fixture.pk]
    assert _ours(_prepared_statements()) == []
    with CaptureQueriesContext(connection) as seen:  # still logged as Django logs its own
        assert [row.pk for row in rows(fixture.pk, "scheduled")] == [fixture.pk]
    assert len(seen) == 1
    assert len(_ours(_prepared_statements())) == 1
    assert [row.pk for row in rows(fixture.pk, "scheduled")] == [fixture.pk]
    assert len(_ours(_prepared_statements())) == 1


def _fixture_queries(statements: list[str]) -> list[str]:
    plain = 'FROM "matches_fixture" WHERE "matches_fixture"."id" = $1'
    return [text for text in statements if text.endswith(plain)]


def test_the_orms_repeated_queries_are_prepared_too(season, team, other_team):
    # DATABASE_PREPARED_STATEMENTS (on by default): every query binds on the server
    fixture = FixtureFactory(season=season, home=team, away=other_team)
    threshold = connection.connection.prepare_threshold
    assert threshold == settings.DATABASES["default"]["OPTIONS"]["prepare_threshold"]
    for _ in range(threshold + 1):
        assert list(Fixture.objects.filter(pk=fixture.pk).order_by()) == [fixture]
    assert len(_fixture_queries(_prepared_statements())) == 1


def test_behind_transaction_pooling_nothing_is_prepared(season, team, other_team, settings):
    # DATABASE_TRANSACTION_POOLING: the connection never prepares (prepare_threshold None, as
    # the settings make it), and the prepared query runs through Django's own cursor: the next
    # transaction may run on a PgBouncer server connection that never saw the statement.
    settings.DATABASE_TRANSACTION_POOLING = True
    fixture = FixtureFactory(season=season, home=team, away=other_team)
    connection.ensure_connection()
    threshold = connection.connection.prepare_threshold
    connection.connection.prepare_threshold = None
    before = set(_prepared_statements())  # earlier tests' on this connection
    try:
        for _ in range(PREPARE_AFTER + 5):
            assert [row.pk for row in rows(fixture.pk, "scheduled")] == [fixture.pk]
            assert list(Fixture.objects.filter(pk=fixture.pk).order_by()) == [fixture]
        assert set(_prepared_statements()) - before == set()
    finally:
        connection.connection.prepare_threshold = threshold
