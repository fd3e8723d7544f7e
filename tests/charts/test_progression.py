"""Players' progression: the games' ``progression_series`` hooks read each match's numbers
back from their history (Killpower gladiator events, Mythril post-match sequences), in a
constant number of queries; the team's charts page and the API give the same numbers."""

from datetime import timedelta

import pytest
from bs4 import BeautifulSoup
from django.urls import reverse
from django.utils import timezone

from core.progression import progression_chart
from league.services import league_create
from matches import plugins
from matches.models import Fixture
from systems.killpower.models import Gladiator, GladiatorEvent
from systems.mythril.models import Player, PostMatchRun
from systems.mythril.services.teams import mythril_team_register
from tests.charts.helpers import parse_svg, svg_of
from tests.factories import FixtureFactory
from tests.systems.mythril.conftest import humans

Event = GladiatorEvent.Kind


def _kp_match(season, home, away, number):
    return FixtureFactory(
        season=season,
        home=home,
        away=away,
        round=number,
        status=Fixture.Status.PLAYED,
        kickoff=timezone.now() - timedelta(days=10 - number),
    )


@pytest.fixture
def kp_history(kp_season, titanos, viking):
    """Two matches of Titanos: its first gladiator gains 3 then 2 XP (from 0), its second
    dies in the first match, a recruit takes his place with 0 XP and gains 4 in the second."""
    first, second = (
        _kp_match(kp_season, titanos, viking, 1),
        _kp_match(kp_season, viking, titanos, 2),
    )
    one, two = list(Gladiator.objects.filter(team=titanos).order_by("number"))[:2]
    events = [
        (one, Event.PLAYED, first, {}),
        (one, Event.XP, first, {"gained": 3, "xp": 3}),
        (two, Event.PLAYED, first, {}),
        (two, Event.DIED, first, {"reason": "killed"}),
    ]
    two.status = Gladiator.Status.DEAD
    two.save()
    recruit = Gladiator.objects.create(
        team=titanos,
        number=two.number,
        name="Recruit",
        specialization=two.specialization,
        equipment=two.equipment,
        xp=4,
    )
    events += [
        (recruit, Event.RECRUITED, first, {}),
        (one, Event.PLAYED, second, {}),
        (one, Event.XP, second, {"gained": 2, "xp": 5}),
        (recruit, Event.PLAYED, second, {}),
        (recruit, Event.XP, second, {"gained": 4, "xp": 4}),
    ]
    GladiatorEvent.objects.bulk_create(
        GladiatorEvent(gladiator=who, kind=kind, fixture=fixture, detail=detail)
        for who, kind, fixture, detail in events
    )
    return one, two, recruit


@pytest.mark.django_db
def test_killpower_experience_after_each_match(titanos, kp_history):
    one, two, _recruit = kp_history

    progression = plugins.progression.of("killpower").progression_series(team=titanos)

    values = {player.name: player.values for player in progression.players}
    assert progression.steps == ["R1", "R2"]
    assert values[one.name] == [3, 5]
    assert values[two.name] == [0, None]  # died in the first match
    assert values["Recruit"] == [0, 4]  # joined after the first match with no experience
    assert str(progression.measure) == "Experience (XP)"


@pytest.mark.django_db
def test_killpower_progression_costs_two_queries(titanos, kp_history, django_assert_num_queries):
    with django_assert_num_queries(2):
        plugins.progression.of("killpower").progression_series(team=titanos)


@pytest.mark.django_db
def test_a_team_without_matches_has_no_progression_and_no_chart(titanos):
    progression = plugins.progression.of("killpower").progression_series(team=titanos)

    assert progression is None
    assert progression_chart(progression, team_name="Titanos") == ""


@pytest.fixture
def mythril_pair(commissioner, coach, other_coach):
    league = league_create(commissioner=commissioner, name="Mythril", rule_system="mythril")
    home = mythril_team_register(
        league=league,
        name="Reavers",
        coach=coach,
        team_list="Human",
        players=humans(),
        popularity=1,
        home_pitch="lawn",
    )
    away = mythril_team_register(
        league=league,
        name="Raiders",
        coach=other_coach,
        team_list="Human",
        players=humans(),
        popularity=1,
        home_pitch="lawn",
    )
    return league.seasons.get(), home, away


def _mythril_run(season, home, away, number, rosters):
    fixture = FixtureFactory(
        season=season,
        home=home,
        away=away,
        round=number,
        status=Fixture.Status.PLAYED,
        kickoff=timezone.now() - timedelta(days=10 - number),
    )
    log = {
        side: {"players": [{"id": str(pk), "spp": spp} for pk, spp in roster.items()]}
        for side, roster in rosters.items()
    }
    PostMatchRun.objects.update_or_create(
        fixture=fixture, defaults={"status": PostMatchRun.Status.DONE, "log": log}
    )


@pytest.mark.django_db
def test_mythril_spp_after_each_match_on_either_side(mythril_pair):
    season, home, away = mythril_pair
    first, second = list(Player.objects.filter(team=home).order_by("number"))[:2]
    _mythril_run(season, home, away, 1, {"home": {first.pk: 2, second.pk: 0}, "away": {}})
    _mythril_run(season, away, home, 2, {"home": {}, "away": {first.pk: 5}})  # second died

    progression = plugins.progression.of("mythril").progression_series(team=home)

    values = {player.name: player.values for player in progression.players}
    assert progression.steps == ["R1", "R2"]
    assert values == {first.name: [2, 5], second.name: [0, None]}


@pytest.mark.django_db
def test_the_team_charts_page_and_the_api_give_the_progression(
    client, api_client, titanos, kp_history
):
    one, _two, _recruit = kp_history

    page = client.get(reverse("league:team_charts", args=[titanos.pk]))
    api = api_client.get(f"/api/v1/teams/{titanos.pk}/progression/")

    html = page.content.decode()
    soup = BeautifulSoup(html, "html.parser")
    table = soup.select_one("table.progression-table")
    names = [th.get_text(strip=True) for th in table.thead.find_all("th")][1:]
    rows = [
        [td.get_text(strip=True) for td in row.find_all("td")] for row in table.tbody.find_all("tr")
    ]
    column = names.index(one.name)
    assert [row[column] for row in rows] == ["3", "5"]
    figure = soup.select_one("#progression")
    parse_svg(str(figure.find("svg")))
    assert api.status_code == 200
    body = api.json()
    assert body["measure"] == "Experience (XP)" and body["steps"] == ["R1", "R2"]
    assert {p["name"]: p["values"] for p in body["players"]}[one.name] == [3, 5]
    assert svg_of(html)


@pytest.mark.django_db
def test_a_game_without_the_hook_answers_an_empty_progression(api_client, team):
    response = api_client.get(f"/api/v1/teams/{team.pk}/progression/")

    assert response.status_code == 200
    assert response.json() == {"team": team.pk, "measure": None, "steps": [], "players": []}


@pytest.mark.django_db
def test_an_unknown_team_is_a_404(api_client):
    assert api_client.get("/api/v1/teams/999999/progression/").status_code == 404
