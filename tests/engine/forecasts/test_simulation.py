"""The Monte Carlo: chances that add up, agree with a hand computation within their standard
error, replay from their seed, and tables ranked as the standings rank them."""

import io

import pytest

from rules_engine import Dice, InvalidInput
from rules_engine.forecasts import (
    PointsScheme,
    RemainingFixture,
    ScoreModel,
    SeasonState,
    TeamTotals,
    forecast,
)

HALF = {"home": 0.5, "away": 0.5}


def _by_team(result):
    return {c.team: c for c in result.teams}


def test_chances_add_up_to_one_title_k_top_places_and_k_bottom_places():
    teams = [TeamTotals(t, wins=t % 3) for t in range(1, 7)]
    remaining = [
        RemainingFixture(a, b, {"home": 0.45, "draw": 0.25, "away": 0.3})
        for a in range(1, 7)
        for b in range(1, 7)
        if a < b
    ]
    result = forecast(
        SeasonState(teams=teams, remaining=remaining),
        n=2000,
        dice=Dice(3),
        top_places=2,
        bottom_places=3,
    )

    assert result.simulations == 2000
    assert sum(c.title for c in result.teams) == pytest.approx(1)
    assert sum(c.top for c in result.teams) == pytest.approx(2)
    assert sum(c.bottom for c in result.teams) == pytest.approx(3)


def test_one_fixture_decides_the_title_as_often_as_its_chances_say():
    # level teams, a 70 % home side: the winner is first (the loser cannot catch up)
    state = SeasonState(
        teams=[TeamTotals(1), TeamTotals(2)],
        remaining=[RemainingFixture(1, 2, {"home": 0.7, "away": 0.3})],
        scheme=PointsScheme(3, 1, 0),
    )
    result = _by_team(forecast(state, n=20_000, dice=Dice(11)))

    assert abs(result[1].title - 0.7) < 4 * result[1].title_se
    assert result[1].title_se == pytest.approx((0.7 * 0.3 / 20_000) ** 0.5, rel=0.05)
    assert result[1].bottom == pytest.approx(1 - result[1].title)


def test_the_same_seed_replays_the_same_forecast_and_another_differs():
    state = SeasonState(
        teams=[TeamTotals(t) for t in (1, 2, 3)],
        remaining=[
            RemainingFixture(1, 2, HALF),
            RemainingFixture(2, 3, HALF),
            RemainingFixture(3, 1, HALF),
        ],
    )
    first = forecast(state, n=500, dice=Dice(42))
    assert forecast(state, n=500, dice=Dice(42)) == first
    assert first.seed == 42
    assert forecast(state, n=500, dice=Dice(43)).teams != first.teams


def test_a_finished_season_answers_its_final_order_by_the_tie_breakers():
    # 1 and 2 level on points and goal difference; 2 scored more; 3 is level on all with 4,
    # which beat it: head-to-head puts 4 ahead
    teams = [
        TeamTotals(1, wins=2, goals_for=4, goals_against=2),
        TeamTotals(2, wins=2, goals_for=5, goals_against=3),
        TeamTotals(3, wins=1, goals_for=2, goals_against=3),
        TeamTotals(4, wins=1, goals_for=2, goals_against=3),
    ]
    state = SeasonState(
        teams=teams,
        remaining=[],
        tiebreakers=("points", "goal_difference", "goals_for", "head_to_head"),
        head_to_head={(4, 3): 3, (3, 4): 0},
    )
    result = forecast(state, n=10_000, dice=Dice(1), top_places=3, bottom_places=1)
    chances = _by_team(result)

    assert result.simulations == 1
    assert [c.title for c in result.teams] == [0, 1, 0, 0]
    assert [c.top for c in result.teams] == [1, 1, 0, 1]
    assert [c.bottom for c in result.teams] == [0, 0, 1, 0]
    assert chances[2].clinched_title and not chances[2].eliminated_title
    assert all(chances[t].eliminated_title for t in (1, 3, 4))
    assert all(c.title_se == 0 for c in result.teams)


def test_teams_level_on_every_tie_breaker_keep_the_order_given():
    state = SeasonState(teams=[TeamTotals(7), TeamTotals(3)], remaining=[], tiebreakers=("points",))
    assert [c.title for c in forecast(state, n=1, dice=Dice(1)).teams] == [1, 0]


def test_goals_drawn_from_the_score_model_break_ties_on_goal_difference():
    # level on points; both win their last game; 1's wins are always 3-0, 2's always 1-0
    state = SeasonState(
        teams=[TeamTotals(1), TeamTotals(2), TeamTotals(3), TeamTotals(4)],
        remaining=[
            RemainingFixture(1, 3, {"home": 1.0}),
            RemainingFixture(2, 4, {"home": 1.0}),
        ],
        tiebreakers=("points", "goal_difference"),
        scores=ScoreModel({"home": [(3, 0)], "draw": [(0, 0)], "away": [(0, 1)]}),
    )
    assert _by_team(forecast(state, n=100, dice=Dice(1)))[1].title == 1
    # with 1-0 and 3-0 equally likely for any home win, each leads about half the time
    state = SeasonState(
        teams=state.teams,
        remaining=state.remaining,
        tiebreakers=("points", "goal_difference", "goals_for"),
        scores=ScoreModel({"home": [(1, 0), (3, 0)], "draw": [(0, 0)], "away": [(0, 1)]}),
    )
    chances = _by_team(forecast(state, n=10_000, dice=Dice(2)))
    # 1 first when it wins by more, or by as much (given order): 3/4
    assert abs(chances[1].title - 0.75) < 4 * chances[1].title_se


def test_bad_input_is_refused_naming_the_field():
    with pytest.raises(InvalidInput) as refused:
        forecast(
            SeasonState(teams=[TeamTotals(1)], remaining=[RemainingFixture(1, 2, HALF)]),
            n=10,
            dice=Dice(1),
        )
    assert refused.value.field == "remaining.0"
    with pytest.raises(InvalidInput) as refused:
        forecast(
            SeasonState(
                teams=[TeamTotals(1), TeamTotals(2)],
                remaining=[RemainingFixture(1, 2, {"home": 0.9})],
            ),
            n=10,
            dice=Dice(1),
        )
    assert refused.value.field == "remaining.0.probabilities"


def test_the_command_line_forecasts_and_marks_a_season(capsys):
    import json

    from rules_engine.cli import main

    season = {
        "teams": [{"team": 1, "wins": 2}, {"team": 2}, {"team": 3}],
        "remaining": [{"home": 2, "away": 3, "probabilities": {"home": 0.5, "away": 0.5}}],
        "points": {"win": 1, "draw": 0, "loss": 0},
        "n": 200,
        "seed": 5,
    }
    assert main(["forecasts", "marks"], stdin=io.StringIO(json.dumps(season))) == 0
    assert json.loads(capsys.readouterr().out) == {
        "clinched": [1],
        "eliminated": [2, 3],
        "exact": True,
    }
    assert main(["forecasts", "forecast"], stdin=io.StringIO(json.dumps(season))) == 0
    body = json.loads(capsys.readouterr().out)
    assert body["seed"] == 5 and [t["title"] for t in body["teams"]] == [1, 0, 0]
    season["teams"][0]["team"] = "x"
    assert main(["forecasts", "marks"], stdin=io.StringIO(json.dumps(season))) == 2
    assert "teams.0.team" in capsys.readouterr().err
