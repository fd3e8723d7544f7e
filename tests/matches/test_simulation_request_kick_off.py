"""A simulation request kicks its round off in the request, all its fixtures at once: as many
statements for a round of six fixtures as for one of two, and line-ups that cannot play
refused together, naming each team, with nothing kicked off."""

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from league.models import Season
from matches import services
from matches.models import Fixture, SimulationBatch
from tests.factories import LeagueFactory, SeasonFactory, TeamFactory, full_lineup

pytestmark = pytest.mark.django_db


def _season(teams: int) -> Season:
    league = LeagueFactory()
    season = SeasonFactory(league=league)
    for number in range(teams):
        full_lineup(TeamFactory(league=league, name=f"Team {number:02}"))
    services.fixtures_generate(season=season, first_kickoff=timezone.now() + timedelta(days=3))
    return season


def _statements(season: Season) -> int:
    with CaptureQueriesContext(connection) as queries:
        services.simulation_request(season=season, user=None, round_number=1)
    return len(queries)


def test_a_round_costs_as_many_statements_whatever_its_size():
    small, large = _season(4), _season(12)

    assert _statements(small) == _statements(large)
    assert set(large.fixtures.filter(round=1).values_list("status", flat=True)) == {"locked"}


def test_line_ups_that_cannot_play_are_refused_together_and_nothing_kicks_off():
    season = _season(6)
    first, _ready, third = season.fixtures.filter(round=1).order_by("pk")
    for team in (first.away, third.home):
        team.lineup_slots.all().delete()

    with pytest.raises(ValidationError) as refused:
        services.simulation_request(season=season, user=None, round_number=1)

    messages = refused.value.message_dict["lineups"]
    assert [message.split("'s line-up")[0] for message in messages] == [
        first.away.name,
        third.home.name,
    ]
    assert set(season.fixtures.values_list("status", flat=True)) == {Fixture.Status.SCHEDULED}
    assert not season.fixtures.filter(home_sheet__isnull=False).exists()
    assert not SimulationBatch.objects.exists()
