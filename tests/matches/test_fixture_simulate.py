"""fixture_simulate, simulation_request and the sweeper (SQLite, eager tasks)."""

from datetime import timedelta
from unittest import mock

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from matches import services
from matches.models import Fixture, Result
from matches.services import SIMULATE_CHUNK_TASK
from systems.rotzball.models import LineupSlot
from systems.rotzball.services import lineup_set, player_update
from tests.factories import FixtureFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def fixture(season, team, other_team):
    return FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() + timedelta(days=2)
    )


def test_simulating_a_fixture_stores_one_result_with_its_seed_and_log(fixture):
    result = services.fixture_simulate(fixture_id=fixture.pk, seed=99)

    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.PLAYED
    assert result.seed == 99 == result.record["seed"]
    assert (result.home_score, result.away_score) == (
        result.record["home_score"],
        result.record["away_score"],
    )
    assert result.winner in ("home", "away")  # Rotzball has no draws
    assert result.record["turns"] and result.record["rolls"]


def test_the_same_seed_replays_the_same_match(fixture, season, team, other_team):
    twin = FixtureFactory(season=season, round=2, home=team, away=other_team)
    first = services.fixture_simulate(fixture_id=fixture.pk, seed=1234)
    second = services.fixture_simulate(fixture_id=twin.pk, seed=1234)

    assert first.record == second.record


def test_simulating_twice_resolves_once_and_keeps_the_first_result(fixture):
    first = services.fixture_simulate(fixture_id=fixture.pk, seed=1)
    again = services.fixture_simulate(fixture_id=fixture.pk, seed=2)

    assert again.pk == first.pk and again.seed == 1
    assert Result.objects.filter(fixture=fixture).count() == 1


def test_cancelled_or_missing_fixture_is_not_simulated(fixture):
    services.fixture_cancel(fixture=fixture)

    assert services.fixture_simulate(fixture_id=fixture.pk) is None
    assert services.fixture_simulate(fixture_id=10**9) is None
    assert not Result.objects.exists()


def test_line_ups_are_snapshotted_at_kick_off_and_used_for_the_result(fixture, team):
    services.fixture_kick_off(fixture_id=fixture.pk)
    passer = team.lineup_slots.get(position=LineupSlot.Position.PASSER).player
    # The roster is frozen after kick-off; even a forced change in the database is not used.
    type(passer).objects.filter(pk=passer.pk).update(agility=99)

    result = services.fixture_simulate(fixture_id=fixture.pk, seed=5)

    fixture.refresh_from_db()
    assert fixture.home_sheet["passer"]["Ag"] == 45
    assert fixture.status == Fixture.Status.PLAYED and result.fixture_id == fixture.pk


def test_coach_cannot_edit_the_roster_between_kick_off_and_result(fixture, team):
    services.fixture_kick_off(fixture_id=fixture.pk)
    player = team.players.first()

    with pytest.raises(ValidationError, match="kicked off"):
        player_update(player=player, agility=80)
    services.fixture_simulate(fixture_id=fixture.pk)
    player_update(player=player, agility=80)  # allowed again once the result is in

    player.refresh_from_db()
    assert player.agility == 80


def test_incomplete_line_up_refuses_the_whole_request_and_changes_nothing(season, fixture, team):
    team.lineup_slots.filter(position=LineupSlot.Position.COACH).delete()

    with pytest.raises(ValidationError) as error:
        services.simulation_request(season=season, user=None, round_number=1)

    assert "Wolves" in str(error.value)
    fixture.refresh_from_db()
    assert fixture.status == Fixture.Status.SCHEDULED and fixture.home_sheet is None
    assert not season.simulation_batches.exists()


def test_simulating_a_round_plays_its_fixtures_and_reports_progress(
    season, fixture, django_capture_on_commit_callbacks
):
    from matches.selectors import batch_progress

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        batch = services.simulation_request(season=season, user=None, round_number=1)
        assert batch_progress(batch=batch) == {
            "total": 1,
            "played": 0,
        }  # workers told only after commit

    # the simulation sent once; the other callbacks are what its result set off: the events it
    # published (core.events) and the rating of the result (ratings.tasks)
    sent = [getattr(callback, "task_name", None) for callback in callbacks]
    assert sent.count(SIMULATE_CHUNK_TASK) == 1

    assert batch_progress(batch=batch) == {"total": 1, "played": 1}
    with pytest.raises(ValidationError, match="Nothing left"):
        services.simulation_request(season=season, user=None, round_number=1)


def test_sweeper_kicks_off_due_fixtures_and_resolves_them(
    season, team, other_team, django_capture_on_commit_callbacks
):
    due = FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() - timedelta(minutes=1)
    )
    later = FixtureFactory(
        season=season,
        round=2,
        home=other_team,
        away=team,
        kickoff=timezone.now() + timedelta(hours=1),
    )

    with django_capture_on_commit_callbacks(execute=True):
        summary = services.fixtures_sweep_due()

    due.refresh_from_db()
    later.refresh_from_db()
    assert summary == {"kicked_off": 1, "enqueued": 1}
    assert due.status == Fixture.Status.PLAYED
    assert later.status == Fixture.Status.SCHEDULED


def test_sweeper_records_why_a_due_fixture_cannot_kick_off(season, team, other_team):
    team.lineup_slots.all().delete()
    due = FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() - timedelta(minutes=1)
    )

    services.fixtures_sweep_due()

    due.refresh_from_db()
    assert due.status == Fixture.Status.SCHEDULED
    assert "Wolves" in due.problem


def test_generate_fixtures_for_the_league_teams(season, team, other_team):
    from tests.factories import TeamFactory

    TeamFactory(league=season.league, name="Bears")
    fixtures = services.fixtures_generate(season=season, double=True)

    assert len(fixtures) == 6  # 3 teams, double round robin
    assert {f.round for f in fixtures} == set(range(1, 7))
    with pytest.raises(ValidationError, match="already has fixtures"):
        services.fixtures_generate(season=season)


def test_sweeper_judges_kick_off_by_the_database_clock_not_the_app_clock(
    season, team, other_team, django_capture_on_commit_callbacks
):
    # given a fixture due in 30 minutes, and an application clock running an hour fast
    fixture = FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() + timedelta(minutes=30)
    )
    fast = timezone.now() + timedelta(hours=1)

    # when the sweeper runs
    with (
        mock.patch("django.utils.timezone.now", return_value=fast),
        django_capture_on_commit_callbacks(execute=True),
    ):
        summary = services.fixtures_sweep_due()

    # then the database's clock says it is not due: nothing kicked off
    fixture.refresh_from_db()
    assert summary["kicked_off"] == 0
    assert fixture.status == Fixture.Status.SCHEDULED


def test_a_fixture_that_could_not_kick_off_leaves_its_teams_free_to_mend_the_line_up(
    season, team, other_team, django_capture_on_commit_callbacks
):
    # given the home coach left the passer position empty and kick-off time has passed
    passer = team.lineup_slots.get(position=LineupSlot.Position.PASSER).player
    team.lineup_slots.filter(position=LineupSlot.Position.PASSER).delete()
    due = FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() - timedelta(minutes=1)
    )
    services.fixtures_sweep_due()
    due.refresh_from_db()
    assert due.status == Fixture.Status.SCHEDULED and due.problem

    # when the coach puts a passer back
    assignments = dict(team.lineup_slots.values_list("position", "player"))
    lineup_set(team=team, assignments={**assignments, LineupSlot.Position.PASSER: passer.pk})

    # then the next sweep kicks the fixture off and plays it
    with django_capture_on_commit_callbacks(execute=True):
        services.fixtures_sweep_due()
    due.refresh_from_db()
    assert due.status == Fixture.Status.PLAYED and due.problem == ""


def test_sweeper_resends_only_fixtures_that_waited_past_the_grace_period(
    season, team, other_team, settings, django_capture_on_commit_callbacks
):
    # given two kicked-off fixtures, one just now and one ten minutes ago
    settings.SWEEPER_GRACE_SECONDS = 120
    fresh = FixtureFactory(season=season, home=team, away=other_team)
    stale = FixtureFactory(season=season, round=2, home=other_team, away=team)
    for fixture in (fresh, stale):
        services.fixture_kick_off(fixture_id=fixture.pk)
    Fixture.objects.filter(pk=stale.pk).update(locked_at=timezone.now() - timedelta(minutes=10))

    # when the sweeper runs
    with django_capture_on_commit_callbacks(execute=True):
        summary = services.fixtures_sweep_due()

    # then only the stale one is sent again (and played); the fresh one is still on its way
    assert summary == {"kicked_off": 0, "enqueued": 1}
    assert Fixture.objects.get(pk=stale.pk).status == Fixture.Status.PLAYED
    assert Fixture.objects.get(pk=fresh.pk).status == Fixture.Status.LOCKED


def test_the_sweep_command_plays_due_fixtures_without_a_broker(
    season, team, other_team, django_capture_on_commit_callbacks
):
    # given a fixture past its kick-off and no Celery beat (tasks run eagerly)
    from io import StringIO

    from django.core.management import call_command

    due = FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() - timedelta(minutes=5)
    )
    out = StringIO()

    # when the sweep command runs (as cron or a user would)
    with django_capture_on_commit_callbacks(execute=True):
        call_command("sweep", stdout=out)

    # then the fixture kicked off and was played, and the command says so
    due.refresh_from_db()
    assert due.status == Fixture.Status.PLAYED
    assert "kicked_off: 1" in out.getvalue()
