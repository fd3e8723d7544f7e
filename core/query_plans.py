"""The plans PostgreSQL makes for the queries of a request: each list request of
:mod:`core.list_requests` is made through the test client, its SQL captured and explained
with sequential scans (and hash and merge joins) disabled, so that a ``Seq Scan``, or a
table read in full, left in a plan means no index can serve that query (the planner still
uses one where it can, whatever the table's size).
"""

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from django.apps import apps
from django.conf import settings
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext

from core.list_requests import ListRequest


def large_tables() -> frozenset[str]:
    """The tables that grow with the leagues, their fixtures, bettors or campaigns, as their
    apps declare them (``large_tables`` on each ``AppConfig``): a list request must reach them
    through an index. The others hold a row or a few per league or per user (league_league,
    betting_bettingsettings, the games' league rules, sessions): read through their primary
    key or small enough to scan; league_league is read in full by the public list of leagues,
    ordered by name through its own index."""
    return frozenset(
        table for config in apps.get_app_configs() for table in getattr(config, "large_tables", ())
    )


INDEX_ONLY_SETTINGS = ("enable_seqscan", "enable_hashjoin", "enable_mergejoin")
"""Off while explaining: the planner reaches each table through an index wherever one can
serve (joins as nested loops probing an index), so a table still read in full has none."""


KNOWN_FULL_READS = {
    ("api troops", "battles_troop"): (
        "ordered by the army's name, then the troop's order: a sort across a join that no one "
        "index can serve (ordering by army id instead would change the list's order)"
    ),
    ("api battles", "battles_battle"): (
        "each battle is grouped with its runs to count them before the page is sorted; a "
        "count subquery instead of the join would let battle_newest serve the order"
    ),
}
"""Full reads left on purpose, with why: (request name, table) -> reason. A Seq Scan is never
excused."""


@dataclass
class Statement:
    sql: str
    plan: list[dict[str, Any]]
    seq_scans: set[str] = field(default_factory=set)
    full_reads: set[str] = field(default_factory=set)


FULL_READ_ROWS = 5_000
"""A table read end to end is flagged once it holds this many rows (the planner's estimate
after ANALYZE): below that PostgreSQL may rightly read a small table whole rather than probe
its index, and would probe it on a database where the table is large."""


@dataclass
class Explained:
    request: ListRequest
    url: str
    status: int
    statements: list[Statement]
    rows: dict[str, int] = field(default_factory=dict)
    """Each large table's estimated rows in this database (``pg_class.reltuples``)."""

    @property
    def seq_scans_on_large_tables(self) -> set[str]:
        return {t for s in self.statements for t in s.seq_scans if t in large_tables()}

    @property
    def full_reads_of_large_tables(self) -> set[str]:
        """Large tables a filtered or paged query reads in full: no index serves its filter
        or its order. (A query with neither WHERE nor LIMIT, such as the count of an
        unfiltered list, reads all it asks.)"""
        return {
            t
            for s in self.statements
            if " WHERE " in s.sql or " LIMIT " in s.sql
            for t in s.full_reads
            if t in large_tables()
            and self.rows.get(t, FULL_READ_ROWS) >= FULL_READ_ROWS
            and (self.request.name, t) not in KNOWN_FULL_READS
        }


BLOCKING_NODES = frozenset({"Sort", "Hash", "Aggregate", "SetOp", "WindowAgg"})
"""Nodes that read all their input before giving a row: a Limit above them stops nothing
below them."""


def _nodes(node: dict[str, Any], limited: bool = False) -> Iterator[tuple[dict[str, Any], bool]]:
    """Each node of a plan, and whether a Limit above it stops the read early."""
    yield node, limited
    kind = node["Node Type"]
    below = (limited or kind == "Limit") and kind not in BLOCKING_NODES
    for child in node.get("Plans", []):
        yield from _nodes(child, below)


def _has_index_condition(node: dict[str, Any]) -> bool:
    if "Index Cond" in node or "Recheck Cond" in node:
        return True
    # a bitmap heap scan's conditions sit on the bitmap index scans under it
    return any(_has_index_condition(child) for child in node.get("Plans", []))


def seq_scanned_tables(plan: list[dict[str, Any]]) -> set[str]:
    return {
        node["Relation Name"]
        for top in plan
        for node, _ in _nodes(top["Plan"])
        if node["Node Type"] == "Seq Scan"
    }


FULL_READ_NODES = frozenset({"Seq Scan", "Index Scan", "Index Only Scan", "Bitmap Heap Scan"})


def fully_read_tables(plan: list[dict[str, Any]]) -> set[str]:
    """Tables read from end to end: a scan without any index condition and no Limit above
    it (an index scan for the order of a page stops early; a full bitmap or index scan is how
    PostgreSQL reads a whole table when sequential scans are off)."""
    return {
        node["Relation Name"]
        for top in plan
        for node, limited in _nodes(top["Plan"])
        if node["Node Type"] in FULL_READ_NODES and not limited and not _has_index_condition(node)
    }


def explain(sql: str) -> list[dict[str, Any]]:
    with connection.cursor() as cursor:
        cursor.execute("EXPLAIN (FORMAT JSON) " + sql)
        [(plan,)] = cursor.fetchall()
    return plan if isinstance(plan, list) else json.loads(plan)


def _host() -> str:
    hosts = settings.ALLOWED_HOSTS
    if not hosts or "*" in hosts or "testserver" in hosts:
        return "testserver"
    return hosts[0].lstrip(".")


def _client(user: Any) -> Client:
    client = Client(HTTP_HOST=_host())
    if user is not None:
        client.force_login(user)
    return client


def request_explain(request: ListRequest, *, samples: dict[str, Any], users: dict) -> Explained:
    """Make ``request`` and explain each SELECT it sent, with sequential scans disabled; in a
    transaction rolled back after (a first read may store odds, a login a session)."""
    url = request.url(samples)
    with transaction.atomic():
        client = _client(users[request.persona])
        with CaptureQueriesContext(connection) as captured:
            response = client.get(url, secure=True)
        statements = []
        with connection.cursor() as cursor:
            for setting in INDEX_ONLY_SETTINGS:
                cursor.execute(f"SET LOCAL {setting} = off")
        for query in captured.captured_queries:
            sql = query["sql"]
            if not sql.lstrip().upper().startswith("SELECT"):
                continue
            plan = explain(sql)
            statements.append(
                Statement(
                    sql=sql,
                    plan=plan,
                    seq_scans=seq_scanned_tables(plan),
                    full_reads=fully_read_tables(plan),
                )
            )
        transaction.set_rollback(True)
    return Explained(
        request=request,
        url=url,
        status=response.status_code,
        statements=statements,
        rows=table_rows(),
    )


def table_rows() -> dict[str, int]:
    """The planner's row estimate of each large table (-1 before its first ANALYZE)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT relname, reltuples::bigint FROM pg_class WHERE relkind = 'r' AND relname = ANY(%s)",
            [sorted(large_tables())],
        )
        return dict(cursor.fetchall())
