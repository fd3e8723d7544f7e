"""Automatic recruits take names no gladiator of the team's history had."""

import pytest

from rules_engine import Dice
from rules_engine.killpower import fill_places
from systems.killpower.models import GladiatorStatus
from tests.systems.killpower.helpers import play

pytestmark = pytest.mark.django_db


def test_the_engine_skips_names_the_team_used_before(titanos):
    from systems.killpower.engine import engine_team

    team = engine_team(titanos, titanos.gladiators.all())
    slots = [None, *team.gladiators[1:]]

    _filled, recruited = fill_places(
        slots, team.gladiators, [], dice=Dice(1), used_names=["Recruit 1", "Recruit 2"]
    )

    assert [g.name for g in recruited] == ["Recruit 3"]


def test_a_recruit_never_takes_the_name_of_one_of_the_teams_dead(kp_fixture, titanos, commissioner):
    # given a gladiator called "Recruit 1" who died in an earlier match
    fallen = titanos.gladiators.get(number=1)
    fallen.pk, fallen.name, fallen.status = None, "Recruit 1", GladiatorStatus.DEAD
    fallen.save()

    # when Titanos 3 dies in this match (a coma at -20 always kills) and is replaced
    play(
        kp_fixture, 2, 0, by=commissioner, confirm_by=commissioner, seed=1,
        home={"comas": [{"gladiator": "Titanos 3", "state": -20, "location": "head"}]},
    )  # fmt: skip

    # then the recruit has a name of his own
    living = set(
        titanos.gladiators.exclude(status=GladiatorStatus.DEAD).values_list("name", flat=True)
    )
    assert "Titanos 3" not in living and "Recruit 2" in living and "Recruit 1" not in living
