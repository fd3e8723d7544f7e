"""The sweep of lost rating messages: a league whose results changed without its worker task
running (the message dropped) is found once the grace period passed, rated again once, and its
rows then equal a rebuild's."""

import random
from datetime import timedelta

import pytest

from core.sweeping import sweep_all
from matches.corrections import result_correct, result_void
from ratings import services
from ratings.models import RatedUpTo
from ratings.services.catch_up import CATCH_UP, leagues_behind
from tests.ratings.conftest import play, score, snapshot

NOW = timedelta(0)


def test_a_dropped_result_message_is_swept_rated_once_and_equals_a_rebuild(
    seasons, run_on_commit, django_capture_on_commit_callbacks, settings
):
    rng = random.Random(11)
    for fixture in seasons[:-3]:
        run_on_commit(play, fixture, *score(rng))
    assert leagues_behind(grace=NOW) == []
    lost = seasons[-3]
    play(lost, 2, 0)  # stored, but its message never runs: no on-commit callback executed
    league = lost.season.league
    settings.SWEEPER_GRACE_SECONDS = 3600
    assert leagues_behind() == []  # within the grace period its own message has its chance
    assert leagues_behind(grace=NOW) == [league.pk]

    settings.SWEEPER_GRACE_SECONDS = 0
    with django_capture_on_commit_callbacks(execute=False) as sent:
        summary = sweep_all()
    assert summary["ratings_catch_ups_sent"] == 1
    # the lost result's forecast is swept too (its own sweep); the ratings send one catch-up
    assert [c.task_name for c in sent if c.task_name.startswith("ratings.")] == [CATCH_UP]

    first = services.league_catch_up(league_id=league.pk)
    again = services.league_catch_up(league_id=league.pk)  # the sweep sent it twice: rated once

    assert first["teams"] > 0 and first["coaches"] > 0
    assert again == {"teams": 0, "coaches": 0}
    assert leagues_behind(grace=NOW) == []
    caught_up = snapshot()
    services.ratings_rebuild()
    assert snapshot() == caught_up


def test_a_dropped_correction_and_a_dropped_void_are_swept(seasons, commissioner, run_on_commit):
    rng = random.Random(5)
    results = [run_on_commit(play, fixture, *score(rng)) for fixture in seasons]
    corrected, voided = results[4], results[9]
    result_correct(  # no callback run: the worker never hears of it
        result=corrected,
        home_score=corrected.away_score + 2,
        away_score=0,
        winner="home",
        reason="Misread",
        by=commissioner,
    )
    result_void(result=voided, reason="Replay", by=commissioner)
    behind = leagues_behind(grace=NOW)
    assert set(behind) == {
        corrected.fixture.season.league_id,
        voided.fixture.season.league_id,
    }

    for league_id in behind:
        services.league_catch_up(league_id=league_id)

    assert leagues_behind(grace=NOW) == []
    caught_up = snapshot()
    services.ratings_rebuild()
    assert snapshot() == caught_up


@pytest.mark.parametrize("how", ["worker", "rebuild"])
def test_the_worker_and_the_rebuild_record_what_they_rated_from(seasons, run_on_commit, how):
    rng = random.Random(2)
    for fixture in seasons[:10]:
        if how == "worker":
            run_on_commit(play, fixture, *score(rng))
        else:
            play(fixture, *score(rng))
    if how == "rebuild":
        services.ratings_rebuild()
    assert RatedUpTo.objects.exists()
    assert leagues_behind(grace=NOW) == []
