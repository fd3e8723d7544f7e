"""Tutatis personas: a league (commissioner), two teams built from the sample lists (coach,
other_coach), a fixture between them; and ``stranger`` from the root conftest."""

from datetime import timedelta

import pytest
from django.utils import timezone

from league.services import league_create, team_register
from matches.models import Fixture
from systems.tutatis.models import TeamList
from systems.tutatis.services import rosters

ORCS = "Orc Bonecrushers (sample)"
DWARFS = "Dwarf Anvils (sample)"
# entry position -> (on the pitch, on the bench): 7 on the pitch with one goalkeeper.
LEGAL = {0: (3, 1), 1: (2, 1), 2: (1, 0), 3: (1, 0)}


def counts_for(team_list, spec):
    entries = list(team_list.entries.order_by("pk"))
    return {entries[index].pk: places for index, places in spec.items()}


def build(team, user, list_name, spec=LEGAL):
    team_list = TeamList.objects.get(league=None, name=list_name)
    rosters.team_list_choose(user=user, team=team, team_list=team_list)
    if spec:
        rosters.roster_set(user=user, team=team, counts=counts_for(team_list, spec))
    return team_list


@pytest.fixture
def tt_league(commissioner):
    return league_create(
        commissioner=commissioner,
        name="Triskearth",
        rule_system="tutatis",
        tutatis_budget=600,
        time_warp_tokens=3,
    )


@pytest.fixture
def orcs(tt_league, coach):
    team = team_register(league=tt_league, name="Orcs", coach=coach)
    build(team, coach, ORCS)
    return team


@pytest.fixture
def dwarfs(tt_league, other_coach):
    team = team_register(league=tt_league, name="Dwarfs", coach=other_coach)
    build(team, other_coach, DWARFS)
    return team


@pytest.fixture
def tt_fixture(tt_league, orcs, dwarfs):
    return Fixture.objects.create(
        season=tt_league.seasons.get(),
        round=1,
        home=orcs,
        away=dwarfs,
        kickoff=timezone.now() + timedelta(days=1),
    )
