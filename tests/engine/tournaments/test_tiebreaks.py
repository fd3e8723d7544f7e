"""Tie-breakers (``rules_engine.tournaments.tiebreaks``): each metric as the rule defines it, and
the order the organiser sets."""

from fractions import Fraction

from rules_engine.systems import PointsTable
from rules_engine.tournaments.tiebreaks import Game, rank

WIN, DRAW, LOSS = Fraction(1), Fraction(1, 2), Fraction(0)
TABLE = PointsTable(win=3, draw=1, loss=0)

# Three rounds of five players: a bye each round (c, e, d)
GAMES = [
    Game("a", "b", WIN, {"home": {"touchdowns": 2}, "away": {"touchdowns": 1}}),
    Game("d", "e", DRAW),
    Game("a", "d", DRAW),
    Game("b", "c", LOSS, {"home": {"touchdowns": 0}, "away": {"touchdowns": 3}}),
    Game("a", "c", LOSS),
    Game("b", "e", WIN),
]
BYES = {"c": 1, "e": 1, "d": 1}
PLAYERS = ["a", "b", "c", "d", "e"]


def _table(order, **kwargs):
    standings = rank(PLAYERS, GAMES, order, table=TABLE, byes=BYES, **kwargs)
    return {s.player: (s.place, dict(s.values)) for s in standings}


def test_points_wins_and_buchholz_family():
    table = _table(["points", "wins", "buchholz", "buchholz_cut1", "buchholz_median"])

    # points: a 3+1+0=4; b 0+0+3=3; c bye 3 + 3 + 3 = 9; d 1+1+bye 3 = 5; e 1+bye 3+0 = 4
    points = {p: v["points"] for p, (_, v) in table.items()}
    assert points == {"a": 4, "b": 3, "c": 9, "d": 5, "e": 4}
    assert {p: v["wins"] for p, (_, v) in table.items()} == {"a": 1, "b": 1, "c": 2, "d": 0, "e": 0}
    # a met b (3), d (5), c (9)
    assert table["a"][1]["buchholz"] == 17
    assert table["a"][1]["buchholz_cut1"] == 14
    assert table["a"][1]["buchholz_median"] == 5
    # a bye adds nothing: e met d (5) and b (3)
    assert table["e"][1]["buchholz"] == 8
    assert [p for p, _ in sorted(table.items(), key=lambda kv: kv[1][0])] == [
        "c",
        "d",
        "a",
        "e",
        "b",
    ]
    assert (
        table["a"][0] == 3 and table["e"][0] == 4
    )  # a and e tie on points and wins; Buchholz 17 > 8


def test_sonneborn_berger_weights_each_opponent_by_the_share_taken():
    table = _table(["sonneborn_berger"])

    # a beat b (3 x 1), drew d (5 x 1/2), lost to c (9 x 0)
    assert table["a"][1]["sonneborn_berger"] == 5.5
    # d drew e (4 x 1/2) and a (4 x 1/2)
    assert table["d"][1]["sonneborn_berger"] == 4


def test_head_to_head_applies_only_among_the_players_still_tied():
    # a and e tie on points (4); they never met, so head-to-head leaves them tied; a game metric
    # then decides
    table = _table(["points", "head_to_head", "touchdowns"])

    assert table["a"][1]["head_to_head"] == 0 and table["e"][1]["head_to_head"] == 0
    assert table["a"][1]["touchdowns"] == 2 and table["e"][1]["touchdowns"] == 0
    assert table["a"][0] == 3 and table["e"][0] == 4


def test_head_to_head_orders_a_tie_by_the_games_between_the_tied():
    players = ["x", "y", "z"]
    games = [Game("x", "y", LOSS), Game("y", "z", LOSS), Game("z", "x", LOSS)]  # a cycle
    games_with_result = [*games, Game("x", "y", WIN), Game("x", "y", WIN)]

    cycle = rank(players, games, ["points", "head_to_head"], table=TABLE)
    decided = rank(players, games_with_result, ["head_to_head"], table=TABLE)

    assert [s.place for s in cycle] == [1, 1, 1]  # everyone 3 points among the three
    # x: 3 + 3 + 3 (two wins over y, one over z); y: 3 (over x); z: 3 (over y)
    assert [(s.player, s.place) for s in decided] == [("x", 1), ("y", 2), ("z", 2)]


def test_players_still_tied_share_the_place_in_entry_order():
    standings = rank(["p", "q", "r"], [], ["points", "buchholz"], table=TABLE)

    assert [(s.player, s.place) for s in standings] == [("p", 1), ("q", 1), ("r", 1)]


def test_bye_points_are_a_setting():
    standings = rank(PLAYERS, GAMES, ["points"], table=TABLE, byes=BYES, bye_points=1)

    assert {s.player: s.values["points"] for s in standings}["c"] == 7
