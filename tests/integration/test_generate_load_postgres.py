"""``generate_load`` on PostgreSQL: the ``COPY`` path of ``core.bulk.rows_insert``, the ledger's
triggers and two processes (``--jobs 2``), which build the same leagues as one."""

from io import StringIO

import pytest
from django.core.management import call_command

from league.models import League
from ledger.audit import ledger_audit
from tests.loadgen.test_generate_load import played, roster_problems

pytestmark = pytest.mark.django_db(transaction=True)


def generate(*extra: str) -> str:
    out = StringIO()
    call_command(
        "generate_load", "--leagues", "4", "--teams", "4", "--seasons", "1", "--punters", "3",
        "--seed", "7", *extra, stdout=out,
    )  # fmt: skip
    return out.getvalue()


def replay_key(fixture):
    """What a fixture's draws decided (names differ: they carry the league's number)."""
    result = fixture.result
    return (fixture.round, result.home_score, result.away_score, result.seed,
            result.record.get("rolls"))  # fmt: skip


def test_two_processes_build_the_same_leagues_as_one_with_a_balanced_ledger():
    out = generate("--jobs", "2")
    assert "ledger_audit  ok" in out and "database size" in out
    generate("--jobs", "1", "--force")
    assert ledger_audit()["ok"]
    leagues = list(League.objects.order_by("name"))
    assert len(leagues) == 8
    by_number = {league.name.rsplit(" ", 1)[1]: league for league in leagues}
    for number in ("00001", "00002", "00003", "00004"):
        first = by_number[number]
        again = by_number[f"{int(number) + 4:05d}"]
        assert first.rule_system == again.rule_system
        assert [replay_key(f) for f in played(first)] == [replay_key(f) for f in played(again)]
        assert roster_problems(first) == {}
