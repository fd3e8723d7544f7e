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


def test_recruits_take_the_places_the_fallen_left_match_after_match(
    kp_fixture, kp_season, titanos, viking, commissioner
):
    """A recruit takes the number of the gladiator he replaces: a team's living gladiators
    stay numbered 1 to 7, whoever falls and however often, never two on one number."""
    from tests.factories import FixtureFactory

    def coma(name):  # a coma at -20 always kills
        return {"gladiator": name, "state": -20, "location": "head"}

    def living():
        rows = titanos.gladiators.exclude(status=GladiatorStatus.DEAD)
        return dict(rows.values_list("number", "name"))

    play(
        kp_fixture, 2, 0, by=commissioner, confirm_by=commissioner, seed=1,
        home={"comas": [coma("Titanos 6"), coma("Titanos 3")]},
    )  # fmt: skip
    assert living() == {
        1: "Titanos 1", 2: "Titanos 2", 3: "Recruit 1", 4: "Titanos 4",
        5: "Titanos 5", 6: "Recruit 2", 7: "Titanos 7",
    }  # fmt: skip

    # the recruit on number 3 falls in turn, and number 7 beside him
    second = FixtureFactory(season=kp_season, round=2, home=viking, away=titanos)
    play(
        second, 0, 2, by=commissioner, confirm_by=commissioner, seed=2,
        away={"comas": [coma("Recruit 1"), coma("Titanos 7")]},
    )  # fmt: skip
    assert living() == {
        1: "Titanos 1", 2: "Titanos 2", 3: "Recruit 3", 4: "Titanos 4",
        5: "Titanos 5", 6: "Recruit 2", 7: "Recruit 4",
    }  # fmt: skip
    dead = titanos.gladiators.filter(status=GladiatorStatus.DEAD)
    assert sorted(dead.values_list("number", "name")) == [
        (3, "Recruit 1"), (3, "Titanos 3"), (6, "Titanos 6"), (7, "Titanos 7"),
    ]  # fmt: skip
