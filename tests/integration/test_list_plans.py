"""Every list request (``core.list_requests``) reaches the large tables through an index.

On PostgreSQL, a moderate volume, ANALYZEd: a 20-team league of 380 fixtures with 100
results, bets, history and notifications built through the services, beside two smaller ones
and 15 campaigns, among 300 leagues of plain bulk-inserted rows (13,500 more fixtures, 6,000
results, 7,500 bets, 40,000 history entries, 13,500 notifications, 150 campaigns), so that the
planner sees tables of a real size. Each list request is made on the 20-team league, its SQL
captured and each SELECT explained with sequential scans, hash joins and merge joins off: the
planner then reaches each table through an index wherever one can serve the query, so a
``Seq Scan``, or a large table (``core.query_plans.large_tables()``, once it holds
``FULL_READ_ROWS`` rows here: the planner may rightly read a few hundred rows whole) read end
to end by a filtered query, means no usable index. ``manage.py explain_lists`` prints the same plans on
any database.
"""

import pytest
from celery import current_app
from django.db import connection, transaction

from core.list_requests import LIST_REQUESTS
from core.query_plans import (
    FULL_READ_ROWS,
    explain,
    fully_read_tables,
    request_explain,
    seq_scanned_tables,
    table_rows,
)
from tests.volume.filler import filler_build
from tests.volume.world import world_build


@pytest.fixture(scope="module")
def world(django_db_setup, django_db_blocker):
    # the tasks the services enqueue (settlement, notifications) run in this transaction:
    # this test needs their rows, not a worker (which would not see them uncommitted)
    eager = current_app.conf.task_always_eager
    current_app.conf.task_always_eager = True
    with django_db_blocker.unblock(), transaction.atomic():
        for prefix in ("north", "south"):
            world_build(prefix=prefix, teams=6, played_rounds=3, punters=4, campaigns=1)
        large = world_build(prefix="large", teams=20, played_rounds=10, punters=20, campaigns=15)
        filler_build(leagues=300)
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
        current_app.conf.task_always_eager = eager
        yield large
        transaction.set_rollback(True)


@pytest.mark.django_db
@pytest.mark.parametrize("request_", LIST_REQUESTS, ids=[r.name for r in LIST_REQUESTS])
def test_no_sequential_scan_on_a_large_table(world, request_):
    # when making the request and explaining its queries with sequential scans off
    explained = request_explain(request_, samples=world.samples(), users=world.users())

    # then it answered, and every large table was read through an index
    assert explained.status == 200
    assert explained.statements, "no query captured"
    scans = {
        table: [s.sql for s in explained.statements if table in s.seq_scans | s.full_reads]
        for table in explained.seq_scans_on_large_tables | explained.full_reads_of_large_tables
    }
    assert not scans, f"{request_.name} ({explained.url}) reads without an index: {scans}"


@pytest.mark.django_db
def test_the_check_sees_a_query_no_index_serves(world):
    # a filter on a column without an index is caught, as a Seq Scan with them allowed and
    # as a full read when they are off; a filter on an indexed column is not
    unindexed = "SELECT id FROM matches_fixture WHERE problem = 'x'"
    indexed = f"SELECT id FROM matches_fixture WHERE season_id = {world.season.pk}"
    with transaction.atomic():
        assert seq_scanned_tables(explain(unindexed)) == {"matches_fixture"}
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL enable_seqscan = off")
        assert fully_read_tables(explain(unindexed)) == {"matches_fixture"}
        assert table_rows()["matches_fixture"] >= FULL_READ_ROWS  # so it would be flagged
        assert fully_read_tables(explain(indexed)) == set()
        assert seq_scanned_tables(explain(indexed)) == set()
