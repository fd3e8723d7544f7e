"""Players: written by whoever may edit the team's roster, and only before kick-off."""

from datetime import timedelta

import pytest
from django.utils import timezone

from matches.models import Fixture
from systems.rotzball.models import Player
from tests.api.conftest import ANONYMOUS, assert_error, refused_status
from tests.factories import FixtureFactory, tactic

NOT_ROSTER_EDITOR = ["other_coach", "stranger", "other_commissioner", ANONYMOUS]
ROSTER_EDITORS = ["coach", "commissioner"]
NEW_PLAYER = {
    "name": "Gretchen",
    "endurance": 50,
    "agility": 41,
    "strength": 38,
    "intelligence": 30,
}


def roster(team) -> list[tuple]:
    return list(
        team.players.order_by("pk").values_list(
            "name", "endurance", "agility", "strength", "intelligence"
        )
    )


@pytest.fixture
def player(team):
    return team.players.get(name="Wolves reserve 1")


@pytest.fixture(params=["locked", "scheduled_in_the_past"])
def kicked_off(request, season, team, other_team):
    """A fixture of ``team`` that has kicked off: locked, or scheduled with kick-off passed."""
    if request.param == "locked":
        return FixtureFactory(
            season=season, home=team, away=other_team, status=Fixture.Status.LOCKED
        )
    return FixtureFactory(
        season=season, home=other_team, away=team, kickoff=timezone.now() - timedelta(minutes=1)
    )


# --- reading ------------------------------------------------------------------------------


@pytest.mark.django_db
def test_players_filter_by_team(api_as, team, other_team):
    body = api_as(None).get("/api/v1/players/", {"team": team.pk}).json()

    assert body["count"] == 8
    assert {p["team"] for p in body["results"]} == {team.pk}


# --- create -------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("persona", ROSTER_EDITORS)
def test_roster_editors_add_a_player(client_for, persona, team):
    response = client_for(persona).post("/api/v1/players/", {"team": team.pk, **NEW_PLAYER})

    assert response.status_code == 201, response.content
    assert response.json()["position"] is None
    gretchen = team.players.get(name="Gretchen")
    assert (gretchen.endurance, gretchen.agility, gretchen.strength, gretchen.intelligence) == (
        50,
        41,
        38,
        30,
    )


@pytest.mark.django_db
@pytest.mark.parametrize("persona", NOT_ROSTER_EDITOR)
def test_only_roster_editors_add_a_player(client_for, persona, team, other_team, other_league):
    before = roster(team)

    response = client_for(persona).post("/api/v1/players/", {"team": team.pk, **NEW_PLAYER})

    assert_error(response, refused_status(persona))
    assert roster(team) == before


@pytest.mark.django_db
def test_a_characteristic_over_100_is_named(api_as, coach, team):
    before = roster(team)

    response = api_as(coach).post(
        "/api/v1/players/", {"team": team.pk, **NEW_PLAYER, "endurance": 101}
    )

    error = assert_error(response, 400, "endurance")
    assert error["code"] == "invalid"
    assert set(error["fields"]) == {"endurance"}
    assert roster(team) == before


@pytest.mark.django_db
def test_a_missing_characteristic_is_named(api_as, coach, team):
    response = api_as(coach).post("/api/v1/players/", {"team": team.pk, "name": "Half"})

    assert_error(response, 400, "endurance", "agility", "strength", "intelligence")


@pytest.mark.django_db
def test_a_player_name_is_unique_in_its_team(api_as, coach, team):
    before = roster(team)

    response = api_as(coach).post(
        "/api/v1/players/", {"team": team.pk, **NEW_PLAYER, "name": "wolves PASSER"}
    )

    assert "already plays" in assert_error(response, 400, "name")["fields"]["name"][0]
    assert roster(team) == before


@pytest.mark.django_db
def test_no_player_joins_an_unknown_team(api_as, coach):
    response = api_as(coach).post("/api/v1/players/", {"team": 999999, **NEW_PLAYER})

    assert_error(response, 400, "team")
    assert not Player.objects.filter(name="Gretchen").exists()


# --- update ------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("persona", ROSTER_EDITORS)
def test_roster_editors_change_a_player(client_for, persona, player):
    response = client_for(persona).patch(f"/api/v1/players/{player.pk}/", {"agility": 77})

    assert response.status_code == 200, response.content
    player.refresh_from_db()
    assert player.agility == 77


@pytest.mark.django_db
@pytest.mark.parametrize("persona", NOT_ROSTER_EDITOR)
def test_only_roster_editors_change_a_player(
    client_for, persona, team, player, other_team, other_league
):
    before = roster(team)

    response = client_for(persona).patch(f"/api/v1/players/{player.pk}/", {"agility": 77})

    assert_error(response, refused_status(persona))
    assert roster(team) == before


@pytest.mark.django_db
def test_a_player_never_changes_team(api_as, commissioner, player, other_team):
    api_as(commissioner).patch(f"/api/v1/players/{player.pk}/", {"team": other_team.pk})

    player.refresh_from_db()
    assert player.team.name == "Wolves"


@pytest.mark.django_db
def test_update_names_a_characteristic_out_of_range(api_as, coach, team, player):
    before = roster(team)

    response = api_as(coach).patch(f"/api/v1/players/{player.pk}/", {"strength": 0})

    assert_error(response, 400, "strength")
    assert roster(team) == before


@pytest.mark.django_db
def test_unknown_player_is_404(api_as, coach):
    assert_error(api_as(coach).patch("/api/v1/players/999999/", {"agility": 50}), 404)
    assert_error(api_as(coach).delete("/api/v1/players/999999/"), 404)


# --- delete ------------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("persona", ROSTER_EDITORS)
def test_roster_editors_remove_a_player(client_for, persona, player):
    response = client_for(persona).delete(f"/api/v1/players/{player.pk}/")

    assert response.status_code == 204
    assert not Player.objects.filter(pk=player.pk).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("persona", NOT_ROSTER_EDITOR)
def test_only_roster_editors_remove_a_player(
    client_for, persona, team, player, other_team, other_league
):
    response = client_for(persona).delete(f"/api/v1/players/{player.pk}/")

    assert_error(response, refused_status(persona))
    assert Player.objects.filter(pk=player.pk).exists()


# --- frozen after kick-off ----------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("persona", ROSTER_EDITORS)
def test_roster_writes_are_refused_after_kick_off(client_for, persona, team, player, kicked_off):
    # given a fixture of the team has kicked off
    client = client_for(persona)
    before_roster, before_lineup = (
        roster(team),
        dict(team.lineup_slots.values_list("position", "player_id")),
    )

    # when its coach or commissioner edits its roster, line-up or match plan
    responses = [
        client.post("/api/v1/players/", {"team": team.pk, **NEW_PLAYER}),
        client.patch(f"/api/v1/players/{player.pk}/", {"agility": 77}),
        client.delete(f"/api/v1/players/{player.pk}/"),
        client.put(f"/api/v1/teams/{team.pk}/lineup/", {"passer": player.pk}, format="json"),
        client.put(f"/api/v1/teams/{team.pk}/match-plan/", {"tactic": "defensive"}),
    ]

    # then every write is refused, naming the match, and nothing changes
    for response in responses:
        error = assert_error(response, 400, "non_field_errors")
        assert "kicked off" in error["fields"]["non_field_errors"][0]
    assert roster(team) == before_roster
    assert dict(team.lineup_slots.values_list("position", "player_id")) == before_lineup
    team.refresh_from_db()
    assert tactic(team) == "balanced"


@pytest.mark.django_db
def test_roster_writes_are_allowed_before_kick_off(api_as, coach, season, team, other_team):
    # given the team's next fixture is still in the future
    FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() + timedelta(hours=1)
    )

    response = api_as(coach).post("/api/v1/players/", {"team": team.pk, **NEW_PLAYER})

    assert response.status_code == 201, response.content
