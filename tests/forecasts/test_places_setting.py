"""The league's forecast places (``forecast_top_places``, ``forecast_bottom_places``): set on the
settings page and through the API, refused below 1 on their field."""

import pytest
from django.urls import reverse

from tests.pages.conftest import field_error, form_data, soup

pytestmark = pytest.mark.django_db


def settings_form(client, league):
    return (
        soup(client.get(reverse("league:settings", args=[league.pk])))
        .find("main")
        .find("form", method="post")
    )


def test_the_commissioner_sets_the_places_on_the_settings_page(client, commissioner, league):
    client.force_login(commissioner)
    form = settings_form(client, league)
    assert form.find("input", attrs={"name": "forecast_top_places"})["value"] == "4"
    assert form.find("input", attrs={"name": "forecast_bottom_places"})["value"] == "1"

    response = client.post(
        reverse("league:settings", args=[league.pk]),
        form_data(form, forecast_top_places="6", forecast_bottom_places="3"),
    )

    assert response.status_code == 302
    league.refresh_from_db()
    assert (league.forecast_top_places, league.forecast_bottom_places) == (6, 3)


def test_no_place_is_an_error_on_its_field(client, commissioner, league):
    client.force_login(commissioner)
    response = client.post(
        reverse("league:settings", args=[league.pk]),
        form_data(settings_form(client, league), forecast_top_places="0"),
    )
    assert field_error(soup(response), "forecast_top_places")
    league.refresh_from_db()
    assert league.forecast_top_places == 4


def test_the_api_reads_and_changes_the_places(api_as, commissioner, league):
    client = api_as(commissioner)
    url = f"/api/v1/leagues/{league.pk}/"
    assert client.get(url).json()["forecast_top_places"] == 4

    changed = client.patch(url, {"forecast_bottom_places": 2}, format="json")
    refused = client.patch(url, {"forecast_top_places": 0}, format="json")

    assert changed.status_code == 200 and changed.json()["forecast_bottom_places"] == 2
    assert refused.status_code == 400 and "forecast_top_places" in str(refused.json())
