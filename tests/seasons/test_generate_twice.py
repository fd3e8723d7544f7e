"""Generating a season's fixtures a second time is refused up front, with how many it has."""

import pytest
from django.urls import reverse

from matches import services
from tests.pages.conftest import soup

pytestmark = pytest.mark.django_db


def _generate_page(client, league, season, **headers):
    url = reverse("league:fixtures_generate", args=[league.pk]) + f"?season={season.pk}"
    return soup(client.get(url, **headers))


def test_the_generate_page_says_how_many_fixtures_the_season_has(
    client, season, league, commissioner, team, other_team
):
    client.force_login(commissioner)
    services.fixtures_generate(season=season, double=True)

    page = _generate_page(client, league, season)

    assert page.find(id="refusal").get_text() == "This season already has fixtures."
    assert page.find(id="refusal-detail").get_text() == (
        "It has 2 fixtures, shown on the league page."
    )
    assert page.find("main").find("button", type="submit").has_attr("disabled")


def test_the_count_is_said_in_french(client, season, league, commissioner, team, other_team):
    client.force_login(commissioner)
    services.fixtures_generate(season=season, double=False)

    page = _generate_page(client, league, season, HTTP_ACCEPT_LANGUAGE="fr")

    assert page.find(id="refusal-detail").get_text() == (
        "Elle compte 1 rencontre, affichée sur la page de la ligue."
    )


def test_a_season_without_fixtures_has_no_count(
    client, season, league, commissioner, team, other_team
):
    client.force_login(commissioner)

    page = _generate_page(client, league, season)

    assert page.find(id="refusal") is None and page.find(id="refusal-detail") is None
