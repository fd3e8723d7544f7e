"""Power, the points to score as league data, and ranking points with league settings."""

import pytest

from rules_engine import InvalidInput
from rules_engine.killpower import (
    KillpowerSettings,
    RankingSettings,
    Side,
    Standing,
    TargetTable,
    parse_team,
    power,
    ranking_points,
    targets,
)
from tests.engine.killpower.builders import team


@pytest.mark.parametrize(
    ("ranking", "xp", "race", "expected"),
    [(0, 0, 0, 0), (10, 25, 0, 12), (15, 49, 0, 19), (0, 9, 0, 0), (3, 10, 2, 6), (0, 0, -3, 0)],
)
def test_power_is_ranking_plus_xp_over_ten_plus_race(ranking, xp, race, expected):
    assert power(ranking, xp, race) == expected


def test_team_power_counts_only_the_gladiators_who_play():
    titanos = parse_team(team(ranking_points=10, xp=15))
    assert titanos.power() == 10 + 105 // 10
    assert titanos.power(["Titanos 1", "Titanos 2"]) == 10 + 30 // 10


# --- TABLE 3 as league data ------------------------------------------------------------------

HOUSE_TABLE = [
    {"from": 0, "to": 9, "stronger": 2, "weaker": 1},
    {"from": 10, "to": None, "stronger": 4, "weaker": 2},
]


def test_a_league_table_replaces_table_3():
    table = TargetTable.parse(HOUSE_TABLE)
    assert targets(30, 25, table).to_dict() == {"home": 2, "away": 1}
    assert targets(5, 40, table).to_dict() == {"home": 2, "away": 4}
    assert TargetTable.parse(table.to_list()) == table


def test_equal_powers_take_the_weaker_column_on_both_sides():
    table = TargetTable.parse(HOUSE_TABLE)
    assert targets(7, 7, table).to_dict() == {"home": 1, "away": 1}


@pytest.mark.parametrize(
    ("rows", "field"),
    [
        ([], "target_table"),
        ([{"from": 1, "to": None, "stronger": 1, "weaker": 1}], "target_table.0.from"),
        ([{"from": 0, "to": 4, "stronger": 1, "weaker": 1}], "target_table.0.to"),
        (
            [
                {"from": 0, "to": 4, "stronger": 1, "weaker": 1},
                {"from": 6, "to": None, "stronger": 2, "weaker": 1},
            ],
            "target_table.1.from",
        ),
        ([{"from": 0, "to": None, "stronger": 0, "weaker": 1}], "target_table.0.stronger"),
        ([{"from": 0, "to": None, "stronger": 1}], "target_table.0.weaker"),
        ([{"from": 0, "to": None, "stronger": 1, "weaker": 1, "x": 1}], "target_table.0.x"),
    ],
)
def test_a_bad_league_table_names_its_field(rows, field):
    with pytest.raises(InvalidInput) as error:
        TargetTable.parse(rows)
    assert error.value.field == field


# --- ranking points --------------------------------------------------------------------------


def test_the_winner_gets_one_more_per_division_the_loser_is_above():
    low, high = Standing(0, 4), Standing(30, 46)  # divisions 0 and 5
    assert ranking_points(low, high, Side.HOME) == (3 + 5, 28)
    assert ranking_points(low, high, Side.AWAY) == (0, 33)  # no bonus beating a lower team


def test_ranking_points_never_go_below_zero():
    assert ranking_points(Standing(5, 5), Standing(1, 5), Side.HOME) == (8, 0)


def test_draw_gives_each_team_one_by_default():
    assert ranking_points(Standing(5, 12), Standing(7, 19), None) == (6, 8)


def test_abandon_counts_as_a_loss_and_a_win_by_default():
    a, b = Standing(15, 12), Standing(20, 19)
    assert ranking_points(a, b, Side.AWAY, abandoned_by=Side.HOME) == (13, 23)
    assert ranking_points(a, b, Side.HOME, abandoned_by=Side.AWAY) == (19, 18)


def test_the_team_that_abandons_cannot_be_the_winner():
    with pytest.raises(InvalidInput) as error:
        ranking_points(Standing(1, 1), Standing(1, 1), None, abandoned_by=Side.HOME)
    assert error.value.field == "result"


def test_league_ranking_settings():
    settings = RankingSettings.parse({"draw": 0, "abandon": -5, "win": 2, "division_bonus": 2})
    a, b = Standing(15, 12), Standing(20, 19)
    assert ranking_points(a, b, None, settings=settings) == (15, 20)
    assert ranking_points(a, b, Side.HOME, settings=settings) == (19, 18)
    assert ranking_points(a, b, Side.AWAY, abandoned_by=Side.HOME, settings=settings) == (10, 22)


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"drow": 1}, "settings.ranking.drow"),
        ({"draw": "1"}, "settings.ranking.draw"),
        ({"minimum": -1}, "settings.ranking.minimum"),
    ],
)
def test_bad_ranking_settings_name_their_field(data, field):
    with pytest.raises(InvalidInput) as error:
        KillpowerSettings.parse({"ranking": data})
    assert error.value.field == field


def test_settings_round_trip_and_refuse_unknown_keys():
    settings = KillpowerSettings.parse({"mode": "tournament", "xp_per_match": 10})
    assert KillpowerSettings.parse(settings.to_dict()) == settings
    with pytest.raises(InvalidInput) as error:
        KillpowerSettings.parse({"xp_per_game": 10})
    assert error.value.field == "settings.xp_per_game"
