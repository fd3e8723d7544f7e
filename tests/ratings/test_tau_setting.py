"""The league's tau (``League.rating_tau``): set on the settings page and through the API,
refused outside 0.2 to 1.2 on its field."""

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


def test_the_commissioner_sets_the_tau_on_the_settings_page(client, commissioner, league):
    client.force_login(commissioner)
    form = settings_form(client, league)
    assert form.find("input", attrs={"name": "rating_tau"})["value"] == "0.5"

    response = client.post(
        reverse("league:settings", args=[league.pk]), form_data(form, rating_tau="0.8")
    )

    assert response.status_code == 302
    league.refresh_from_db()
    assert league.rating_tau == 0.8


def test_a_tau_above_1_2_is_an_error_on_its_field(client, commissioner, league):
    client.force_login(commissioner)
    form = settings_form(client, league)

    response = client.post(
        reverse("league:settings", args=[league.pk]), form_data(form, rating_tau="1.5")
    )

    assert field_error(soup(response), "rating_tau")
    league.refresh_from_db()
    assert league.rating_tau == 0.5


def test_the_api_reads_and_changes_the_tau(api_as, commissioner, league):
    client = api_as(commissioner)
    url = f"/api/v1/leagues/{league.pk}/"
    assert client.get(url).json()["rating_tau"] == 0.5

    changed = client.patch(url, {"rating_tau": 0.3}, format="json")
    refused = client.patch(url, {"rating_tau": 0.1}, format="json")

    assert changed.status_code == 200 and changed.json()["rating_tau"] == 0.3
    assert refused.status_code == 400 and "rating_tau" in str(refused.json())
