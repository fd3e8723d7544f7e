"""Battles API: campaigns, armies with their computed cards, troops; each role on each write."""
# ruff: noqa: F811 - the battle fixtures are imported from tests.battles.fixtures

import pytest

from battles.models import ArmyEvent, Campaign, Troop
from tests.api.conftest import ANONYMOUS, assert_error, refused_status
from tests.battles.fixtures import (  # noqa: F401
    alliance,
    battle,
    campaign,
    game_master,
    hunt,
    other_player,
    player,
)

pytestmark = pytest.mark.django_db

NOT_GAME_MASTER = ["player", "other_player", "stranger", ANONYMOUS]
NOT_CARD_EDITOR = ["other_player", "stranger", ANONYMOUS]
CARD_EDITORS = ["player", "game_master"]
COMMANDER = {"name": "Vernon Roche", "tactics": 14, "command": 15}


# --- campaigns ------------------------------------------------------------------------------


def test_campaigns_are_public_and_filterable(api_as, campaign, hunt, alliance):
    body = api_as(None).get("/api/v1/campaigns/", {"player": "player"}).json()

    assert body["count"] == 1
    listed = body["results"][0]
    assert listed["game_master"] == "game_master"
    assert listed["players"] == ["other_player", "player"]
    assert (listed["army_count"], listed["battle_count"]) == (2, 0)


def test_a_signed_in_user_starts_a_campaign(api_as, stranger):
    response = api_as(stranger).post("/api/v1/campaigns/", {"name": "Sodden", "house_rules": {}})

    assert response.status_code == 201, response.content
    assert Campaign.objects.get(pk=response.json()["id"]).game_master == stranger


def test_anonymous_users_start_no_campaign(api_as):
    assert_error(api_as(None).post("/api/v1/campaigns/", {"name": "Sodden"}), 401)


def test_bad_house_rules_are_named(api_as, stranger):
    response = api_as(stranger).post(
        "/api/v1/campaigns/", {"name": "Sodden", "house_rules": {"dice": 1}}, format="json"
    )

    assert_error(response, 400, "house_rules.dice")


@pytest.mark.parametrize("persona", NOT_GAME_MASTER)
def test_only_the_game_master_changes_a_campaign(client_for, persona, campaign, stranger):
    client = client_for(persona)

    renamed = client.patch(f"/api/v1/campaigns/{campaign.pk}/", {"name": "Hijacked"})
    joined = client.post(f"/api/v1/campaigns/{campaign.pk}/players/", {"player": "stranger"})

    assert_error(renamed, refused_status(persona))
    assert_error(joined, refused_status(persona))
    campaign.refresh_from_db()
    assert campaign.name == "The Wild Hunt"
    assert not campaign.players.filter(username="stranger").exists()


def test_the_game_master_changes_a_campaign_and_adds_players(
    api_as, game_master, campaign, stranger
):
    client = api_as(game_master)

    renamed = client.patch(f"/api/v1/campaigns/{campaign.pk}/", {"description": "Winter"})
    joined = client.post(f"/api/v1/campaigns/{campaign.pk}/players/", {"player": "stranger"})
    unknown = client.post(f"/api/v1/campaigns/{campaign.pk}/players/", {"player": "ghost"})

    assert renamed.json()["description"] == "Winter"
    assert "stranger" in joined.json()["players"]
    assert_error(unknown, 400, "player")


# --- armies ---------------------------------------------------------------------------------


def test_an_army_shows_its_computed_card(api_as, alliance):
    body = api_as(None).get(f"/api/v1/armies/{alliance.pk}/").json()

    card = body["card"]
    assert card["ok"] is True
    assert (card["total"], card["base_dc"], card["dc"]) == (94, 14, 18)
    assert card["main_troops"] == ["Militia", "Skelligers"]
    assert card["warnings"] == [
        {
            "field": "troops.4.count",
            "troop": alliance.troops.get(name="Elementals").pk,
            "message": card["warnings"][0]["message"],
            "code": "below_minimum_group",
            "params": {
                "name": "Elementals",
                "count": 3,
                "min": 5,
                "dc": 25,
                "type": "golems",
                "label": "Golems, elementals",
            },
        }
    ]
    assert body["head_count"] == 94 and len(body["troops"]) == 6


def test_armies_filter_by_campaign_owner_and_npc(api_as, campaign, hunt, alliance):
    client = api_as(None)

    owned = client.get("/api/v1/armies/", {"owner": "player"}).json()["results"]
    npc = client.get("/api/v1/armies/", {"npc": "true", "campaign": campaign.pk}).json()["results"]

    assert [a["name"] for a in owned] == ["Auld Alliance"]
    assert [a["name"] for a in npc] == ["Wild Hunt"]
    assert "card" not in owned[0]  # the list leaves the computed card out


@pytest.mark.parametrize(
    ("persona", "owner", "expected"),
    [
        ("game_master", None, 201),
        ("game_master", "other_player", 201),
        ("player", "player", 201),
        ("player", "other_player", 403),
        ("player", None, 403),
        ("stranger", "stranger", 403),
        (ANONYMOUS, None, 401),
    ],
)
def test_who_creates_an_army(client_for, campaign, persona, owner, expected):
    payload = {
        "campaign": campaign.pk,
        "owner": owner,
        "name": "Kaedwen",
        "commander": COMMANDER,
        "troops": [{"name": "Pikes", "dc": 14, "count": 200}],
    }

    response = client_for(persona).post("/api/v1/armies/", payload, format="json")

    assert response.status_code == expected, response.content
    if expected == 201:
        assert response.json()["card"]["total"] == 200
    else:
        assert not campaign.armies.filter(name="Kaedwen").exists()


def test_an_army_create_names_the_engine_field(api_as, game_master, campaign):
    response = api_as(game_master).post(
        "/api/v1/armies/",
        {
            "campaign": campaign.pk,
            "name": "X",
            "commander": {"name": "Roche", "tactics": 99, "command": 1},
        },
        format="json",
    )

    assert_error(response, 400, "commander.tactics")


@pytest.mark.parametrize("persona", CARD_EDITORS)
def test_card_editors_edit_an_army(client_for, persona, alliance):
    response = client_for(persona).patch(
        f"/api/v1/armies/{alliance.pk}/", {"works": {"barricades": True}}, format="json"
    )

    assert response.status_code == 200, response.content
    assert response.json()["card"]["dc"] == 16  # base 14 + barricades 2


@pytest.mark.parametrize("persona", NOT_CARD_EDITOR)
def test_others_may_not_edit_an_army(client_for, persona, alliance):
    response = client_for(persona).patch(
        f"/api/v1/armies/{alliance.pk}/", {"name": "Hijacked"}, format="json"
    )

    assert_error(response, refused_status(persona))
    alliance.refresh_from_db()
    assert alliance.name == "Auld Alliance"


def test_only_the_game_master_gives_an_army_away(api_as, player, game_master, alliance):
    refused = api_as(player).patch(f"/api/v1/armies/{alliance.pk}/", {"owner": "other_player"})
    given = api_as(game_master).patch(f"/api/v1/armies/{alliance.pk}/", {"owner": "other_player"})

    assert_error(refused, 403)
    assert given.json()["owner"] == "other_player"


@pytest.mark.parametrize(
    ("persona", "expected"),
    [
        ("game_master", 200),
        ("player", 403),
        ("other_player", 403),
        ("stranger", 403),
        (ANONYMOUS, 401),
    ],
)
def test_only_the_game_master_puts_the_wounded_back(client_for, persona, expected, alliance):
    Troop.objects.filter(army=alliance, name="Militia").update(count=20, wounded=10)

    response = client_for(persona).post(f"/api/v1/armies/{alliance.pk}/recover-wounded/")

    assert response.status_code == expected, response.content
    militia = alliance.troops.get(name="Militia")
    assert (militia.count, militia.wounded) == ((30, 0) if expected == 200 else (20, 10))


def test_an_army_history_is_public(api_as, alliance):
    body = api_as(None).get(f"/api/v1/armies/{alliance.pk}/history/").json()

    assert [event["kind"] for event in body] == [ArmyEvent.Kind.CREATED]
    assert body[0]["user"] == "player"


# --- troops ---------------------------------------------------------------------------------


def test_troops_filter_by_army(api_as, alliance, hunt):
    body = api_as(None).get("/api/v1/troops/", {"army": alliance.pk, "phase": 2}).json()

    assert [t["name"] for t in body["results"]] == ["Golems", "Elementals"]


@pytest.mark.parametrize("persona", CARD_EDITORS)
def test_card_editors_add_change_and_remove_troops(client_for, persona, alliance):
    client = client_for(persona)

    added = client.post(
        "/api/v1/troops/",
        {"army": alliance.pk, "name": "Witchers", "dc": 20, "count": 5, "phase": 3},
    )
    troop_id = added.json()["id"]
    changed = client.patch(f"/api/v1/troops/{troop_id}/", {"count": 6, "army": 999})
    removed = client.delete(f"/api/v1/troops/{troop_id}/")

    assert added.status_code == 201, added.content
    assert (changed.json()["count"], changed.json()["army"]) == (6, alliance.pk)
    assert removed.status_code == 204
    assert not alliance.troops.filter(name="Witchers").exists()


@pytest.mark.parametrize("persona", NOT_CARD_EDITOR)
def test_others_may_not_edit_troops(client_for, persona, alliance):
    client = client_for(persona)
    militia = alliance.troops.get(name="Militia")

    added = client.post(
        "/api/v1/troops/", {"army": alliance.pk, "name": "Spies", "dc": 14, "count": 10}
    )
    changed = client.patch(f"/api/v1/troops/{militia.pk}/", {"count": 300})
    removed = client.delete(f"/api/v1/troops/{militia.pk}/")

    for response in (added, changed, removed):
        assert_error(response, refused_status(persona))
    assert alliance.troops.count() == 6
    assert alliance.troops.get(name="Militia").count == 30


def test_a_troop_write_names_the_bad_field(api_as, player, alliance):
    response = api_as(player).post(
        "/api/v1/troops/", {"army": alliance.pk, "name": "Militia", "dc": 12, "count": 1}
    )

    assert_error(response, 400, "name")
