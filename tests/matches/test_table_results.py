"""The one result-report workflow of games played at the table, with a small game of its
own (``TableResults`` registered for the test league's rule system): who may do what, the
statuses, the one recording, the refusals' codes and fields, the post-match run claimed once,
its sweep and its attempt limit."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from core.refusals import Refused
from matches.models import Fixture, PostMatchRun, Result, ResultReport
from matches.plugins import Entry, TableResults, table_results
from matches.table_results import services
from matches.table_results.post_match import post_match_run, post_match_sweep
from tests.factories import FixtureFactory

ran: list[int] = []


class Scores(TableResults):
    """A game whose report is a score; its post-match sequence rolls one die."""

    has_post_match = True

    def checked(self, *, fixture, user, result, decisions, options):
        if not isinstance(result.get("score"), dict):
            raise ValidationError({"result.score": ["A score, please."]})
        return Entry({"score": result["score"]}, decisions or {}, options)

    def post_match(self, *, fixture, result, report, dice):
        ran.append(fixture.pk)
        return {"die": dice.d6("test")}


@pytest.fixture
def game(monkeypatch, league):
    monkeypatch.setitem(table_results._implementations, league.rule_system, Scores())
    ran.clear()
    return league.rule_system


@pytest.fixture
def fixture(game, season, team, other_team):
    return FixtureFactory(season=season, home=team, away=other_team, status="locked")


def score(home, away):
    return {"score": {"home": home, "away": away}}


def test_entered_confirmed_and_recorded_once(fixture, coach, other_coach, run_on_commit):
    report = services.report_enter(fixture=fixture, user=coach, result=score(2, 1))
    assert report.status == "pending" and report.submitted_by == coach

    result = run_on_commit(services.report_confirm, report=report, user=other_coach, seed=7)

    assert (result.home_score, result.away_score, result.winner, result.seed) == (2, 1, "home", 7)
    assert result.record["result_report"] == report.pk
    report.refresh_from_db()
    assert report.status == "confirmed" and report.reviewed_by == other_coach
    assert Fixture.objects.get(pk=fixture.pk).status == Fixture.Status.PLAYED
    run = PostMatchRun.objects.get(fixture=fixture)
    assert run.status == "done" and run.seed is not None and run.rolls and ran == [fixture.pk]
    with pytest.raises(Refused) as caught:
        services.report_confirm(report=report, user=other_coach)
    assert (caught.value.code, caught.value.field) == ("report_closed", "report")
    assert isinstance(caught.value, ValidationError)
    assert "already confirmed" in caught.value.message_dict["report"][0]
    assert Result.objects.filter(fixture=fixture).count() == 1


def test_the_seed_is_drawn_by_the_dice_never_a_literal_zero(fixture, coach, commissioner):
    report = services.report_enter(fixture=fixture, user=coach, result=score(0, 0))
    seeds = {services.report_confirm(report=report, user=commissioner).seed}
    assert seeds != {0}


def test_who_enters_confirms_disputes_and_decides(
    fixture, coach, other_coach, stranger, commissioner
):
    with pytest.raises(PermissionDenied) as caught:
        services.report_enter(fixture=fixture, user=stranger, result=score(1, 0))
    assert caught.value.status_code == 403 and caught.value.code == "forbidden"
    report = services.report_enter(fixture=fixture, user=coach, result=score(1, 0))
    with pytest.raises(PermissionDenied):
        services.report_confirm(report=report, user=coach)
    with pytest.raises(PermissionDenied):
        services.report_dispute(report=report, user=commissioner)
    with pytest.raises(PermissionDenied):
        services.report_decide(report=report, user=other_coach)

    services.report_dispute(report=report, user=other_coach, reason="It was 0-1")
    report.refresh_from_db()
    assert (report.status, report.disputed_by, report.dispute_reason) == (
        "disputed",
        other_coach,
        "It was 0-1",
    )
    with pytest.raises(Refused, match="disputed"):
        services.report_confirm(report=report, user=other_coach)

    result = services.report_decide(
        report=report, user=commissioner, result=score(0, 1), note="The sheet says 0-1."
    )
    assert (result.home_score, result.away_score, result.winner) == (0, 1, "away")
    report.refresh_from_db()
    assert (report.status, report.reviewed_by, report.note) == (
        "decided",
        commissioner,
        "The sheet says 0-1.",
    )


def test_a_new_report_supersedes_the_open_one(fixture, coach, other_coach):
    first = services.report_enter(fixture=fixture, user=coach, result=score(1, 0))
    second = services.report_enter(fixture=fixture, user=other_coach, result=score(0, 1))
    first.refresh_from_db()
    assert first.status == "superseded" and second.status == "pending"
    with pytest.raises(Refused, match="newer report"):
        services.report_confirm(report=first, user=other_coach)


def test_refusals_name_their_field_and_change_nothing(fixture, coach, other_coach, commissioner):
    report = services.report_enter(fixture=fixture, user=coach, result=score(1, 0))
    with pytest.raises(Refused) as caught:
        services.report_dispute(report=report, user=other_coach, reason="x" * 501)
    assert (caught.value.code, caught.value.field, caught.value.extra) == (
        "too_long",
        "reason",
        {"limit": 500},
    )
    assert list(caught.value.message_dict) == ["reason"]
    with pytest.raises(Refused) as caught:
        services.report_decide(report=report, user=commissioner, note="x" * 501)
    assert (caught.value.code, caught.value.field) == ("too_long", "note")
    with pytest.raises(ValidationError) as caught:  # the game's own check
        services.report_enter(fixture=fixture, user=coach, result={"score": None})
    assert "result.score" in caught.value.message_dict
    report.refresh_from_db()
    assert report.status == "pending" and ResultReport.objects.count() == 1


def test_a_closed_fixture_or_season_takes_no_report(fixture, season, coach):
    Fixture.objects.filter(pk=fixture.pk).update(status=Fixture.Status.CANCELLED)
    with pytest.raises(Refused) as caught:
        services.report_enter(fixture=fixture, user=coach, result=score(1, 0))
    assert (caught.value.code, caught.value.field) == ("fixture_closed", "fixture")
    from django.utils import timezone

    type(season).objects.filter(pk=season.pk).update(finished_at=timezone.now())
    with pytest.raises(Refused) as caught:
        services.report_enter(fixture=fixture, user=coach, result=score(1, 0))
    assert (caught.value.code, caught.value.field) == ("season_finished", "season")


def test_a_game_not_played_at_the_table_takes_no_report(season, team, other_team, coach):
    fixture = FixtureFactory(season=season, home=team, away=other_team)
    with pytest.raises(Refused) as caught:
        services.report_enter(fixture=fixture, user=coach, result=score(1, 0))
    assert caught.value.code == "not_table_played"


def test_the_post_match_run_is_claimed_once(
    fixture, coach, commissioner, django_capture_on_commit_callbacks
):
    report = services.report_enter(fixture=fixture, user=coach, result=score(1, 0))
    with django_capture_on_commit_callbacks(execute=False):
        services.report_confirm(report=report, user=commissioner)
    assert PostMatchRun.objects.get(fixture=fixture).status == "pending"

    first = post_match_run(fixture_id=fixture.pk)
    again = post_match_run(fixture_id=fixture.pk, seed=123)

    assert first.pk == again.pk and again.seed == first.seed and ran == [fixture.pk]
    assert post_match_run(fixture_id=10**9) is None


def test_the_sweep_resends_a_lost_run_then_gives_up(
    fixture, coach, commissioner, settings, django_capture_on_commit_callbacks
):
    settings.SWEEPER_GRACE_SECONDS = 0
    settings.SWEEPER_MAX_ATTEMPTS = 2
    report = services.report_enter(fixture=fixture, user=coach, result=score(1, 0))
    with django_capture_on_commit_callbacks(execute=False):
        services.report_confirm(report=report, user=commissioner)
        assert post_match_sweep() == {"post_match_enqueued": 1}
        assert post_match_sweep() == {"post_match_enqueued": 1}
        assert post_match_sweep() == {"post_match_enqueued": 0}
    run = PostMatchRun.objects.get(fixture=fixture)
    assert (run.status, run.attempts) == ("failed", 2)
    assert "post-match" in Fixture.objects.get(pk=fixture.pk).problem
    post_match_run(fixture_id=fixture.pk)  # asked again by hand: it runs
    assert PostMatchRun.objects.get(fixture=fixture).status == "done"


def test_a_page_offers_each_side_what_the_one_rule_allows(
    fixture, coach, other_coach, commissioner, stranger
):
    from matches.table_results.roles import ReportActions, report_actions

    report = services.report_enter(fixture=fixture, user=coach, result=score(1, 0))
    assert report_actions(coach, report) == ReportActions()
    assert report_actions(stranger, report) == ReportActions()
    assert report_actions(other_coach, report) == ReportActions(confirm=True, dispute=True)
    assert report_actions(commissioner, report) == ReportActions(confirm=True, decide=True)
    services.report_dispute(report=report, user=other_coach)
    report.refresh_from_db()
    assert report_actions(other_coach, report) == ReportActions()
    assert report_actions(commissioner, report) == ReportActions(decide=True)
    assert report_actions(commissioner, None) == ReportActions()


def test_a_fixture_awarded_by_forfeit_supersedes_its_open_report_and_runs_nothing(
    fixture, coach, commissioner
):
    from matches.corrections import fixture_award

    report = services.report_enter(fixture=fixture, user=coach, result=score(1, 0))
    fixture_award(fixture=fixture, winner="away", reason="No show.", by=commissioner)

    report.refresh_from_db()
    assert report.status == "superseded"
    assert post_match_run(fixture_id=fixture.pk) is None and not ran
    assert not PostMatchRun.objects.filter(fixture=fixture).exists()
