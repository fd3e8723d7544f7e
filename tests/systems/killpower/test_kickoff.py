"""Kick-off of a Killpower fixture: teams frozen, RAP drawn, powers and points to score."""

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from matches import services
from matches.models import Fixture
from systems.killpower.kickoff import fixture_kick_off_now
from systems.killpower.selectors.matches import referee_sheet_get
from tests.factories import FixtureFactory, set_ranking_points
from tests.systems.killpower.helpers import play

pytestmark = pytest.mark.django_db


def test_nabos_against_titanos_must_score_three_and_one(kp_season, titanos, viking):
    # 3.2: Nabos power 46 against Titanos 33: Nabos must score 3 more, Titanos 1 more.
    set_ranking_points(viking, 46)
    set_ranking_points(titanos, 33)
    fixture = FixtureFactory(season=kp_season, home=viking, away=titanos)

    services.fixture_kick_off(fixture_id=fixture.pk)

    fixture.refresh_from_db()
    kickoff = fixture.options["kickoff"]
    assert kickoff["power"] == {"home": 46, "away": 33}
    assert kickoff["division"] == {"home": 5, "away": 3}
    assert kickoff["points_to_score"] == {"home": 3, "away": 1}
    assert fixture.options["settings"]["mode"] == "championship"


def test_the_rap_of_every_gladiator_is_drawn_once_and_stored(kp_fixture):
    services.fixture_kick_off(fixture_id=kp_fixture.pk)
    kp_fixture.refresh_from_db()
    kickoff = kp_fixture.options["kickoff"]

    assert [len(kickoff["rapidity"][side]) for side in ("home", "away")] == [7, 7]
    assert all(
        1 <= rap <= 10 for side in ("home", "away") for rap in kickoff["rapidity"][side].values()
    )
    assert [roll["purpose"] for roll in kickoff["rolls"]][:2] == ["RAP Titanos 1", "RAP Titanos 2"]
    assert len(kickoff["rolls"]) == 14 and isinstance(kickoff["seed"], int)

    services.fixture_kick_off(fixture_id=kp_fixture.pk)  # idempotent: nothing redrawn
    kp_fixture.refresh_from_db()
    assert kp_fixture.options["kickoff"] == kickoff


def test_the_referee_sheet_shows_what_was_frozen(kp_fixture):
    before = referee_sheet_get(fixture=kp_fixture)
    assert before["kicked_off"] is False and before["home"]["gladiators"] == []

    services.fixture_kick_off(fixture_id=kp_fixture.pk)
    kp_fixture.refresh_from_db()
    sheet = referee_sheet_get(fixture=kp_fixture)

    assert sheet["kicked_off"] is True
    assert sheet["turns"] == list(range(20, 0, -1))
    assert (sheet["home"]["power"], sheet["home"]["points_to_score"]) == (0, 1)
    tom = sheet["home"]["gladiators"][0]
    assert tom["name"] == "Titanos 1" and tom["number"] == 1
    assert tom["rapidity"] == kp_fixture.options["kickoff"]["rapidity"]["home"]["Titanos 1"]
    assert tom["characteristics"]["HAB"] == 5  # archer
    assert sheet["score"] is None


def test_killpower_matches_are_never_simulated(kp_fixture, kp_season):
    with pytest.raises(ValidationError, match="played at the table"):
        services.simulation_request(season=kp_season, user=None)
    assert services.fixture_simulate(fixture_id=kp_fixture.pk) is None
    kp_fixture.refresh_from_db()
    assert kp_fixture.status == Fixture.Status.SCHEDULED


def test_the_sweeper_kicks_killpower_fixtures_off_but_enqueues_no_simulation(
    kp_season, titanos, viking, django_capture_on_commit_callbacks
):
    due = FixtureFactory(
        season=kp_season, home=titanos, away=viking, kickoff=timezone.now() - timedelta(minutes=1)
    )

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        summary = services.fixtures_sweep_due()

    due.refresh_from_db()
    assert summary == {"kicked_off": 1, "enqueued": 0}
    assert due.status == Fixture.Status.LOCKED and callbacks == []


def test_a_team_kicks_off_again_only_once_its_last_match_is_settled(
    kp_season, kp_fixture, titanos, viking, commissioner, monkeypatch
):
    # given a confirmed result whose post-match sequence has not run yet
    monkeypatch.setattr("matches.tasks.post_match_task.delay", lambda fixture_id: None)
    play(kp_fixture, 1, 0, by=commissioner, confirm_by=commissioner)
    rematch = FixtureFactory(season=kp_season, round=2, home=viking, away=titanos)

    # then the next fixture of either team cannot kick off
    with pytest.raises(ValidationError) as error:
        services.fixture_kick_off(fixture_id=rematch.pk)
    assert set(error.value.message_dict) == {"home", "away"}
    assert "post-match sequence" in error.value.message_dict["home"][0]

    # once the sequence has run, it can
    from systems.killpower.services.post_match import post_match_run

    post_match_run(fixture_id=kp_fixture.pk)
    services.fixture_kick_off(fixture_id=rematch.pk)
    rematch.refresh_from_db()
    assert rematch.status == Fixture.Status.LOCKED


def test_the_commissioner_kicks_a_fixture_off_before_its_time(kp_fixture, commissioner):
    # Given a fixture scheduled in two days
    scheduled = kp_fixture.kickoff

    # When the commissioner kicks it off now
    fixture = fixture_kick_off_now(fixture=kp_fixture, user=commissioner, seed=5)

    # Then both teams are frozen and the RAP drawn, with the seed given; the schedule stays
    kp_fixture.refresh_from_db()
    assert fixture.status == kp_fixture.status == Fixture.Status.LOCKED
    assert kp_fixture.options["kickoff"]["seed"] == 5
    assert len(kp_fixture.options["kickoff"]["rapidity"]["away"]) == 7
    assert kp_fixture.kickoff == scheduled and kp_fixture.locked_at is not None

    # ... and only once
    with pytest.raises(ValidationError) as error:
        fixture_kick_off_now(fixture=kp_fixture, user=commissioner)
    assert "already kicked off" in error.value.message_dict["fixture"][0]


@pytest.mark.parametrize("persona", ["coach", "other_coach", "stranger"])
def test_nobody_but_the_commissioner_kicks_a_fixture_off(request, kp_fixture, persona):
    with pytest.raises(PermissionDenied):
        fixture_kick_off_now(fixture=kp_fixture, user=request.getfixturevalue(persona))

    kp_fixture.refresh_from_db()
    assert kp_fixture.status == Fixture.Status.SCHEDULED and not kp_fixture.options


def test_a_team_not_ready_is_named_and_the_fixture_stays_scheduled(
    kp_fixture, commissioner, viking
):
    viking.gladiators.filter(number=7).delete()

    with pytest.raises(ValidationError) as error:
        fixture_kick_off_now(fixture=kp_fixture, user=commissioner)

    assert "Viking's roster is not ready" in error.value.message_dict["away"][0]
    kp_fixture.refresh_from_db()
    assert kp_fixture.status == Fixture.Status.SCHEDULED


def test_only_killpower_fixtures_are_kicked_off_by_hand(commissioner, season, team, other_team):
    rotzball = FixtureFactory(season=season, home=team, away=other_team)

    with pytest.raises(ValidationError) as error:
        fixture_kick_off_now(fixture=rotzball, user=commissioner)

    assert "fixture" in error.value.message_dict
