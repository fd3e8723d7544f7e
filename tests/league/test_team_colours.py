"""New teams get distinct default colours, in turn from a palette; a colour picked stays."""

import pytest
from django.urls import reverse

from league import services
from league.selectors import TEAM_COLOURS, teams_coloured
from systems.killpower.services.teams import killpower_team_register
from tests.pages.conftest import form_data, soup

pytestmark = pytest.mark.django_db


def test_teams_registered_without_colours_each_get_the_next_pair(league):
    teams = [services.team_register(league=league, name=f"Team {n}") for n in range(3)]

    colours = [(team.primary_colour, team.secondary_colour) for team in teams]

    assert colours == TEAM_COLOURS[:3]
    assert len(set(colours)) == 3


def test_a_colour_picked_is_kept(league):
    team = services.team_register(league=league, name="Reds", primary_colour="#aa0000")

    assert (team.primary_colour, team.secondary_colour) == ("#aa0000", TEAM_COLOURS[0][1])


def test_the_register_page_offers_the_next_pair_and_keeps_it(client, commissioner, league, team):
    client.force_login(commissioner)
    url = reverse("league:team_register", args=[league.pk])
    form = soup(client.get(url)).find("main").find("form", method="post")

    offered = (
        form.find("input", attrs={"name": "primary_colour"})["value"],
        form.find("input", attrs={"name": "secondary_colour"})["value"],
    )
    client.post(url, form_data(form, name="Second"))

    assert offered == TEAM_COLOURS[1] != (team.primary_colour, team.secondary_colour)
    second = league.teams.get(name="Second")
    assert (second.primary_colour, second.secondary_colour) == TEAM_COLOURS[1]


def test_killpower_teams_take_the_palette_in_turn_too(kp_league):
    first = killpower_team_register(league=kp_league, name="Nabos", seed=1)
    second = killpower_team_register(league=kp_league, name="Titanos", seed=2)

    assert [(t.primary_colour, t.secondary_colour) for t in (first, second)] == TEAM_COLOURS[:2]


def test_a_batch_takes_the_next_pairs_in_turn_keeping_the_colours_given(league, team):
    specs = teams_coloured(
        league=league,
        teams=[{"name": "A"}, {"name": "B", "primary_colour": "#aa0000"}, {"name": "C"}],
    )

    assert [(s["primary_colour"], s["secondary_colour"]) for s in specs] == [
        TEAM_COLOURS[1],
        ("#aa0000", TEAM_COLOURS[2][1]),
        TEAM_COLOURS[3],
    ]
    assert [(s["name"], s["coach"]) for s in specs] == [("A", None), ("B", None), ("C", None)]
