"""Team building (LES ROLES DANS L'EQUIPE, Mercenaires, DEVENIR SELECTIONNEUR): each rule
refuses with its code and a message that says what the team has and what is allowed."""

import pytest

from rules_engine import InvalidInput
from rules_engine.tutatis import Role, TeamRule, check_team, check_team_json
from rules_engine.tutatis.team import TeamPlayer


def player(name, role=Role.PLAYER, *, cost=40, on_pitch=True):
    return TeamPlayer(name=name, role=role, cost=cost, on_pitch=on_pitch)


def seven(**overrides):
    return [player(f"P{n}", **overrides) for n in range(7)]


def rules(check):
    return [error.rule for error in check.errors]


def test_a_legal_team_passes_and_costs_every_player():
    team = [*seven(), player("Keeper", Role.GOALKEEPER, on_pitch=False, cost=50)]
    team.append(player("Gunnar", Role.MERCENARY, cost=60))
    check = check_team(team, budget=600)
    assert check.ok
    assert check.cost == 7 * 40 + 50 + 60


def test_budget_exceeded_names_cost_and_budget():
    check = check_team(seven(cost=90), budget=600)
    assert rules(check) == [TeamRule.BUDGET_EXCEEDED]
    assert check.errors[0].message == "The team costs 630 Irr, over the budget of 600 Irr."


def test_exactly_the_budget_is_allowed():
    assert check_team([player(f"P{n}", cost=100 if n < 6 else 0) for n in range(7)]).ok


@pytest.mark.parametrize("count", [6, 8])
def test_seven_on_the_pitch(count):
    check = check_team([player(f"P{n}", cost=10) for n in range(count)])
    assert rules(check) == [TeamRule.WRONG_PITCH_COUNT]
    assert f"{count} players are on the pitch" in check.errors[0].message
    assert "exactly 7" in check.errors[0].message


def test_a_team_being_built_may_field_fewer_than_seven_for_now_but_never_more():
    six = [player(f"P{n}", cost=10) for n in range(6)]
    assert check_team(six, building=True).ok
    assert rules(check_team(six + seven(cost=10)[:2], building=True)) == [
        TeamRule.WRONG_PITCH_COUNT
    ]
    assert rules(
        check_team(
            [*six, player("K", Role.GOALKEEPER), player("L", Role.GOALKEEPER)], building=True
        )
    ) == [
        TeamRule.WRONG_PITCH_COUNT,
        TeamRule.GOALKEEPER_ON_PITCH,
    ]


def test_the_mercenary_is_outside_the_seven_and_the_five():
    team = [player(f"P{n}", cost=10) for n in range(6)]
    team.append(player("Merc", Role.MERCENARY, cost=10))
    assert rules(check_team(team)) == [TeamRule.WRONG_PITCH_COUNT]
    subs = [player(f"S{n}", cost=10, on_pitch=False) for n in range(5)]
    bench_merc = player("Merc", Role.MERCENARY, cost=10, on_pitch=False)
    assert check_team(seven(cost=10) + subs + [bench_merc]).ok


def test_at_most_five_substitutes():
    subs = [player(f"S{n}", cost=10, on_pitch=False) for n in range(6)]
    check = check_team(seven(cost=10) + subs)
    assert rules(check) == [TeamRule.TOO_MANY_SUBSTITUTES]
    assert check.errors[0].message.startswith("6 substitutes: a team has at most 5")


def test_at_most_two_goalkeepers():
    keepers = [player(f"K{n}", Role.GOALKEEPER, cost=10, on_pitch=False) for n in range(3)]
    check = check_team(seven(cost=10) + keepers)
    assert rules(check) == [TeamRule.TOO_MANY_GOALKEEPERS]
    assert check.errors[0].message == "3 goalkeepers: a team has at most 2."


def test_one_goalkeeper_on_the_pitch():
    team = [
        *seven(cost=10)[:5],
        player("K1", Role.GOALKEEPER, cost=10),
        player("K2", Role.GOALKEEPER, cost=10),
    ]
    check = check_team(team)
    assert rules(check) == [TeamRule.GOALKEEPER_ON_PITCH]
    assert "2 goalkeepers on the pitch: only 1 at a time" in check.errors[0].message


def test_one_hero_on_the_pitch_any_number_in_reserve():
    reserve = [player(f"H{n}", Role.HERO, cost=10, on_pitch=False) for n in range(3)]
    assert check_team([*seven(cost=10)[:6], player("H", Role.HERO, cost=10), *reserve]).ok
    team = [*seven(cost=10)[:5], player("H1", Role.HERO, cost=10), player("H2", Role.HERO, cost=10)]
    check = check_team(team)
    assert rules(check) == [TeamRule.TOO_MANY_HEROES_ON_PITCH]
    assert "2 heroes on the pitch: only 1 may play" in check.errors[0].message


def test_at_most_one_mercenary():
    mercs = [player(f"M{n}", Role.MERCENARY, cost=10) for n in range(2)]
    check = check_team(seven(cost=10) + mercs)
    assert rules(check) == [TeamRule.TOO_MANY_MERCENARIES]
    assert check.errors[0].message == "2 mercenaries: a team hires at most 1."


def test_one_special_character():
    specials = [player(f"X{n}", Role.SPECIAL, cost=10, on_pitch=False) for n in range(2)]
    check = check_team(seven(cost=10) + specials)
    assert rules(check) == [TeamRule.TOO_MANY_SPECIALS]
    assert "2 special characters: a team selects at most 1" in check.errors[0].message


def test_every_broken_rule_is_listed_at_once_in_table_order():
    team = [player(f"K{n}", Role.GOALKEEPER, cost=200) for n in range(3)]
    team += [player(f"M{n}", Role.MERCENARY, cost=1) for n in range(2)]
    assert rules(check_team(team)) == [
        TeamRule.BUDGET_EXCEEDED,
        TeamRule.WRONG_PITCH_COUNT,
        TeamRule.TOO_MANY_GOALKEEPERS,
        TeamRule.GOALKEEPER_ON_PITCH,
        TeamRule.TOO_MANY_MERCENARIES,
    ]


@pytest.mark.parametrize(
    ("team", "budget", "field"),
    [
        (
            {"players": [{"name": "A", "role": "wizard", "cost": 1, "on_pitch": True}]},
            600,
            "team.players.0.role",
        ),
        (
            {"players": [{"name": "A", "role": "player", "cost": -1, "on_pitch": True}]},
            600,
            "team.players.0.cost",
        ),
        (
            {"players": [{"name": "A", "role": "player", "cost": 1, "on_pitch": "yes"}]},
            600,
            "team.players.0.on_pitch",
        ),
        (
            {"players": [{"role": "player", "cost": 1, "on_pitch": True}]},
            600,
            "team.players.0.name",
        ),
        ({"players": []}, 0, "budget"),
        ({"players": {}}, 600, "team.players"),
    ],
)
def test_bad_input_names_the_field(team, budget, field):
    with pytest.raises(InvalidInput) as caught:
        check_team_json(team, budget)
    assert caught.value.field == field
