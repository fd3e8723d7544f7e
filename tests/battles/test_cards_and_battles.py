"""Battle cards computed by the engine (errors and warnings named by field and troop), and
battles: who plans them, what the engine refuses, the DCs of each phase as the text has them."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from battles import services
from battles.models import Battle, Troop
from battles.selectors import campaigns as selectors
from tests.battles.factories import plain_army

pytestmark = pytest.mark.django_db


def troop(army, name):
    return army.troops.get(name=name)


# --- cards ----------------------------------------------------------------------------------


def test_the_auld_alliance_card_comes_out_as_the_text_computes_it(alliance):
    card = selectors.army_card(army=alliance)

    assert card.ok
    assert card.card["total"] == 94
    assert card.card["main_troops"] == ["Militia", "Skelligers"]
    assert (card.card["base_dc"], card.card["dc"]) == (14, 18)  # +3 fortifications +1 prepared
    assert card.card["specialists"] == {
        "1": ["Scoia'tael commando"],
        "2": ["Golems", "Elementals"],
        "3": ["Gargoyles"],
    }
    assert card.seconds["2"]["command"] == 15


def test_an_officer_template_fills_the_npc_commander(hunt):
    card = selectors.army_card(army=hunt)

    assert card.commander == {
        "name": "General Nagh'Khaladh",
        "tactics": 15,
        "command": 18,
        "luck": 0,
    }
    assert card.card["dc"] == 18
    assert [w.field for w in card.warnings] == ["specialists"]  # 0/2/0, as the text's own card


def test_warnings_name_their_field_and_troop(alliance):
    card = selectors.army_card(army=alliance)

    elementals = troop(alliance, "Elementals")
    assert [(w.field, w.troop_id) for w in card.warnings] == [("troops.4.count", elementals.pk)]
    assert "minimum group of 5" in card.warnings[0].message


def test_errors_name_their_field_and_troop(alliance, player):
    # given the militia (main troop) and a small band are made specialists of phase 2
    services.troop_update(troop=troop(alliance, "Militia"), user=player, phase=2)
    band = services.troop_add(army=alliance, user=player, name="Scouts", dc=14, count=5, phase=2)

    card = selectors.army_card(army=alliance)

    assert not card.ok
    errors = {(e.field, e.troop_id) for e in card.errors}
    assert errors == {
        ("troops.0.phase", troop(alliance, "Militia").pk),  # part of the main troop
        ("troops.6.phase", band.pk),  # below 10% of the army
    }


def test_more_than_three_specialists_in_a_phase_is_an_error(campaign, game_master):
    army = plain_army(campaign, "Kaedwen", count=1000)
    for index in range(4):
        services.troop_add(
            army=army, user=game_master, name=f"Elite {index}", dc=20, count=10, phase=1
        )

    card = selectors.army_card(army=army)

    assert [e.field for e in card.errors] == ["specialists.1"]
    assert card.errors[0].troop_id is None


def test_the_card_editor_previews_unsaved_lines_and_changes(alliance):
    lines = list(alliance.troops.all())
    lines.append(Troop(army=alliance, name="Dragon", dc=30, count=1, phase=3, order=9))

    card = selectors.army_card(army=alliance, troops=lines, changes={"works": {}})

    assert card.card["dc"] == 14  # no works any more
    assert card.card["specialists"]["3"] == ["Gargoyles", "Dragon"]
    assert alliance.troops.count() == 6  # nothing saved


def test_an_army_the_engine_cannot_read_has_no_card_and_says_why(campaign):
    army = plain_army(campaign, "Empty")
    army.troops.all().delete()

    card = selectors.army_card(army=army)

    assert card.card is None and not card.ok
    assert [e.field for e in card.errors] == ["troops"]


def test_a_troop_with_nobody_left_leaves_the_card(alliance, game_master):
    services.troop_update(troop=troop(alliance, "Gargoyles"), user=game_master, count=0)

    card = selectors.army_card(army=alliance)

    assert card.card["total"] == 84
    assert card.card["specialists"]["3"] == []
    assert [t.name for t in card.troops][-1] == "Gargoyles"  # still a line of the army


# --- battles --------------------------------------------------------------------------------


@pytest.mark.parametrize("persona", ["player", "other_player", "stranger"])
def test_only_the_game_master_plans_and_changes_battles(
    request, campaign, hunt, alliance, battle, persona
):
    user = request.getfixturevalue(persona)

    with pytest.raises(PermissionDenied):
        services.battle_create(
            campaign=campaign, user=user, name="Ambush", attacker=alliance, defender=hunt
        )
    with pytest.raises(PermissionDenied):
        services.battle_update(battle=battle, user=user, name="Renamed")
    assert list(Battle.objects.values_list("name", flat=True)) == ["Siege of the fortress"]


def test_battle_armies_come_from_the_campaign_and_differ(campaign, game_master, hunt, alliance):
    elsewhere = plain_army(services.campaign_create(game_master=game_master, name="Other"), "X")

    def create(attacker, defender):
        with pytest.raises(ValidationError) as caught:
            services.battle_create(
                campaign=campaign, user=game_master, name="B", attacker=attacker, defender=defender
            )
        return list(caught.value.message_dict)

    assert create(elsewhere, alliance) == ["attacker"]
    assert create(hunt, hunt) == ["defender"]


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        (
            {"circumstances": {"attacker": {"1": {"surprise": 4}}}},
            "circumstances.attacker.1.surprise",
        ),
        ({"circumstances": {"rear": {}}}, "circumstances.rear"),
        ({"crucial_moments": {"4": {}}}, "crucial_moments.4"),
        ({"crucial_moments": {"1": {"attacker_chance": 2}}}, "crucial_moments.1.attacker_chance"),
        ({"options": {"casualties": "lots"}}, "options.casualties"),
        ({"options": {"morale": True}}, "options.morale"),
        ({"deployment": {"attacker": {"4": 10}}}, "deployment.attacker.4"),
        ({"deployment": {"attacker": {"1": 0}}}, "deployment.attacker.1"),
        ({"deployment": {"centre": {}}}, "deployment.centre"),
    ],
)
def test_the_engine_names_a_bad_battle_setting(
    campaign, game_master, hunt, alliance, changes, field
):
    with pytest.raises(ValidationError) as caught:
        services.battle_create(
            campaign=campaign,
            user=game_master,
            name="B",
            attacker=hunt,
            defender=alliance,
            **changes,
        )

    assert list(caught.value.message_dict) == [field]
    assert not Battle.objects.exists()


def test_the_battle_detail_explains_each_phase_dc_as_the_text(battle):
    detail = selectors.battle_detail(battle_id=battle.pk)

    assert detail.ready and detail.errors == {}
    assert (detail.engaged, detail.sr) == (294, 10)
    dcs = [(phase.sides["attacker"].dc, phase.sides["defender"].dc) for phase in detail.phases]
    assert dcs == [(18, 19), (16, 18), (17, 20)]  # the text's SD of each phase
    phase1 = {m.key: m.value for m in detail.phases[0].sides["defender"].modifiers}
    assert phase1 == {
        "enemy_card": 18,
        "specialists": -1,
        "surprise": 0,
        "weather": 0,
        "superiority": 2,
        "other": 0,
    }
    assert detail.phases[0].sides["defender"].commander == "Seliad Graf von Kry'Ger"
    assert detail.phases[2].skill is None  # chosen by the phase-2 winner
    assert detail.phases[2].sides["defender"].modifiers[4].value == 3  # one against three


def test_the_battle_detail_lists_card_errors_by_side(battle, alliance, player):
    services.troop_update(troop=troop(alliance, "Militia"), user=player, phase=1)

    detail = selectors.battle_detail(battle_id=battle.pk)

    assert not detail.ready and detail.phases is None
    assert list(detail.errors) == ["defender.troops.0.phase"]


def test_a_fought_battle_keeps_its_armies(battle, game_master, campaign):
    services.run_start(battle=battle, user=game_master, seed=1)
    other = plain_army(campaign, "Temeria")

    with pytest.raises(ValidationError) as caught:
        services.battle_update(battle=battle, user=game_master, defender=other)
    assert list(caught.value.message_dict) == ["defender"]

    changed = services.battle_update(battle=battle, user=game_master, options={"luck": "off"})
    assert changed.options == {"luck": "off"}
