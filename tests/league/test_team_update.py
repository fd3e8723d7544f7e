"""A team change writes only what it changes, on the row as it is now (no lost update)."""

import pytest
from django.core.exceptions import ValidationError

from league.models import Team
from league.services import team_update

pytestmark = pytest.mark.django_db


def test_a_team_change_keeps_what_someone_else_changed_meanwhile(team, stranger):
    # given the team as a request loaded it, and a change of its coach committed since
    loaded = Team.objects.get(pk=team.pk)
    team_update(team=Team.objects.get(pk=team.pk), coach=stranger)

    # when the first request saves its own change from what it loaded
    team_update(team=loaded, name="Grey Wolves")

    # then both changes stand
    team.refresh_from_db()
    assert (team.name, team.coach) == ("Grey Wolves", stranger)


def test_a_refused_team_change_writes_nothing(team):
    with pytest.raises(ValidationError) as refused:
        team_update(team=team, name="Grey Wolves", primary_colour="blue")

    assert list(refused.value.message_dict) == ["primary_colour"]

    team.refresh_from_db()
    assert team.name != "Grey Wolves"
