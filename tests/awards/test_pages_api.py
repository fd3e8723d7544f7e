"""The awards on pages (the season's awards page, a team page, the league page's archived
season) in English and French, the commissioner's form with its refusals, and the API's
shape, roles and refusals."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from awards.models import Award
from awards.services import custom_award_give
from tests.api.conftest import assert_error

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(season, team, other_team, commissioner):
    """A finished season with a game award and a player's custom award."""
    season.finished_at = timezone.now()
    season.champion = team
    season.save(update_fields=["finished_at", "champion"])
    Award.objects.create(
        season=season, kind="game", code="best_attack", team=team, value=9, matches=4
    )
    player = team.players.order_by("pk").first()
    custom_award_give(
        season=season,
        by=commissioner,
        name="Fair play",
        description="Never a foul.",
        team=team,
        player_ref=str(player.pk),
    )
    return season


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["Awards of season 2526", "Best attack", "9 in 4 matches", "Fair play"]),
        ("fr", ["Récompenses de la saison 2526", "Meilleure attaque", "9 en 4 matchs"]),
    ],
)
def test_the_season_page_in_both_languages(finished, language, words):
    page = Client().get(reverse("awards:season", args=[finished.pk]), HTTP_ACCEPT_LANGUAGE=language)
    text = page.content.decode()
    assert page.status_code == 200
    for word in words:
        assert word in text
    assert "Give a custom award" not in text and "Remettre une récompense" not in text


@pytest.mark.parametrize(("language", "title"), [("en", "Awards"), ("fr", "Récompenses")])
def test_the_team_page_and_the_league_page_show_the_awards(finished, team, league, language, title):
    page = Client().get(team.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language)
    text = page.content.decode()
    assert f'<h2 id="team-awards-title">{title}</h2>' in text
    assert "Fair play" in text and reverse("awards:season", args=[finished.pk]) in text
    league_page = Client().get(
        f"{league.get_absolute_url()}?season={finished.pk}", HTTP_ACCEPT_LANGUAGE=language
    )
    assert 'id="season-awards-title"' in league_page.content.decode()
    assert "Fair play" in league_page.content.decode()


def test_the_commissioner_gives_and_revokes_from_the_page(
    client, finished, other_team, commissioner
):
    client.force_login(commissioner)
    url = reverse("awards:season", args=[finished.pk])
    assert "Give a custom award" in client.get(url).content.decode()

    given = client.post(
        reverse("awards:give", args=[finished.pk]), {"name": "Best kit", "team": other_team.pk}
    )
    assert given.status_code == 302
    award = Award.objects.get(name="Best kit")
    assert (award.team, award.player_ref) == (other_team, "")

    refused = client.post(
        reverse("awards:give", args=[finished.pk]), {"name": "Best kit", "team": other_team.pk}
    )
    assert refused.status_code == 400
    assert "already has the award Best kit" in refused.content.decode()
    assert Award.objects.filter(name="Best kit").count() == 1

    revoked = client.post(reverse("awards:revoke", args=[finished.pk, award.pk]))
    assert revoked.status_code == 302 and not Award.objects.filter(pk=award.pk).exists()


def test_a_coach_may_not_give_from_the_page(client, finished, team, coach):
    client.force_login(coach)
    answer = client.post(
        reverse("awards:give", args=[finished.pk]), {"name": "Me", "team": team.pk}
    )
    assert answer.status_code == 403
    assert not Award.objects.filter(name="Me").exists()


AWARD_KEYS = {
    "id", "season", "season_name", "kind", "code", "label", "description", "team", "team_name",
    "player", "player_name", "value", "matches", "created_at",
}  # fmt: skip


def test_the_api_lists_a_seasons_and_a_teams_awards(finished, team, api_client):
    body = api_client.get(f"/api/v1/seasons/{finished.pk}/awards/").json()
    assert [set(row) for row in body] == [AWARD_KEYS, AWARD_KEYS]
    game, custom = body
    assert (game["kind"], game["code"], game["label"], game["value"], game["matches"]) == (
        "game", "best_attack", "Best attack", 9, 4
    )  # fmt: skip
    assert (custom["kind"], custom["label"], custom["description"]) == (
        "custom", "Fair play", "Never a foul."
    )  # fmt: skip
    french = api_client.get(f"/api/v1/teams/{team.pk}/awards/", HTTP_ACCEPT_LANGUAGE="fr").json()
    assert {row["label"] for row in french} == {"Meilleure attaque", "Fair play"}


def test_the_api_gives_and_revokes_for_the_commissioner_only(
    finished, team, other_team, commissioner, coach, api_as
):
    url = f"/api/v1/seasons/{finished.pk}/awards/"
    assert api_as(None).post(url, {"name": "Kit", "team": team.pk}).status_code == 401
    assert api_as(coach).post(url, {"name": "Kit", "team": team.pk}).status_code == 403
    as_commissioner = api_as(commissioner)
    refused = as_commissioner.post(url, {"name": "Kit", "team": team.pk, "player": "999999"})
    assert assert_error(refused, 400, "player")["code"] == "unknown_player"
    given = as_commissioner.post(url, {"name": "Kit", "team": other_team.pk}, format="json")
    assert given.status_code == 201 and given.json()["team_name"] == other_team.name

    game_award = Award.objects.get(code="best_attack")
    assert assert_error(as_commissioner.delete(f"/api/v1/awards/{game_award.pk}/"), 400, "award")
    assert api_as(coach).delete(f"/api/v1/awards/{given.json()['id']}/").status_code == 403
    assert as_commissioner.delete(f"/api/v1/awards/{given.json()['id']}/").status_code == 204
    assert not Award.objects.filter(name="Kit").exists()
