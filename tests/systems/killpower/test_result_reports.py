"""Entering a Killpower result: submit, confirm, dispute, decide; who may; what is checked."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction

from matches.models import Fixture, Result
from matches.table_results.services import (
    report_confirm,
    report_decide,
    report_dispute,
    report_enter,
)
from systems.killpower.models import ResultReport
from systems.killpower.selectors.matches import open_report, report_queue
from tests.systems.killpower.helpers import report

pytestmark = pytest.mark.django_db

HOME_PLAYED = [f"Titanos {i}" for i in range(1, 6)]


@pytest.fixture
def entered(kp_fixture, coach):
    """Titanos' coach enters a 3-0 win, one of his gladiators badly wounded."""
    return report_enter(
        fixture=kp_fixture,
        user=coach,
        result=report(3, 0, home={"played": HOME_PLAYED, "badly_wounded": ["Titanos 4"]}),
        decisions={"home": {"redraw": {"Titanos 5": "magic_armour"}}},
    )


def test_a_coach_enters_a_result_that_waits_for_the_other_coach(entered, kp_fixture, coach):
    kp_fixture.refresh_from_db()
    assert kp_fixture.status == Fixture.Status.LOCKED  # kicked off: gladiators frozen, RAP drawn
    assert entered.status == ResultReport.Status.PENDING and entered.submitted_by == coach
    payload = entered.payload
    assert payload["result"] == "home" and payload["decided_by"] == "points"
    assert payload["home"]["played"] == HOME_PLAYED
    assert payload["away"]["played"] == [f"Viking {i}" for i in range(1, 8)]  # default: all
    assert payload["home"]["badly_wounded"] == ["Titanos 4"]
    assert entered.decisions == {"home": {"redraw": {"Titanos 5": "magic_armour"}}}
    assert not Result.objects.exists()


def test_the_other_coach_confirms_and_the_result_is_recorded_once(
    entered, kp_fixture, other_coach, run_on_commit
):
    result = run_on_commit(
        report_confirm,
        report=entered,
        user=other_coach,
        decisions={"away": {"redraw": {"Viking 1": "power_cards"}}},
    )

    entered.refresh_from_db()
    kp_fixture.refresh_from_db()
    assert (result.home_score, result.away_score, result.winner) == (3, 0, "home")
    assert result.decided_by == "points"
    assert result.record["points_to_score"] == {"home": 1, "away": 1}
    assert entered.status == ResultReport.Status.CONFIRMED and entered.reviewed_by == other_coach
    assert entered.decisions == {
        "home": {"redraw": {"Titanos 5": "magic_armour"}},
        "away": {"redraw": {"Viking 1": "power_cards"}},
    }
    assert kp_fixture.status == Fixture.Status.PLAYED
    assert hasattr(kp_fixture, "post_match")  # enqueued after commit, run eagerly here

    with pytest.raises(ValidationError, match="already confirmed"):
        report_confirm(report=entered, user=other_coach)
    assert Result.objects.filter(fixture=kp_fixture).count() == 1


def test_the_result_row_witnesses_the_resolution(entered, kp_fixture, commissioner):
    report_confirm(report=entered, user=commissioner)

    with pytest.raises(IntegrityError), transaction.atomic():
        Result.objects.create(
            fixture=kp_fixture, home_score=0, away_score=0, winner="draw", decided_by="points",
            seed=1, record={},
        )  # fmt: skip


@pytest.mark.parametrize("persona", ["coach", "stranger"])
def test_only_the_other_coach_or_the_commissioner_confirms(entered, persona, request):
    with pytest.raises(PermissionDenied):
        report_confirm(report=entered, user=request.getfixturevalue(persona))
    entered.refresh_from_db()
    assert entered.status == ResultReport.Status.PENDING


def test_the_commissioner_may_confirm_any_report(entered, commissioner):
    report_confirm(report=entered, user=commissioner)
    entered.refresh_from_db()
    assert entered.status == ResultReport.Status.CONFIRMED


@pytest.mark.parametrize("persona", ["coach", "other_coach", "commissioner"])
def test_the_commissioner_or_either_coach_enters_a_result(kp_fixture, persona, request):
    user = request.getfixturevalue(persona)
    entered = report_enter(fixture=kp_fixture, user=user, result=report(0, 0))
    assert entered.submitted_by == user


def test_a_stranger_enters_no_result(kp_fixture, stranger):
    with pytest.raises(PermissionDenied):
        report_enter(fixture=kp_fixture, user=stranger, result=report(1, 0))
    kp_fixture.refresh_from_db()
    assert kp_fixture.status == Fixture.Status.SCHEDULED and not ResultReport.objects.exists()


def test_a_disputed_result_waits_in_the_commissioners_queue(
    entered, kp_fixture, commissioner, coach, other_coach, stranger
):
    with pytest.raises(PermissionDenied):
        report_dispute(report=entered, user=coach)  # not one's own
    with pytest.raises(PermissionDenied):
        report_dispute(report=entered, user=commissioner)  # the commissioner decides

    report_dispute(report=entered, user=other_coach, reason="It was 2-0.")

    entered.refresh_from_db()
    assert entered.status == ResultReport.Status.DISPUTED
    assert (entered.disputed_by, entered.dispute_reason) == (other_coach, "It was 2-0.")
    assert list(report_queue(user=commissioner)) == [entered]
    assert list(report_queue(user=stranger)) == []
    with pytest.raises(ValidationError, match="disputed"):
        report_confirm(report=entered, user=other_coach)
    with pytest.raises(PermissionDenied):
        report_decide(report=entered, user=other_coach)


def test_the_commissioner_decides_a_disputed_result_and_may_correct_it(
    entered, kp_fixture, commissioner, other_coach
):
    report_dispute(report=entered, user=other_coach, reason="It was 2-0.")

    result = report_decide(
        report=entered,
        user=commissioner,
        result=report(2, 0, home={"played": HOME_PLAYED}),
        note="The referee sheet says 2-0.",
    )

    entered.refresh_from_db()
    assert (result.home_score, result.away_score) == (2, 0)
    assert entered.status == ResultReport.Status.DECIDED and entered.reviewed_by == commissioner
    assert entered.payload["score"] == {"home": 2, "away": 0}
    assert entered.decisions == {"home": {"redraw": {"Titanos 5": "magic_armour"}}}  # kept
    assert list(report_queue(user=commissioner)) == []


def test_a_new_report_supersedes_the_open_one(entered, kp_fixture, other_coach):
    newer = report_enter(fixture=kp_fixture, user=other_coach, result=report(2, 0))

    entered.refresh_from_db()
    assert entered.status == ResultReport.Status.SUPERSEDED
    assert open_report(fixture=kp_fixture) == newer
    with pytest.raises(ValidationError, match="newer report"):
        report_confirm(report=entered, user=other_coach)


def test_at_most_one_open_report_per_fixture(entered, kp_fixture, coach):
    with pytest.raises(IntegrityError), transaction.atomic():
        ResultReport.objects.create(fixture=kp_fixture, submitted_by=coach, payload={})


@pytest.mark.parametrize(
    ("result", "field"),
    [
        ({"score": {"home": 1}}, "result.score.away"),
        (report(1, 0, home={"played": ["Tom"]}), "result.home.played.0"),
        (report(1, 0, home={"played": ["Titanos 1"], "comas": [{"gladiator": "Titanos 2", "state": -12}]}), "result.home.comas.0.gladiator"),
        (report(1, 0, away={"comas": [{"gladiator": "Viking 1", "state": -4}]}), "result.away.comas.0.state"),
        (report(1, 0, home={"played": ["Titanos 1"], "badly_wounded": ["Titanos 3"]}), "result.home.badly_wounded.0"),
        (report(1, 0, home={"played": ["Titanos 1"], "out": ["Titanos 3"]}), "result.home.out.0"),
        ({**report(1, 0), "result": "away"}, "result.result"),
        ({**report(1, 0), "decided_by": "free_throws"}, "result.decided_by"),
        ({**report(1, 0), "decided_by": "abandon"}, "result.abandoned_by"),
        ({**report(1, 0), "overtime": True}, "result.overtime"),
        ("3-0", "result"),
    ],
)  # fmt: skip
def test_a_bad_report_names_its_field_and_changes_nothing(kp_fixture, coach, result, field):
    with pytest.raises(ValidationError) as error:
        report_enter(fixture=kp_fixture, user=coach, result=result)

    assert field in error.value.message_dict, error.value.message_dict
    kp_fixture.refresh_from_db()
    assert kp_fixture.status == Fixture.Status.SCHEDULED and kp_fixture.options is None
    assert not ResultReport.objects.exists()


@pytest.mark.parametrize(
    ("decisions", "field"),
    [
        ({"away": {"redraw": {"Viking 1": "magic_armour"}}}, "decisions.away"),  # not his side
        ({"home": {"redraw": {"Titanos 7": "magic_armour"}}}, "decisions.home.redraw.Titanos 7"),
        ({"home": {"redraw": {"Titanos 1": "sword"}}}, "decisions.home.redraw.Titanos 1"),
        ({"home": {"raises": {"Titanos 1": ["BAL"]}}}, "decisions.home.raises"),
        ({"middle": {}}, "decisions.middle"),
    ],
)
def test_post_match_choices_are_checked_with_the_report(kp_fixture, coach, decisions, field):
    with pytest.raises(ValidationError) as error:
        report_enter(
            fixture=kp_fixture,
            user=coach,
            result=report(1, 0, home={"played": HOME_PLAYED}),
            decisions=decisions,
        )
    assert field in error.value.message_dict, error.value.message_dict


def test_a_played_or_cancelled_fixture_takes_no_report(
    kp_season, kp_fixture, entered, coach, commissioner, titanos, viking
):
    report_confirm(report=entered, user=commissioner)
    with pytest.raises(ValidationError, match="already has its result"):
        report_enter(fixture=kp_fixture, user=coach, result=report(1, 0))

    from matches import services
    from tests.factories import FixtureFactory

    cancelled = services.fixture_cancel(
        fixture=FixtureFactory(season=kp_season, round=2, home=viking, away=titanos)
    )
    with pytest.raises(ValidationError, match="cancelled"):
        report_enter(fixture=cancelled, user=coach, result=report(1, 0))


def test_a_draw_on_points_stays_a_draw_in_a_championship(kp_fixture, coach, other_coach):
    # 3.4: a team that does not score its points to score does not win: 0-0 is a draw.
    entered = report_enter(fixture=kp_fixture, user=coach, result=report(0, 0))
    result = report_confirm(report=entered, user=other_coach)
    assert (result.winner, result.decided_by, result.record["free_throws"]) == (
        "draw",
        "points",
        None,
    )
