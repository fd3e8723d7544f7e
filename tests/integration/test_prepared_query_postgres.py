"""core.prepared_query on PostgreSQL: the same rows as the ORM's through a server-binding
cursor (the tests of tests/core run again here), and the query kept prepared by the server
from its PREPARE_AFTER-th run on a connection, while the connection's other queries are not."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from core.prepared_query import PREPARE_AFTER
from tests.core.test_prepared_query import (  # noqa: F401  (collected again, on PostgreSQL)
    rows,
    test_a_lock_outside_a_transaction_is_refused_as_django_refuses_it,
    test_a_value_must_reach_the_sql_once,
    test_related_rows_are_cached_and_deferred_fields_load_on_demand,
    test_rows_are_those_of_the_queryset,
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


def test_the_connections_other_queries_are_not_prepared(season, team, other_team):
    fixture = FixtureFactory(season=season, home=team, away=other_team)
    for _ in range(PREPARE_AFTER + 3):
        rows(fixture.pk, "scheduled")
        list(type(fixture).objects.filter(pk=fixture.pk))
    statements = _prepared_statements()
    assert len(_ours(statements)) == 1
    assert statements == _ours(statements)
