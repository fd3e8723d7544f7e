"""``copy_leagues`` on PostgreSQL (``loadgen.copier``): generated leagues copied twice in SQL,
then read and played through the application like the generated ones."""

from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection

from betting.bets import wallet_open
from league.models import League, Team
from league.services import league_create
from ledger.audit import ledger_audit
from ledger.models import Entry
from loadgen import copier, people
from loadgen.models import LoadRun
from matches.models import Fixture
from matches.services import fixture_simulate

pytestmark = pytest.mark.django_db(transaction=True)

UNCHANGED = {"loadgen_loadrun", "ratings_drawfit"}
"""Tables with generated rows that are not copied: the run's witness, the per-game draw fits."""


def counts() -> dict[str, int]:
    with connection.cursor() as cursor:
        found = {}
        for model in copier.models_with_integer_ids():
            table = model._meta.db_table
            cursor.execute(f'SELECT count(*) FROM "{table}"')
            found[table] = cursor.fetchone()[0]
        return found


def generate() -> None:
    call_command(
        "generate_load", "--leagues", "4", "--teams", "4", "--seasons", "1", "--punters", "3",
        "--seed", "7", "--jobs", "1", stdout=StringIO(),
    )  # fmt: skip


def standings(api_client, season_id: int) -> dict[str, int]:
    response = api_client.get(f"/api/v1/seasons/{season_id}/standings/")
    assert response.status_code == 200
    assert response.json()["season"] == season_id
    return {row["team"]["name"]: row["played"] for row in response.json()["rows"]}


@pytest.fixture
def copied():
    """Four generated leagues (one of each game), then copied twice; the counts at each step."""
    shared = counts()
    generate()
    generated = counts()
    out = StringIO()
    call_command("copy_leagues", "--times", "2", stdout=out)
    assert "ledger_audit  ok" in out.getvalue()
    return shared, generated, counts()


def test_every_copied_table_triples_and_the_shared_rows_stay(copied):
    shared, generated, after = copied
    filled = {table for table in generated if generated[table] > shared[table]}
    assert {"league_league", "auth_user", "ledger_entry", "core_historyentry", "rotzball_player",
            "killpower_gladiator", "tutatis_player", "mythril_player"} <= filled  # fmt: skip
    for table in sorted(after):
        if table in filled - UNCHANGED:
            assert after[table] - shared[table] == 3 * (generated[table] - shared[table]), table
        else:
            assert after[table] == generated[table], table
    assert LoadRun.objects.get().copies == 2
    assert ledger_audit()["ok"]


def test_copied_users_are_distinct_and_can_sign_in(copied, client):
    users = User.objects.all()
    assert users.values("username").distinct().count() == users.count() == 3 * 4 * (1 + 4 + 3)
    assert users.values("email").distinct().count() == users.count()
    assert client.login(username="load-coach-1-1-c2", password=people.PASSWORD)


def test_a_copied_league_reads_and_plays_on_its_own(copied, client, api_client):
    source = League.objects.get(rule_system="rotzball", name__endswith="00001")
    copy = League.objects.get(rule_system="rotzball", name=f"{source.name} c2")
    names = sorted(Team.objects.filter(league=copy).values_list("name", flat=True))
    assert names == sorted(Team.objects.filter(league=source).values_list("name", flat=True))
    page = client.get(f"/leagues/{copy.pk}/")
    assert page.status_code == 200
    assert all(name in page.content.decode() for name in names)
    played, ahead = copy.seasons.order_by("pk")
    assert set(standings(api_client, played.pk)) == set(names)
    assert (
        sum(standings(api_client, played.pk).values())
        == 2 * Fixture.objects.filter(season=played).count()
    )

    # a result written in the copy through the service counts in the copy only
    source_ahead = source.seasons.order_by("pk").last()
    before = standings(api_client, source_ahead.pk)
    fixture = Fixture.objects.filter(season=ahead, round=1).order_by("pk").first()
    assert fixture.home.league_id == copy.pk
    assert fixture_simulate(fixture_id=fixture.pk) is not None
    after = standings(api_client, ahead.pk)
    assert after[fixture.home.name] == after[fixture.away.name] == 1
    assert standings(api_client, source_ahead.pk) == before


def test_new_rows_take_ids_past_the_copies(copied):
    top_league = League.objects.order_by("-pk").first().pk
    top_entry = Entry.objects.order_by("-pk").first().pk
    commissioner = User.objects.create_user("after-the-copy", password="x" * 12)
    league = league_create(commissioner=commissioner, name="After the copy", rule_system="rotzball")
    assert league.pk > top_league
    copy = League.objects.get(rule_system="rotzball", name__endswith="00001 c1")
    _wallet, opened = wallet_open(user=commissioner, league=copy)  # a grant: ledger rows
    assert opened and Entry.objects.order_by("-pk").first().pk > top_entry
    assert ledger_audit()["ok"]


def test_a_second_copy_copies_the_copies_under_new_names():
    generate()
    call_command("copy_leagues", "--times", "1", "--no-audit", stdout=StringIO())
    out = StringIO()
    call_command("copy_leagues", "--times", "1", stdout=out)
    assert "ledger_audit  ok" in out.getvalue()
    assert League.objects.count() == 4 * 4
    users = User.objects.all()
    assert users.values("username").distinct().count() == users.count() == 4 * 4 * (1 + 4 + 3)
    copies = users.filter(username__startswith="load-coach-1-1").values_list("username", flat=True)
    assert sorted(copies) == [
        "load-coach-1-1", "load-coach-1-1-c1", "load-coach-1-1-c1-c2", "load-coach-1-1-c2"
    ]  # fmt: skip
    assert League.objects.filter(name__endswith="00001 c1 c2").count() == 1
    assert LoadRun.objects.get().copies == 2
