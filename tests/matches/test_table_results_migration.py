"""Rows written by a game's own result-report models before the move read back through the
one workflow's models after it (``MigrationExecutor``: the old models from the state before,
the new ones after)."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from matches.models import Fixture, PostMatchRun, Result, ResultReport
from systems.killpower.models import PostMatchRun as KillpowerRun
from systems.killpower.models import ResultReport as KillpowerReport
from systems.mythril.models import PostMatchRun as MythrilRun
from systems.mythril.models import ResultReport as MythrilReport
from systems.tutatis.models import PostMatchRun as TutatisRun
from systems.tutatis.models import ResultReport as TutatisReport
from tests.factories import FixtureFactory, LeagueFactory, SeasonFactory, TeamFactory, UserFactory

# matches at its latest migration (0009 made the one workflow's models): the factories write
# today's Fixture rows, deadline columns included
KILLPOWER_BEFORE = [("killpower", "0001_initial"), ("matches", "0010_deadlines")]
KILLPOWER_AFTER = [("killpower", "0003_reports_in_matches")]
TUTATIS_BEFORE = [*KILLPOWER_BEFORE, ("tutatis", "0003_post_match_run")]
TUTATIS_AFTER = [*KILLPOWER_AFTER, ("tutatis", "0005_reports_in_matches")]
MYTHRIL_BEFORE = [*TUTATIS_BEFORE, ("mythril", "0002_entry_transaction_in_the_ledger")]
MYTHRIL_AFTER = [*TUTATIS_AFTER, ("mythril", "0004_reports_in_matches")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.fixture
def latest():
    yield
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())


def _played(season, home, away, round_, decided_by="points", record=None):
    fixture = FixtureFactory(season=season, home=home, away=away, round=round_, status="played")
    Result.objects.bulk_create(
        [
            Result(
                fixture=fixture,
                home_score=1,
                away_score=0,
                winner="home",
                decided_by=decided_by,
                seed=5,
                record=record or {},
            )
        ]
    )  # no signals: the receivers of today's code are not the old schema's business
    return fixture


@pytest.mark.django_db(transaction=True)
def test_killpower_reports_and_runs_move_with_their_ids(latest):
    old = _migrate(KILLPOWER_BEFORE)
    coach, other, commissioner = UserFactory(), UserFactory(), UserFactory()
    league = LeagueFactory(rule_system="killpower", commissioner=commissioner)
    season = SeasonFactory(league=league)
    home = TeamFactory(league=league, coach=coach)
    away = TeamFactory(league=league, coach=other)
    ran = _played(season, home, away, 1)
    waiting = _played(season, away, home, 2)
    awarded = _played(season, home, away, 3, decided_by="forfeit")
    disputed = FixtureFactory(season=season, home=home, away=away, round=4, status="locked")
    OldReport = old.get_model("killpower", "ResultReport")
    OldRun = old.get_model("killpower", "PostMatchRun")
    long_ago = timezone.now() - timezone.timedelta(days=30)
    confirmed = OldReport.objects.create(
        id=41,
        fixture_id=ran.pk,
        submitted_by_id=coach.pk,
        payload={"score": {"home": 1, "away": 0}, "document_version": 1},
        decisions={"home": {"redraw": {"Tom": "magic_armour"}}},
        free_throws={"home": ["Tom"]},
        status="confirmed",
        reviewed_by_id=other.pk,
        reviewed_at=long_ago,
    )
    OldReport.objects.filter(pk=confirmed.pk).update(created_at=long_ago)
    OldReport.objects.create(
        id=42,
        fixture_id=disputed.pk,
        submitted_by_id=coach.pk,
        payload={"score": {"home": 0, "away": 0}},
        status="disputed",
        disputed_by_id=other.pk,
        dispute_reason="It was 0-1",
    )
    OldRun.objects.create(fixture_id=ran.pk, seed=77, log={"home": {}}, rolls=[{"die": 6}])

    _migrate(KILLPOWER_AFTER)

    report = KillpowerReport.objects.get(pk=41)
    assert (report.fixture_id, report.submitted_by_id, report.reviewed_by_id) == (
        ran.pk,
        coach.pk,
        other.pk,
    )
    assert report.status == "confirmed" and report.created_at == long_ago
    assert report.decisions == {"home": {"redraw": {"Tom": "magic_armour"}}}
    assert report.free_throws == report.options == {"home": ["Tom"]}
    assert report.payload["score"] == {"home": 1, "away": 0}
    open_one = ResultReport.objects.get(pk=42)
    assert (open_one.status, open_one.disputed_by_id, open_one.dispute_reason) == (
        "disputed",
        other.pk,
        "It was 0-1",
    )
    run = KillpowerRun.objects.get(fixture=ran)
    assert (run.status, run.seed, run.log, run.rolls) == ("done", 77, {"home": {}}, [{"die": 6}])
    assert PostMatchRun.objects.get(fixture=waiting).status == "pending"  # for the sweep
    assert not PostMatchRun.objects.filter(fixture=awarded).exists()
    assert not KillpowerRun.objects.filter(fixture=waiting).exists()  # not run yet
    newer = ResultReport.objects.create(
        fixture=Fixture.objects.get(pk=ran.pk), payload={}, status="superseded"
    )
    assert newer.pk > 42  # the id sequence goes on after the copied rows


@pytest.mark.django_db(transaction=True)
def test_tutatis_reports_move_and_take_a_new_id_only_when_theirs_is_taken(latest):
    old = _migrate(TUTATIS_BEFORE)
    coach, other = UserFactory(), UserFactory()
    kp_league = LeagueFactory(rule_system="killpower")
    kp_season = SeasonFactory(league=kp_league)
    kp = FixtureFactory(
        season=kp_season,
        home=TeamFactory(league=kp_league),
        away=TeamFactory(league=kp_league),
        status="locked",
    )
    old.get_model("killpower", "ResultReport").objects.create(
        id=7, fixture_id=kp.pk, payload={}, status="pending"
    )
    league = LeagueFactory(rule_system="tutatis")
    season = SeasonFactory(league=league)
    home = TeamFactory(league=league, coach=coach)
    away = TeamFactory(league=league, coach=other)
    payload = {
        "home": {"goals": 1, "over_bar": 0, "badly_hurt": [], "points": 3},
        "away": {"goals": 0, "over_bar": 0, "badly_hurt": ["Asterix"], "points": 0},
    }
    taken = _played(season, home, away, 1, record={"result_report": 7})
    free = _played(season, away, home, 2, record={"result_report": 8})
    waiting = _played(season, home, away, 3)
    OldReport = old.get_model("tutatis", "ResultReport")
    OldRun = old.get_model("tutatis", "PostMatchRun")
    for pk, fixture in ((7, taken), (8, free)):
        OldReport.objects.create(
            id=pk,
            fixture_id=fixture.pk,
            submitted_by_id=coach.pk,
            payload=payload,
            status="confirmed",
            reviewed_by_id=other.pk,
        )
        OldRun.objects.create(fixture_id=fixture.pk, log={"away": {"badly_hurt": ["Asterix"]}})

    _migrate(TUTATIS_AFTER)

    assert ResultReport.objects.get(pk=7).fixture_id == kp.pk  # Killpower's kept its id
    moved = TutatisReport.objects.get(fixture=taken)
    assert moved.pk > 8 and moved.payload == payload and moved.submitted_by_id == coach.pk
    assert Result.objects.get(fixture=taken).record["result_report"] == moved.pk
    kept = TutatisReport.objects.get(pk=8)
    assert kept.fixture_id == free.pk and kept.status == "confirmed"
    assert Result.objects.get(fixture=free).record["result_report"] == 8
    run = TutatisRun.objects.get(fixture=free)
    assert (run.status, run.log) == ("done", {"away": {"badly_hurt": ["Asterix"]}})
    assert PostMatchRun.objects.get(fixture=waiting).status == "pending"


@pytest.mark.django_db(transaction=True)
def test_mythril_reports_and_runs_move_with_their_status(latest):
    old = _migrate(MYTHRIL_BEFORE)
    coach, other = UserFactory(), UserFactory()
    league = LeagueFactory(rule_system="mythril")
    season = SeasonFactory(league=league)
    home = TeamFactory(league=league, coach=coach)
    away = TeamFactory(league=league, coach=other)
    done = _played(season, home, away, 1, record={"report": {}, "result_report": 3})
    pending = _played(season, away, home, 2, record={"report": {}, "result_report": 4})
    open_fixture = FixtureFactory(season=season, home=home, away=away, round=3, status="locked")
    OldReport = old.get_model("mythril", "ResultReport")
    OldRun = old.get_model("mythril", "PostMatchRun")
    payload = {"entered": {}, "report": {}, "verdict": {"score": {"home": 1, "away": 0}}}
    for pk, fixture, status in ((3, done, "confirmed"), (4, pending, "decided")):
        OldReport.objects.create(
            id=pk, fixture_id=fixture.pk, submitted_by_id=coach.pk, payload=payload, status=status
        )
    OldReport.objects.create(
        id=5, fixture_id=open_fixture.pk, payload=payload, dispute_reason="2-0", status="disputed"
    )
    OldRun.objects.create(
        fixture_id=done.pk,
        status="done",
        seed=9,
        log={"home": {}},
        rolls=[1],
        done_at=timezone.now(),
    )
    OldRun.objects.create(fixture_id=pending.pk)

    _migrate(MYTHRIL_AFTER)

    assert [r.pk for r in MythrilReport.objects.order_by("pk")] == [3, 4, 5]
    assert MythrilReport.objects.get(pk=5).dispute_reason == "2-0"
    assert MythrilReport.objects.get(pk=4).status == "decided"
    ran = MythrilRun.objects.get(fixture=done)
    assert (ran.status, ran.seed, ran.log, ran.rolls) == ("done", 9, {"home": {}}, [1])
    waiting = MythrilRun.objects.get(fixture=pending)
    assert (waiting.status, waiting.seed) == ("pending", None)
    assert PostMatchRun.objects.filter(fixture__season=season).count() == 2


@pytest.mark.django_db(transaction=True)
def test_the_move_reverses_a_games_rows_into_its_own_tables(latest):
    coach = UserFactory()
    league = LeagueFactory(rule_system="killpower")
    season = SeasonFactory(league=league)
    home = TeamFactory(league=league, coach=coach)
    away = TeamFactory(league=league)
    ran = _played(season, home, away, 1)
    ResultReport.objects.create(
        fixture=ran, submitted_by=coach, payload={"score": {}}, status="confirmed", options=None
    )
    PostMatchRun.objects.create(fixture=ran, status="done", seed=3, log={"x": 1}, rolls=[2])
    pending = _played(season, away, home, 2)
    PostMatchRun.objects.create(fixture=pending)
    report_id = ResultReport.objects.get().pk

    old = _migrate(MYTHRIL_BEFORE)

    OldReport = old.get_model("killpower", "ResultReport")
    OldRun = old.get_model("killpower", "PostMatchRun")
    back = OldReport.objects.get()
    assert (back.pk, back.fixture_id, back.status, back.free_throws) == (
        report_id,
        ran.pk,
        "confirmed",
        None,
    )
    run = OldRun.objects.get()  # the pending run: the old table witnesses runs that ran only
    assert (run.fixture_id, run.seed, run.log, run.rolls) == (ran.pk, 3, {"x": 1}, [2])
    assert not old.get_model("matches", "PostMatchRun").objects.exists()
