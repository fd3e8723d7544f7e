"""The league's forfeit scores: set on the settings page and through the API, refused (naming
the field, nothing saved) when the winner would not outscore the loser."""

import pytest
from bs4 import BeautifulSoup

from league.models import League

pytestmark = pytest.mark.django_db


def test_the_api_shows_and_sets_them(api_as, commissioner, league):
    client = api_as(commissioner)
    assert client.get(f"/api/v1/leagues/{league.pk}/").json()["forfeit_score_for"] == 2
    response = client.patch(
        f"/api/v1/leagues/{league.pk}/",
        {"forfeit_score_for": 5, "forfeit_score_against": 1},
        format="json",
    )
    assert response.status_code == 200, response.content
    assert (response.json()["forfeit_score_for"], response.json()["forfeit_score_against"]) == (
        5,
        1,
    )


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"forfeit_score_for": 1, "forfeit_score_against": 1}, "forfeit_score_for"),
        ({"forfeit_score_against": 4}, "forfeit_score_for"),
        ({"forfeit_score_for": 100}, "forfeit_score_for"),
        ({"forfeit_score_against": -1}, "forfeit_score_against"),
    ],
)
def test_the_api_refuses_a_forfeit_the_winner_does_not_win(
    api_as, commissioner, league, body, field
):
    response = api_as(commissioner).patch(f"/api/v1/leagues/{league.pk}/", body, format="json")
    assert response.status_code == 400
    assert field in response.json()["error"]["fields"]
    league.refresh_from_db()
    assert (league.forfeit_score_for, league.forfeit_score_against) == (2, 0)


def test_a_coach_cannot_change_them(api_as, coach, league):
    response = api_as(coach).patch(
        f"/api/v1/leagues/{league.pk}/", {"forfeit_score_for": 9}, format="json"
    )
    assert response.status_code == 403


def test_the_settings_page_sets_them(client, commissioner, league):
    client.force_login(commissioner)
    soup = BeautifulSoup(client.get(f"/leagues/{league.pk}/settings/").content, "html.parser")
    form = soup.find("form", class_="settings-form")
    data = {}
    for field in form.find_all(["input", "textarea", "select"]):
        name = field.get("name")
        if not name or field.get("type") == "submit":
            continue
        if field.get("type") in ("checkbox", "radio"):
            if field.has_attr("checked"):
                data[name] = field.get("value", "on")
            continue
        if field.name == "select":
            chosen = field.find("option", selected=True)
            data[name] = chosen["value"] if chosen else ""
        else:
            data[name] = field.get("value") or field.text
    assert data["forfeit_score_for"] == "2"
    refused = client.post(
        f"/leagues/{league.pk}/settings/",
        data | {"forfeit_score_for": "0", "forfeit_score_against": "0"},
    )
    page = BeautifulSoup(refused.content, "html.parser")
    assert page.select_one("#field-forfeit_score_for .field-error")
    response = client.post(
        f"/leagues/{league.pk}/settings/",
        data | {"forfeit_score_for": "3", "forfeit_score_against": "1"},
    )
    assert response.status_code == 302
    fresh = League.objects.get(pk=league.pk)
    assert (fresh.forfeit_score_for, fresh.forfeit_score_against) == (3, 1)
