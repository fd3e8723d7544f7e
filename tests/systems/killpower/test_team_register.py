"""killpower_team_register: seven gladiators drawn by the engine, every roll stored."""

import pytest
from django.core.exceptions import ValidationError

from league.models import Team
from league.services import league_create, team_register
from systems.killpower.models import Gladiator, GladiatorEvent
from systems.killpower.selectors import gladiators as selectors
from systems.killpower.services.teams import killpower_team_register
from tests.factories import killpower_recruits as recruits

pytestmark = pytest.mark.django_db


def test_a_team_has_seven_gladiators_numbered_one_to_seven(kp_league, coach):
    # given three chosen gladiators
    chosen = [
        {"name": "Tom", "specialization": "shooter", "equipment": "magic_armour"},
        {"name": "Max", "specialization": "warrior", "equipment": "power_cards"},
        {"name": "Bob", "specialization": "defender", "equipment": "combat_gloves"},
    ]

    # when the team is registered
    team = killpower_team_register(
        league=kp_league, name="Titanos", coach=coach, gladiators=chosen, seed=7
    )

    # then automatic recruits complete the seven, in the places after the chosen ones
    gladiators = list(team.gladiators.order_by("number"))
    assert [(g.number, g.name) for g in gladiators] == [
        (1, "Tom"),
        (2, "Max"),
        (3, "Bob"),
        (4, "Recruit 1"),
        (5, "Recruit 2"),
        (6, "Recruit 3"),
        (7, "Recruit 4"),
    ]
    assert all(g.status == Gladiator.Status.FIT and g.xp == 0 for g in gladiators)
    tom, max_ = gladiators[0], gladiators[1]
    assert tom.equipment["kind"] == "magic_armour" and 7 <= tom.equipment["armour"] <= 11
    assert max_.equipment["kind"] == "power_cards" and len(max_.equipment["cards"]) == 2
    assert selectors.roster_issues(team=team) == []


def test_tom_gets_a_magic_armour_of_nine_and_five_in_ball(kp_league, script_dice):
    # 2.1: Tom, Tireur, magic armour: 1D5 gives 3 (a 5 on the 1D10), armour 9; BAL 5.
    script_dice("systems.killpower.services.teams", [5])
    chosen = [{"name": "Tom", "specialization": "shooter", "equipment": "magic_armour"}]
    team = killpower_team_register(
        league=kp_league,
        name="Titanos",
        gladiators=chosen + recruits("Titanos")[1:],
    )

    tom = team.gladiators.get(name="Tom")
    sheet = selectors.gladiator_sheet(gladiator=tom)
    assert sheet["armour"] == 9
    assert sheet["characteristics"] == {"DEP": 5, "PHY": 4, "HAB": 4, "POU": 4, "BAL": 5, "VIE": 4}
    created = tom.events.get()
    assert created.kind == GladiatorEvent.Kind.CREATED
    assert created.detail["rolls"] == [{"die": "d10", "value": 5, "purpose": "magic armour Tom"}]
    assert created.detail["chosen_by_coach"] is True


def test_the_seed_and_every_roll_are_stored_and_replay(kp_league):
    chosen = [
        {"name": f"G{i}", "specialization": "mentor", "equipment": "magic_armour"} for i in range(7)
    ]
    first = killpower_team_register(league=kp_league, name="A", gladiators=chosen, seed=99)
    second = killpower_team_register(league=kp_league, name="B", gladiators=chosen, seed=99)

    def drawn(team):
        return [(g.equipment, g.events.get().detail) for g in team.gladiators.order_by("number")]

    assert drawn(first) == drawn(second)
    assert all(detail["seed"] == 99 and len(detail["rolls"]) == 1 for _, detail in drawn(first))


@pytest.mark.parametrize(
    ("gladiators", "field"),
    [
        ([{"name": "Tom", "specialization": "wizard", "equipment": "magic_armour"}], "gladiators.0.specialization"),
        ([{"name": "Tom", "specialization": "archer"}], "gladiators.0.equipment"),
        ([{"name": "Tom", "specialization": "archer", "equipment": "combat_gloves"}] * 2, "gladiators.1.name"),
        ([{"name": "X" * 81, "specialization": "archer", "equipment": "combat_gloves"}], "gladiators.0.name"),
        (
            [{"name": "Tom", "specialization": "archer", "equipment": "combat_gloves", "cards": ["Fantôme"]}],
            "gladiators.0.cards",
        ),
        (recruits("T") + recruits("U")[:1], "gladiators"),
    ],
)  # fmt: skip
def test_a_bad_choice_names_its_field_and_creates_nothing(kp_league, gladiators, field):
    with pytest.raises(ValidationError) as error:
        killpower_team_register(league=kp_league, name="Titanos", gladiators=gladiators)

    assert field in error.value.message_dict
    assert not Team.objects.filter(name="Titanos").exists()
    assert not Gladiator.objects.exists()


def test_registering_a_team_in_a_killpower_league_gives_it_seven_recruits(kp_league):
    team = team_register(league=kp_league, name="Nabos")

    assert team.gladiators.count() == 7
    assert set(team.gladiators.values_list("equipment__kind", flat=True)) == {"magic_armour"}


def test_only_killpower_leagues_have_gladiators(league):
    with pytest.raises(ValidationError) as error:
        killpower_team_register(league=league, name="Wolves")
    assert "league" in error.value.message_dict


def test_a_leagues_deck_is_the_one_drawn_from(commissioner):
    deck = [{"name": "Éclair", "text": "..."}, {"name": "Brume", "text": "..."}]
    kp = league_create(
        commissioner=commissioner,
        name="Deck league",
        rule_system="killpower",
        house_rules={"power_cards": deck},
    )
    chosen = [{"name": "Max", "specialization": "mentor", "equipment": "power_cards"}]

    team = killpower_team_register(league=kp, name="Titanos", gladiators=chosen, seed=3)

    assert sorted(team.gladiators.get(name="Max").equipment["cards"]) == ["Brume", "Éclair"]


def test_a_team_short_of_seven_is_not_ready(titanos):
    titanos.gladiators.filter(number=7).update(status=Gladiator.Status.DEAD)

    issues = selectors.roster_issues(team=titanos)

    assert [(i.field, i.blocking) for i in issues] == [("gladiators", True)]
    assert "exactly 7" in issues[0].message
