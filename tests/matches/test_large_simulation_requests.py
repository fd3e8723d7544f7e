"""A large simulation request checks the line-ups at once and leaves the kick-offs to a
worker, in chunks; a lost kick-off message is recovered by the sweeper."""

from datetime import timedelta
from unittest import mock

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from matches import services
from matches.models import SimulationBatch
from tests.factories import LeagueFactory, SeasonFactory, TeamFactory, full_lineup

pytestmark = pytest.mark.django_db


@pytest.fixture
def big_season(settings):
    settings.SIMULATION_KICK_OFF_IN_REQUEST = 4
    settings.SIMULATION_KICK_OFF_CHUNK = 5
    league = LeagueFactory()
    season = SeasonFactory(league=league)
    for number in range(4):
        full_lineup(TeamFactory(league=league, name=f"Team {number}"))
    services.fixtures_generate(season=season, first_kickoff=timezone.now() + timedelta(days=3))
    return season  # 12 fixtures: more than a request kicks off itself


def test_the_request_kicks_nothing_off_itself(big_season, commissioner):
    batch = services.simulation_request(season=big_season, user=commissioner)

    assert batch.fixtures.count() == 12
    assert set(big_season.fixtures.values_list("status", flat=True)) == {"scheduled"}


def test_the_worker_kicks_off_in_chunks_and_every_match_is_played(
    big_season, commissioner, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        batch = services.simulation_request(season=big_season, user=commissioner)

    assert set(big_season.fixtures.values_list("status", flat=True)) == {"played"}
    assert services.batch_kick_off(batch_id=batch.pk) == {"kicked_off": 0, "enqueued": 0}


def test_a_team_not_ready_refuses_the_whole_request_naming_it(big_season, commissioner):
    broken = big_season.league.teams.get(name="Team 2")
    broken.lineup_slots.all().delete()

    with pytest.raises(ValidationError) as refused:
        services.simulation_request(season=big_season, user=commissioner)

    assert refused.value.message_dict["lineups"][0].startswith("Team 2's line-up is not ready")
    assert not SimulationBatch.objects.exists()


def test_the_sweeper_kicks_off_a_batch_whose_message_was_lost(big_season, commissioner):
    batch = services.simulation_request(season=big_season, user=commissioner)  # never sent
    SimulationBatch.objects.filter(pk=batch.pk).update(
        created_at=timezone.now() - timedelta(hours=1)
    )

    with mock.patch.object(services, "_enqueue") as enqueue:
        summary = services.fixtures_sweep_due()

    assert summary["kicked_off"] == 12
    assert sorted(enqueue.call_args.args[0]) == sorted(batch.fixtures.values_list("pk", flat=True))
    assert set(big_season.fixtures.values_list("status", flat=True)) == {"locked"}
