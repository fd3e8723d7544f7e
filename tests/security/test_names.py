"""Names (leagues, seasons, teams, players, armies) take visible characters only: a control
character, a line break, a zero-width or a text-direction character is refused, naming the
field, on the API, on the pages and in the models; a calendar of the league stays readable."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from core.names import validate_name
from league.models import League, Team
from tests.pages.conftest import field_error, form_data, soup

pytestmark = pytest.mark.django_db

REFUSED = [
    "Cup\r\nX-Evil: 1",
    "Wolves\nBEGIN:VEVENT",
    "Tab\there",
    "Null\x00",
    "Bell\x07",
    "C1\x85",
    "\u202eslevloW",  # right-to-left override
    "a\u202ab",
    "a\u202db",
    "a\u2066b",
    "a\u2069b",
    "Wol\u200bves",  # zero-width space
    "Wol\u200cves",
    "Wol\u200dves",
    "\ufeffWolves",
    "Line\u2028Separator",
]


@pytest.mark.parametrize("name", REFUSED)
def test_the_validator_refuses_invisible_characters(name):
    with pytest.raises(ValidationError):
        validate_name(name)


@pytest.mark.parametrize("name", ["Élan d'Été", "Ωμέγα", "Köln 1. FC", "Orcs & Goblins", "東京"])
def test_the_validator_takes_visible_names(name):
    validate_name(name)


@pytest.mark.parametrize("name", ["Cup\r\nX-Evil: 1", "\u202eCup", "Cu\u200bp"])
def test_the_api_refuses_a_league_or_team_name_naming_the_field(api_as, commissioner, league, name):
    client = api_as(commissioner)
    created = client.post("/api/v1/leagues/", {"name": name, "rule_system": "rotzball"})
    renamed = client.patch(f"/api/v1/leagues/{league.pk}/", {"name": name})
    team = client.post("/api/v1/teams/", {"league": league.pk, "name": name})

    for answer in (created, renamed, team):
        assert answer.status_code == 400, answer.content
        assert list(answer.json()["error"]["fields"]) == ["name"]
    assert not League.objects.filter(name=name).exists()
    assert not Team.objects.filter(name=name).exists()


def test_the_league_form_refuses_a_line_break_in_the_name(client, stranger):
    client.force_login(stranger)
    url = reverse("league:create")
    form = soup(client.get(url)).find("main").find("form", method="post")

    page = client.post(url, form_data(form, name="Cup\r\nX", season_name="1\u202e"))

    assert page.status_code == 200
    assert "visible characters only" in field_error(soup(page), "name")
    assert "visible characters only" in field_error(soup(page), "season_name")
    assert not League.objects.filter(commissioner=stranger).exists()


def test_the_models_refuse_it_too(league):
    league.name = "Cup\nX"
    with pytest.raises(ValidationError) as refused:
        league.full_clean()
    assert list(refused.value.message_dict) == ["name"]


def test_a_leagues_calendar_answers_with_its_name_refused(client, api_as, commissioner, league):
    api_as(commissioner).patch(f"/api/v1/leagues/{league.pk}/", {"name": "Cup\r\nX-Evil: 1"})

    assert client.get(f"/leagues/{league.pk}/calendar.ics").status_code == 200
