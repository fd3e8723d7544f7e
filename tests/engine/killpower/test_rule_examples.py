"""The rule text's own examples, exactly as the text tells them."""

from rules_engine.dice import Dice
from rules_engine.killpower import (
    DamageStatus,
    EquipmentKind,
    Fate,
    Recruit,
    Score,
    Shooter,
    Side,
    Specialization,
    Standing,
    Targets,
    blow_damage,
    create_gladiator,
    damage_state,
    death_risk,
    free_throws,
    judge,
    parse_gladiator,
    ranking_points,
    targets,
)
from tests.engine.killpower.builders import gladiator


def test_nabos_against_titanos_points_to_score():
    # 3.2: Nabos 46, Titanos 33, difference 13: Nabos +3, Titanos +1.
    assert targets(46, 33) == Targets(home=3, away=1)
    assert targets(33, 46) == Targets(home=1, away=3)


def test_two_teams_of_power_zero_need_one_point_more():
    assert targets(0, 0) == Targets(1, 1)


def test_draw_when_neither_side_reaches_its_target():
    # 3.4: A had to score 1 more, B 3 more; A 0, B 2: nobody fulfilled the contract.
    assert judge(Score(0, 2), Targets(1, 3)) is None
    assert judge(Score(0, 3), Targets(1, 3)) is Side.AWAY
    assert judge(Score(1, 0), Targets(1, 3)) is Side.HOME


def test_ranking_example_a_power_12_beats_b_power_19():
    # 3.4: B first with 20 points, A second with 15. A wins: +3, +1 for the division
    # difference; B loses 2. Now A 19, B 18.
    a, b = Standing(points=15, power=12), Standing(points=20, power=19)
    assert ranking_points(a, b, Side.HOME) == (19, 18)
    assert ranking_points(b, a, Side.AWAY) == (18, 19)


def test_tom_is_created_with_a_magic_armour_of_nine_and_five_in_ball():
    # 2.1: 1D5 gives 3 (a 5 or a 6 on the 1D10), armour 9; Tireur: BAL 5.
    for d10 in (5, 6):
        dice = Dice.scripted([d10])
        tom = create_gladiator(
            Recruit("Tom", Specialization.SHOOTER, EquipmentKind.MAGIC_ARMOUR), dice=dice
        )
        assert tom.armour == 9
        assert tom.characteristics == {"DEP": 5, "PHY": 4, "HAB": 4, "POU": 4, "BAL": 5, "VIE": 4}
        assert dice.log() == [{"die": "d10", "value": d10, "purpose": "magic armour Tom"}]


def test_tom_hit_for_eight_is_unharmed():
    # 9.1: armour 6, VIE 4, 8 points of damage: 10 - 8 = 2, the blow does nothing.
    result = damage_state(vie=4, armour=6, damage=8)
    assert (result.state, result.status) == (2, DamageStatus.UNHARMED)


def test_tom_under_a_group_attack_falls_to_minus_11_and_survives_on_a_limb():
    # 9.2: three attackers, two with gloves: 2D10 + 3 x PHY = 24 against Tom's VIE 4 and
    # armour 9 (the "23" beside it is a scan slip: 13 - 24 = -11 as the text concludes).
    attackers = [
        parse_gladiator(gladiator(f"Enemy {i}", specialization="archer", equipment=equipment))
        for i, equipment in enumerate(
            [
                {"kind": "combat_gloves"},
                {"kind": "combat_gloves"},
                {"kind": "magic_armour", "armour": 8},
            ]
        )
    ]
    assert blow_damage(attackers, dice=Dice.scripted([5, 7])) == 24  # 2D10 = 12, + 3 x PHY 4
    hit = damage_state(vie=4, armour=9, damage=24)
    assert (hit.state, hit.status) == (-11, DamageStatus.COMA)
    # After the match the location roll gives a limb: Tom is only in a coma.
    for limb in (1, 2, 9, 10):
        risk = death_risk("Tom", hit.state, dice=Dice.scripted([limb]))
        assert risk.fate is Fate.COMA
    assert death_risk("Tom", hit.state, dice=Dice.scripted([5])).fate is Fate.DEAD


def test_viking_beats_titanos_13_to_12_on_free_throws():
    # 13.2: 0-0 after 20 turns. Titanos (stronger) shoots first from 10 and misses; Viking
    # scores from 2; Titanos scores from 12; Viking scores from 11: 13-12.
    titanos = [Shooter("Titanos 1", 4), Shooter("Titanos 2", 4)]
    viking = [Shooter("Viking 1", 4), Shooter("Viking 2", 4)]
    dice = Dice.scripted([5, 3, 1, 1])
    result = free_throws(
        {Side.HOME: titanos, Side.AWAY: viking},
        powers={Side.HOME: 20, Side.AWAY: 12},
        score=Score(0, 0),
        dice=dice,
        distances={Side.HOME: [10, 12], Side.AWAY: [2, 11]},
    )
    assert result.first is Side.HOME
    assert [(s.shooter, s.distance, s.roll, s.scored, s.points) for s in result.shots] == [
        ("Titanos 1", 10, 5, False, 0),
        ("Viking 1", 2, 3, True, 2),
        ("Titanos 2", 12, 1, True, 12),
        ("Viking 2", 11, 1, True, 11),
    ]
    assert result.final == Score(12, 13)
    assert result.winner is Side.AWAY


def test_vikings_last_shooter_would_choose_eleven_himself():
    # The automatic policy for the round's last shot: the nearest distance that wins.
    dice = Dice.scripted([5, 3, 1, 1])
    result = free_throws(
        {
            Side.HOME: [Shooter("T1", 4), Shooter("T2", 4)],
            Side.AWAY: [Shooter("V1", 4), Shooter("V2", 4)],
        },
        powers={Side.HOME: 20, Side.AWAY: 12},
        score=Score(0, 0),
        dice=dice,
        distances={Side.HOME: [10, 12], Side.AWAY: [2]},
    )
    last = result.shots[-1]
    assert (last.shooter, last.distance, last.chosen) == ("V2", 11, False)
    assert result.final == Score(12, 13)
