"""A Mythril player ("Lineman 1" until then) renamed by his team's coach: the service's rules,
the page and the API; nothing but the name changes."""

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from core.refusals import Forbidden, Refused
from systems.mythril.models import Player
from systems.mythril.services.teams import player_fire, player_rename
from tests.api.conftest import assert_error
from tests.pages.conftest import field_error, form_data, soup

pytestmark = pytest.mark.django_db


@pytest.fixture
def lineman(home_team):
    return home_team.mythril_players.get(number=1)


def _as(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _refusal(call) -> Refused:
    with pytest.raises(Refused) as refused:
        call()
    return refused.value


def test_a_rename_changes_the_name_only(lineman, coach):
    before = Player.objects.filter(pk=lineman.pk).values().get()

    player_rename(player=lineman, user=coach, name=" Griff Oberwald ")

    after = Player.objects.filter(pk=lineman.pk).values().get()
    assert {**before, "name": "Griff Oberwald"} == after


@pytest.mark.parametrize(
    ("name", "code"),
    [("", "name_required"), ("  ", "name_required"), ("x" * 81, "name_too_long")],
)
def test_a_name_is_not_blank_nor_too_long(lineman, coach, name, code):
    refusal = _refusal(lambda: player_rename(player=lineman, user=coach, name=name))

    assert (refusal.code, refusal.field) == (code, "name")


def test_a_name_is_unique_on_the_roster_only(lineman, home_team, away_team, coach):
    teammate = home_team.mythril_players.get(number=2)
    rival = away_team.mythril_players.get(number=1)

    refusal = _refusal(
        lambda: player_rename(player=lineman, user=coach, name=teammate.name.lower())
    )
    player_rename(player=lineman, user=coach, name=rival.name)

    assert (refusal.code, refusal.field) == ("name_taken", "name")
    assert Player.objects.get(pk=lineman.pk).name == rival.name


def test_a_fired_players_name_is_free_again(lineman, home_team, coach):
    teammate = home_team.mythril_players.get(number=2)
    player_fire(player=teammate, user=coach)

    assert player_rename(player=lineman, user=coach, name=teammate.name).name == teammate.name


def test_another_coach_cannot_rename(lineman, other_coach):
    with pytest.raises(Forbidden):
        player_rename(player=lineman, user=other_coach, name="Griff")

    assert Player.objects.get(pk=lineman.pk).name != "Griff"


def test_the_coach_renames_from_the_team_page(lineman, home_team, coach):
    client = _as(coach)
    url = reverse("league:my_rename", args=[lineman.pk])
    assert soup(client.get(home_team.get_absolute_url())).find("a", href=url)
    form = soup(client.get(url)).find("main").find("form")

    answer = client.post(url, form_data(form, name="Griff Oberwald"), follow=True)

    assert f"{lineman.name} is now Griff Oberwald." in soup(answer).get_text()
    assert Player.objects.get(pk=lineman.pk).name == "Griff Oberwald"


def test_a_refused_name_is_an_inline_error_in_french(lineman, home_team, coach):
    teammate = home_team.mythril_players.get(number=2)
    client = _as(coach)
    client.cookies["django_language"] = "fr"
    url = reverse("league:my_rename", args=[lineman.pk])
    form = soup(client.get(url)).find("main").find("form")

    answer = client.post(url, form_data(form, name=teammate.name))

    error = field_error(soup(answer), "name")
    assert error == f"Un autre joueur de l’équipe s’appelle {teammate.name}."


def test_another_coach_sees_no_rename_and_is_refused(lineman, home_team, other_coach):
    client = _as(other_coach)
    url = reverse("league:my_rename", args=[lineman.pk])

    assert soup(client.get(home_team.get_absolute_url())).find("a", href=url) is None
    assert client.get(url).status_code == 403
    assert client.post(url, {"name": "Griff"}).status_code == 403


def test_the_commissioner_renames_too(lineman, commissioner):
    _as(commissioner).post(reverse("league:my_rename", args=[lineman.pk]), {"name": "Griff"})

    assert Player.objects.get(pk=lineman.pk).name == "Griff"


def test_the_coach_renames_over_the_api(lineman, coach, other_coach):
    url = f"/api/v1/mythril/players/{lineman.pk}/rename/"
    mine, theirs = APIClient(), APIClient()
    mine.force_authenticate(coach)
    theirs.force_authenticate(other_coach)

    forbidden = theirs.post(url, {"name": "Griff"}, format="json")
    refused = mine.post(url, {"name": ""}, format="json")
    renamed = mine.post(url, {"name": "Griff"}, format="json")

    assert_error(forbidden, 403)
    assert_error(APIClient().post(url, {"name": "Griff"}, format="json"), 401)
    assert assert_error(refused, 400, "name")["code"] == "name_required"
    assert renamed.status_code == 200 and renamed.json()["name"] == "Griff"
