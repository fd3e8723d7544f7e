"""Campaigns, armies and troops: who may edit a battle card, what is refused, the history."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from battles import services
from battles.models import ArmyEvent, Campaign, Troop
from tests.battles.factories import auld_alliance

pytestmark = pytest.mark.django_db

COMMANDER = {"name": "Vernon Roche", "tactics": 14, "command": 15, "luck": 2}


def head_counts(army):
    return dict(army.troops.values_list("name", "count"))


# --- campaigns ------------------------------------------------------------------------------


def test_any_user_starts_a_campaign_and_runs_it(stranger):
    campaign = services.campaign_create(game_master=stranger, name="Nilfgaard's war")

    assert campaign.game_master == stranger
    assert campaign.house_rules == {}


def test_house_rules_are_read_by_the_engine(stranger):
    with pytest.raises(ValidationError) as caught:
        services.campaign_create(game_master=stranger, name="House", house_rules={"dice": 1})

    assert list(caught.value.message_dict) == ["house_rules.dice"]
    assert not Campaign.objects.exists()


@pytest.mark.parametrize("persona", ["player", "other_player", "stranger"])
def test_only_the_game_master_adds_players(request, campaign, persona, stranger):
    user = request.getfixturevalue(persona)

    with pytest.raises(PermissionDenied):
        services.campaign_add_player(campaign=campaign, user=user, player=stranger)
    assert not campaign.players.filter(pk=stranger.pk).exists()


def test_game_master_adds_a_player_once(campaign, game_master, stranger):
    services.campaign_add_player(campaign=campaign, user=game_master, player=stranger)
    services.campaign_add_player(campaign=campaign, user=game_master, player=stranger)

    assert campaign.players.filter(pk=stranger.pk).count() == 1


# --- armies ---------------------------------------------------------------------------------


def test_a_player_creates_their_own_army_with_its_troops(campaign, player):
    army = auld_alliance(campaign, user=player, owner=player)

    assert army.owner == player
    assert head_counts(army)["Militia"] == 30
    assert list(army.troops.values_list("order", flat=True)) == [0, 1, 2, 3, 4, 5]
    created = army.events.get()
    assert created.kind == ArmyEvent.Kind.CREATED and created.user == player
    assert created.detail["troops"][0] == {
        "troop": army.troops.first().pk,
        "name": "Militia",
        "before": 0,
        "after": 30,
    }


def test_the_game_master_creates_any_army(campaign, game_master, player):
    npc = services.army_create(
        campaign=campaign,
        user=game_master,
        name="Redania",
        commander={"name": "Dijkstra", "rank": "colonel"},
    )
    given = services.army_create(
        campaign=campaign, user=game_master, owner=player, name="Kaedwen", commander=COMMANDER
    )

    assert npc.owner is None and given.owner == player


@pytest.mark.parametrize(
    ("persona", "owner"),
    [("player", "other_player"), ("player", None), ("stranger", "stranger"), ("stranger", None)],
)
def test_others_may_not_create_armies(request, campaign, persona, owner):
    user = request.getfixturevalue(persona)
    owner = request.getfixturevalue(owner) if owner else None

    with pytest.raises(PermissionDenied):
        services.army_create(
            campaign=campaign, user=user, owner=owner, name="Rogues", commander=COMMANDER
        )
    assert not campaign.armies.exists()


def test_an_army_owner_must_be_a_player(campaign, game_master, stranger):
    with pytest.raises(ValidationError) as caught:
        services.army_create(
            campaign=campaign, user=game_master, owner=stranger, name="X", commander=COMMANDER
        )

    assert list(caught.value.message_dict) == ["owner"]


@pytest.mark.parametrize(
    ("commander", "field"),
    [
        ({"name": "Roche", "tactics": 14}, "commander.command"),
        ({"name": "Roche", "tactics": 14, "command": 99}, "commander.command"),
        ({"name": "Roche", "rank": "sergeant"}, "commander.rank"),
        ({"name": "Roche", "rank": "colonel", "swap": True}, "commander.swap"),
        ("Roche", "commander"),
    ],
)
def test_the_engine_names_a_bad_commander(campaign, game_master, commander, field):
    with pytest.raises(ValidationError) as caught:
        services.army_create(campaign=campaign, user=game_master, name="X", commander=commander)

    assert list(caught.value.message_dict) == [field]
    assert not campaign.armies.exists()


def test_bad_seconds_works_and_troops_are_named(campaign, game_master):
    def create(**extra):
        with pytest.raises(ValidationError) as caught:
            services.army_create(
                campaign=campaign, user=game_master, name="X", commander=COMMANDER, **extra
            )
        return list(caught.value.message_dict)

    assert create(seconds={"4": COMMANDER}) == ["seconds.4"]
    assert create(seconds={"1": {**COMMANDER, "tactics": 3}}) == ["seconds.1"]  # same name
    assert create(works={"moat": True}) == ["works.moat"]
    assert create(
        troops=[{"name": "Pikes", "dc": 12, "count": 10}, {"name": "Bows", "dc": 0, "count": 5}]
    ) == ["troops.1.dc"]
    assert not campaign.armies.exists()


def test_army_names_are_unique_in_a_campaign(campaign, game_master, alliance):
    with pytest.raises(ValidationError) as caught:
        services.army_create(
            campaign=campaign, user=game_master, name="Auld Alliance", commander=COMMANDER
        )

    assert list(caught.value.message_dict) == ["name"]


@pytest.mark.parametrize("persona", ["player", "game_master"])
def test_owner_and_game_master_edit_the_card(request, alliance, persona):
    user = request.getfixturevalue(persona)

    army = services.army_update(
        army=alliance, user=user, commander=COMMANDER, works={"barricades": True}
    )

    assert army.commander == COMMANDER and army.works == {"barricades": True}
    edited = army.events.get(kind=ArmyEvent.Kind.EDITED)
    assert edited.detail["changes"]["works"] == {
        "before": {"fortifications": True, "prepared": True},
        "after": {"barricades": True},
    }


@pytest.mark.parametrize("persona", ["other_player", "stranger"])
def test_others_may_not_edit_a_card(request, alliance, persona):
    user = request.getfixturevalue(persona)
    before = alliance.commander

    with pytest.raises(PermissionDenied):
        services.army_update(army=alliance, user=user, commander=COMMANDER)
    alliance.refresh_from_db()
    assert alliance.commander == before
    assert not alliance.events.filter(kind=ArmyEvent.Kind.EDITED).exists()


def test_only_the_game_master_gives_an_army_away(alliance, player, other_player, game_master):
    with pytest.raises(PermissionDenied):
        services.army_update(army=alliance, user=player, owner=other_player)

    army = services.army_update(army=alliance, user=game_master, owner=other_player)
    assert army.owner == other_player
    assert army.events.get(kind="edited").detail["changes"]["owner"] == {
        "before": "player",
        "after": "other_player",
    }


def test_a_bad_card_edit_changes_nothing(alliance, player):
    with pytest.raises(ValidationError) as caught:
        services.army_update(army=alliance, user=player, name="New name", commander={"name": "X"})

    assert list(caught.value.message_dict) == ["commander.tactics"]
    alliance.refresh_from_db()
    assert alliance.name == "Auld Alliance"


# --- troops ---------------------------------------------------------------------------------


@pytest.mark.parametrize("persona", ["player", "game_master"])
def test_owner_and_game_master_edit_troops(request, alliance, persona):
    user = request.getfixturevalue(persona)

    added = services.troop_add(army=alliance, user=user, name="Witchers", dc=20, count=5, phase=3)
    changed = services.troop_update(troop=added, user=user, count=6, phase=1)
    militia = alliance.troops.get(name="Militia")
    services.troop_delete(troop=militia, user=user)

    assert (changed.count, changed.phase, changed.order) == (6, 1, 6)
    assert "Militia" not in head_counts(alliance)
    kinds = list(
        alliance.events.values_list("kind", "detail__troops__0__before", "detail__troops__0__after")
    )
    assert kinds[1:] == [("troop_added", 0, 5), ("troop_changed", 5, 6), ("troop_removed", 30, 0)]


@pytest.mark.parametrize("persona", ["other_player", "stranger"])
def test_others_may_not_edit_troops(request, alliance, persona):
    user = request.getfixturevalue(persona)
    militia = alliance.troops.get(name="Militia")
    before = head_counts(alliance)

    with pytest.raises(PermissionDenied):
        services.troop_add(army=alliance, user=user, name="Spies", dc=14, count=10)
    with pytest.raises(PermissionDenied):
        services.troop_update(troop=militia, user=user, count=300)
    with pytest.raises(PermissionDenied):
        services.troop_delete(troop=militia, user=user)
    assert head_counts(alliance) == before
    assert alliance.events.count() == 1  # created only


def test_troop_fields_are_checked(alliance, player):
    def add(**fields):
        with pytest.raises(ValidationError) as caught:
            services.troop_add(
                army=alliance, user=player, **{"name": "X", "dc": 12, "count": 10, **fields}
            )
        return list(caught.value.message_dict)

    assert add(name="Militia") == ["name"]
    assert add(dc=51) == ["dc"]
    assert add(count=-1) == ["count"]
    assert add(phase=4) == ["phase"]
    assert Troop.objects.filter(army=alliance).count() == 6


def test_the_game_master_puts_the_wounded_back(alliance, game_master, player):
    militia = alliance.troops.get(name="Militia")
    services.troop_update(troop=militia, user=game_master, count=20, wounded=8)

    with pytest.raises(PermissionDenied):
        services.army_recover_wounded(army=alliance, user=player)
    services.army_recover_wounded(army=alliance, user=game_master)

    militia.refresh_from_db()
    assert (militia.count, militia.wounded) == (28, 0)
    recovered = alliance.events.get(kind="recovered")
    assert recovered.detail["troops"] == [
        {"troop": militia.pk, "name": "Militia", "before": 20, "after": 28}
    ]


def test_a_whole_card_saves_all_or_nothing(alliance, player):
    first, *others = list(alliance.troops.order_by("order"))
    before = head_counts(alliance)
    lines = [
        services.TroopLine(row=0, troop=first, fields={"count": first.count + 10}),
        services.TroopLine(row=1, troop=None, fields={"name": "Levy", "dc": 99, "count": 20}),
    ]

    with pytest.raises(services.TroopLineError) as refused:
        services.army_card_save(
            army=alliance, user=player, changes={"name": "Renamed"}, removed=others, lines=lines
        )

    assert refused.value.row == 1 and "dc" in refused.value.message_dict
    alliance.refresh_from_db()
    assert alliance.name != "Renamed" and head_counts(alliance) == before
