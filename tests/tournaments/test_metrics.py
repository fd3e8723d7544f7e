"""Each table game's tie-break metrics (``tournaments.metrics``), read from a result as its
services store it; a game without its own reads the score."""

import pytest

from matches.models import Result
from tournaments import engine, plugins


def result(home, away, record=None):
    return Result(home_score=home, away_score=away, record=record or {})


def test_every_table_game_declares_its_metrics():
    assert set(plugins.metrics.games()) == {"rotzball", "killpower", "mythril", "tutatis"}
    assert "touchdowns" in engine.metric_names("mythril")
    assert "goals_for" in engine.metric_names("rotzball")
    assert engine.metric_names("rotzball")[:7] == list(engine.BUILT_IN)


@pytest.mark.parametrize(
    ("game", "difference", "scored"),
    [
        ("rotzball", "goal_difference", "goals_for"),
        ("tutatis", "victory_point_difference", "victory_points"),
        ("killpower", "score_difference", "score_for"),
        ("mythril", "touchdown_difference", "touchdowns"),
        ("witcher", "score_difference", "score_for"),  # no declaration: the default
    ],
)
def test_the_score_metrics(game, difference, scored):
    values = plugins.metrics.of(game).result_metrics(result(3, 1))

    assert values["home"][difference] == 2 and values["away"][difference] == -2
    assert values["home"][scored] == 3 and values["away"][scored] == 1


def test_mythril_counts_the_casualties_each_side_caused():
    record = {
        "report": {
            "home": {"stats": [{"player": "1", "casualties": 2}, {"player": "2", "casualties": 1}]},
            "away": {"stats": [{"player": "7", "casualties": 0}]},
        }
    }
    values = plugins.metrics.of("mythril").result_metrics(result(2, 0, record))

    assert values["home"]["casualties"] == 3 and values["away"]["casualties"] == 0


def test_killpower_counts_the_opponents_left_badly_wounded():
    record = {"badly_wounded": {"home": ["Brutus"], "away": ["Spartak", "Crixus"]}}
    values = plugins.metrics.of("killpower").result_metrics(result(1, 1, record))

    assert values["home"]["gladiators_hurt"] == 2 and values["away"]["gladiators_hurt"] == 1
