"""What the corrections tell: ``result.corrected`` and ``result.voided`` to both coaches once
the change commits, keyed by the correction (a second publication of the same change is the
same event); an award is told as a fixture played; nothing for a refused change."""

import pytest
from django.core.exceptions import ValidationError

from core.signals import domain_event
from matches.corrections import fixture_award, result_correct, result_void

pytestmark = pytest.mark.django_db


@pytest.fixture
def heard():
    events = []

    def listen(sender, event, **kwargs):
        events.append(event)

    domain_event.connect(listen, dispatch_uid="tests.corrections.heard")
    yield events
    domain_event.disconnect(dispatch_uid="tests.corrections.heard")


def test_a_correction_and_a_void_tell_both_coaches(
    played, fixture, commissioner, coach, other_coach, heard, run_on_commit
):
    correction = run_on_commit(
        result_correct,
        result=played,
        home_score=1,
        away_score=2,
        winner="away",
        reason="Misread",
        by=commissioner,
    )
    void = run_on_commit(result_void, result=played, reason="Replay", by=commissioner)
    told = [(e.kind, e.key, e.recipients) for e in heard if e.kind.startswith("result.")]
    coaches = tuple(sorted([coach.pk, other_coach.pk]))
    assert told == [
        ("result.corrected", f"result.corrected:{correction.pk}", coaches),
        ("result.voided", f"result.voided:{void.pk}", coaches),
    ]
    corrected = next(e for e in heard if e.kind == "result.corrected")
    assert corrected.data["before"]["winner"] == "home"
    assert corrected.data["after"]["winner"] == "away"
    assert corrected.url == f"/matches/{fixture.pk}/"


def test_an_award_is_told_as_a_fixture_played(fixture, commissioner, heard, run_on_commit):
    run_on_commit(fixture_award, fixture=fixture, winner="home", reason="No show", by=commissioner)
    assert [e.kind for e in heard if e.kind == "fixture.played"] == ["fixture.played"]


def test_a_refused_correction_tells_nobody(played, commissioner, heard, run_on_commit):
    with pytest.raises(ValidationError):
        run_on_commit(
            result_correct,
            result=played,
            home_score=1,
            away_score=2,
            winner="home",
            reason="x",
            by=commissioner,
        )
    assert not [e for e in heard if e.kind.startswith("result.")]
