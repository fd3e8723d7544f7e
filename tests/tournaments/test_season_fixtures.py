"""A season that holds a tournament gets its fixtures from the tournament's rounds only: the
round robin is refused before any round is published, on the page, the API and the service."""

import pytest
from django.urls import reverse

from core.refusals import Refused
from matches import services as match_services

pytestmark = pytest.mark.django_db


def test_generating_a_round_robin_over_a_tournament_is_refused_and_writes_nothing(swiss):
    season = swiss.season
    with pytest.raises(Refused) as refused:
        match_services.fixtures_generate(season=season)
    assert refused.value.code == "tournament_season"
    assert refused.value.field == "season"
    assert refused.value.params == {"tournament": "Spring Swiss"}
    assert not season.fixtures.exists()


def test_a_season_without_a_tournament_still_gets_its_round_robin(season, six_teams):
    assert len(match_services.fixtures_generate(season=season, double=False)) == 15


def test_the_api_refuses_it_on_the_season_field(api_as, commissioner, swiss):
    response = api_as(commissioner).post(
        f"/api/v1/seasons/{swiss.season.pk}/generate-fixtures/", {"double": False}
    )
    assert response.status_code == 400
    body = response.json()["error"]
    assert body["code"] == "tournament_season"
    assert "Spring Swiss" in body["fields"]["season"][0]
    assert not swiss.season.fixtures.exists()


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "its rounds make the fixtures"), ("fr", "ses rondes font les matchs")],
)
def test_the_generate_page_says_why_in_each_language(client, commissioner, swiss, language, words):
    client.force_login(commissioner)
    client.cookies["django_language"] = language
    url = reverse("league:fixtures_generate", args=[swiss.season.league_id])
    response = client.get(url, {"season": swiss.season.pk})
    assert response.status_code == 200
    assert words in response.content.decode()
