"""A Mythril match that earns level-ups tells each team's coach there is one to choose."""

from datetime import timedelta

import pytest
from django.utils import timezone

from league.services import league_create
from matches.models import Fixture
from notifications.models import Notification
from rules_engine import Dice
from systems.mythril.services.post_match import post_match_run
from systems.mythril.services.teams import mythril_team_register
from tests.systems.mythril.conftest import humans
from tests.systems.mythril.helpers import enter_and_confirm, ids, kick_off, side

pytestmark = pytest.mark.django_db

# as tests/systems/mythril/test_post_match.py: each team's MVP earns a level-up
SCRIPT = [1, 3, 3, 4, 5, 1, 1, 2, 6, 1]


@pytest.fixture
def mythril_fixture(commissioner, coach, other_coach):
    league = league_create(commissioner=commissioner, name="Mythril", rule_system="mythril")
    teams = [
        mythril_team_register(
            league=league,
            name=name,
            coach=user,
            team_list="Human",
            players=humans(),
            popularity=1,
            home_pitch="lawn",
        )
        for name, user in (("Reavers", coach), ("Hammers", other_coach))
    ]
    return Fixture.objects.create(
        season=league.seasons.get(),
        round=1,
        home=teams[0],
        away=teams[1],
        kickoff=timezone.now() + timedelta(days=1),
    )


def test_each_coach_hears_of_a_level_up_to_choose(mythril_fixture, coach, other_coach, committed):
    kick_off(mythril_fixture)
    home, away = ids(mythril_fixture, "home"), ids(mythril_fixture, "away")
    enter_and_confirm(
        mythril_fixture,
        {
            "score": {"home": 2, "away": 1},
            "home": side(home, p0={"touchdowns": 2}),
            "away": side(away, p0={"touchdowns": 1}),
        },
        by=coach,
        confirm_by=other_coach,
    )
    with committed():
        post_match_run(fixture_id=mythril_fixture.pk, dice=Dice.scripted(SCRIPT))
        post_match_run(fixture_id=mythril_fixture.pk, dice=Dice.scripted(SCRIPT))
    notes = Notification.objects.filter(kind="levelup.to_choose")
    assert set(notes.values_list("user_id", flat=True)) == {coach.pk, other_coach.pk}
    mine = notes.get(user=coach)
    assert mine.data["team"] == "Reavers" and mine.data["player"]
    assert mine.url == f"/leagues/teams/{mythril_fixture.home_id}/"
