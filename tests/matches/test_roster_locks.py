"""``matches.rosters.teams_lock_editable``: the teams a roster write touches, locked and each
checked editable, as every game's roster services take them."""

import pytest
from django.db import transaction

from core.refusals import Refused
from matches.models import Fixture
from matches.rosters import teams_lock_editable
from tests.factories import FixtureFactory, TeamFactory

pytestmark = pytest.mark.django_db


def test_the_locked_rows_each_team_once_in_the_order_given() -> None:
    first, second = TeamFactory(), TeamFactory()
    with transaction.atomic():
        locked = teams_lock_editable(teams=[second, first, second])
    assert [team.pk for team in locked] == [second.pk, first.pk]
    assert locked[0] is not second  # the row read under the lock


def test_a_team_in_play_is_refused_naming_its_opponent() -> None:
    fixture = FixtureFactory(status=Fixture.Status.LOCKED)
    with pytest.raises(Refused) as refused, transaction.atomic():
        teams_lock_editable(teams=[TeamFactory(), fixture.away])
    assert refused.value.code == "roster_locked"
    assert fixture.home.name in refused.value.message
