"""The result-report workflow a round at a time (``matches.table_results.bulk``): the same
checks as the single commands (who enters and confirms, a fixture still open, the game's
check), a refusal writing nothing, the post-match sequences run with their seeds, and the
same rows as ``report_enter``, ``report_confirm`` and ``post_match_run`` one at a time."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from core.refusals import Refused
from matches.models import Fixture, PostMatchRun, Result, ResultReport
from matches.table_results import bulk, services
from matches.table_results.post_match import post_match_run
from tests.factories import FixtureFactory, TeamFactory
from tests.matches.test_table_results import Scores, score

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(monkeypatch, league):
    from matches.plugins import table_results

    monkeypatch.setitem(table_results._implementations, league.rule_system, Scores())
    return league.rule_system


@pytest.fixture
def fixture(game, season, team, other_team):
    return FixtureFactory(season=season, home=team, away=other_team, status="locked")


def play(fixture, by, confirmed_by, home=2, away=1, seed=7, post_match_seed=11):
    return bulk.Play(
        fixture=fixture,
        result=score(home, away),
        entered_by=by,
        confirmed_by=confirmed_by,
        seed=seed,
        post_match_seed=post_match_seed,
    )


def test_a_round_holds_the_rows_one_command_at_a_time_holds(
    game, season, team, other_team, coach, other_coach
):
    one = FixtureFactory(season=season, home=team, away=other_team, status="locked")
    two = FixtureFactory(season=season, home=other_team, away=team, status="locked")
    report = services.report_enter(fixture=one, user=coach, result=score(2, 1))
    single = services.report_confirm(report=report, user=other_coach, seed=7)
    post_match_run(fixture_id=one.pk, seed=11)

    (bulked,) = bulk.reports_play(plays=[play(two, coach, other_coach)])

    fields = ("home_score", "away_score", "winner", "decided_by", "seed")
    assert [getattr(bulked, f) for f in fields] == [getattr(single, f) for f in fields]
    assert Result.objects.get(fixture=two).record["result_report"] == (
        ResultReport.objects.get(fixture=two).pk
    )
    reports = [ResultReport.objects.get(fixture=f) for f in (one, two)]
    assert [(r.status, r.submitted_by, r.reviewed_by, r.payload) for r in reports] == [
        ("confirmed", coach, other_coach, {"score": {"home": 2, "away": 1}})
    ] * 2
    runs = [PostMatchRun.objects.get(fixture=f) for f in (one, two)]
    assert [(r.status, r.seed, r.log, r.rolls) for r in runs[1:]] == [
        (runs[0].status, runs[0].seed, runs[0].log, runs[0].rolls)
    ]
    assert Fixture.objects.get(pk=two.pk).status == Fixture.Status.PLAYED


def test_a_stranger_or_the_submitter_confirming_refuses_the_round_and_writes_nothing(
    fixture, coach, stranger
):
    with pytest.raises(PermissionDenied):
        bulk.reports_play(plays=[play(fixture, stranger, coach)])
    with pytest.raises(PermissionDenied):
        bulk.reports_play(plays=[play(fixture, coach, coach)])
    assert not ResultReport.objects.exists() and not Result.objects.exists()


def test_the_games_check_and_a_played_fixture_refuse_the_round(fixture, coach, other_coach):
    bad = bulk.Play(
        fixture=fixture,
        result={"score": "2-1"},
        entered_by=coach,
        confirmed_by=other_coach,
        seed=1,
        post_match_seed=2,
    )
    with pytest.raises(ValidationError):
        bulk.reports_play(plays=[bad])
    assert not ResultReport.objects.exists()
    bulk.reports_play(plays=[play(fixture, coach, other_coach)])
    with pytest.raises(Refused) as caught:
        bulk.reports_play(plays=[play(fixture, coach, other_coach)])
    assert (caught.value.code, caught.value.field) == ("fixture_closed", "fixture")
    assert Result.objects.filter(fixture=fixture).count() == 1


def test_a_team_playing_twice_is_not_a_round(game, season, team, other_team, coach, commissioner):
    third = TeamFactory(league=season.league)
    one = FixtureFactory(season=season, round=1, home=team, away=other_team, status="locked")
    two = FixtureFactory(season=season, round=2, home=team, away=third, status="locked")
    with pytest.raises(Refused) as caught:
        bulk.reports_play(
            plays=[play(one, commissioner, commissioner), play(two, commissioner, commissioner)]
        )
    assert caught.value.code == "not_a_round"
    assert not Result.objects.exists()


def test_a_voided_fixture_replayed_in_a_round_keeps_its_sequence_and_closes_its_reports(
    fixture, coach, other_coach, commissioner
):
    """A voided result's sequence that ran stays, as ``report_confirm`` leaves it: the
    replay's result is recorded, no sequence runs on top of the first, and a report entered
    for the replay meanwhile is superseded, as a new report supersedes it one at a time."""
    from matches.corrections import result_void
    from tests.matches.test_table_results import ran

    bulk.reports_play(plays=[play(fixture, coach, other_coach, home=2, away=1)])
    first = PostMatchRun.objects.get(fixture=fixture)
    result_void(result=Result.objects.get(fixture=fixture), reason="Wrong pitch", by=commissioner)
    waiting = services.report_enter(fixture=fixture, user=other_coach, result=score(0, 3))
    ran.clear()

    (replayed,) = bulk.reports_play(
        plays=[play(fixture, coach, other_coach, home=0, away=1, seed=8, post_match_seed=12)]
    )

    assert (replayed.home_score, replayed.away_score, replayed.winner) == (0, 1, "away")
    assert Result.objects.get(fixture=fixture).pk == replayed.pk
    run = PostMatchRun.objects.get(fixture=fixture)
    assert (run.pk, run.status, run.seed, run.log, run.rolls) == (
        first.pk,
        "done",
        first.seed,
        first.log,
        first.rolls,
    )
    assert ran == []
    waiting.refresh_from_db()
    assert waiting.status == ResultReport.Status.SUPERSEDED
