"""Each game's declared statistics (``stats.statistics``) read from results as its own
services store them: a simulated Rotzball match, Killpower and Tutatis reports entered and
confirmed (Mythril's: ``test_mythril``)."""

from collections import defaultdict
from datetime import timedelta

import pytest
from django.utils import timezone

from matches.services import fixture_simulate
from stats import plugins, selectors
from tests.factories import FixtureFactory
from tests.systems.killpower.helpers import play as kp_play

pytestmark = pytest.mark.django_db


def totals(fixture):
    """``{(statistic, side, player): value}`` of the fixture's result, read through the point."""
    result = type(fixture).objects.get(pk=fixture.pk).result
    game = plugins.statistics.of(fixture.season.league.rule_system)
    values = defaultdict(int)
    for line in game.lines([result]):
        values[(line.statistic, line.side, line.player)] += line.value
    return values, result


def test_every_table_game_declares_its_statistics():
    assert set(plugins.statistics.games()) == {"rotzball", "killpower", "mythril", "tutatis"}
    mythril = {s.name: s for s in plugins.statistics.of("mythril").statistics()}
    assert {"touchdowns", "casualties", "completions", "spp"} <= set(mythril)
    assert mythril["touchdowns"].per == "player"
    # a game without a declaration (the Witcher's campaigns are not leagues) gets the score
    assert [s.name for s in plugins.statistics.of("witcher").statistics()] == ["score"]


def test_rotzball_goals_possessions_and_exchanges_from_a_simulated_match(season, team, other_team):
    fixture = FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() + timedelta(days=1)
    )
    fixture_simulate(fixture_id=fixture.pk, seed=1)
    values, result = totals(fixture)

    turns = result.record["turns"]
    assert values[("goals", "home", "")] == result.home_score
    assert values[("goals", "away", "")] == result.away_score
    assert result.home_score == sum(turn["goal"] == "home" for turn in turns)
    for name in ("home", "away"):
        assert values[("possessions", name, "")] == result.record["possessions"][name]
    # A counter-attack is two more rolls, nested in the turn: its attack and the defence to it.
    rolls = [turn[key] for turn in turns for key in ("attack", "defence")]
    counters = [turn["counter_attack"] for turn in turns if turn.get("counter_attack")]
    countered = [counter[key] for counter in counters for key in ("attack", "defence")]
    assert any(roll["result"] in ("CS", "S") for roll in countered)  # seed 1 wins some
    for name in ("home", "away"):
        won = sum(
            roll["team"] == name and roll["result"] in ("CS", "S") for roll in rolls + countered
        )
        assert values[("exchanges_won", name, "")] == won


def test_killpower_points_injuries_dealt_and_appearances(kp_fixture, coach, other_coach):
    kp_play(
        kp_fixture,
        3,
        1,
        by=coach,
        confirm_by=other_coach,
        seed=4,
        home={"played": [f"Titanos {i}" for i in range(1, 7)]},
        away={
            "played": [f"Viking {i}" for i in range(1, 8)],
            "comas": [{"gladiator": "Viking 2", "state": -11}],
            "badly_wounded": ["Viking 4"],
        },
    )
    values, _result = totals(kp_fixture)

    assert values[("points", "home", "")] == 3 and values[("points", "away", "")] == 1
    assert values[("injuries", "home", "")] == 2  # Viking 2's coma and Viking 4's wound
    assert values[("injuries", "away", "")] == 0
    assert values[("appearances", "home", "Titanos 1")] == 1
    assert ("appearances", "home", "Titanos 7") not in values  # sat the match out
    assert values[("appearances", "away", "Viking 7")] == 1
    # a gladiator's row links to his page
    gladiator = kp_fixture.home.gladiators.get(name="Titanos 1")
    game = plugins.statistics.of("killpower")
    url = game.player_url(team_id=kp_fixture.home_id, player="Titanos 1")
    assert url == f"/leagues/gladiators/{gladiator.pk}/"


def test_tutatis_goals_shots_over_the_bar_and_injuries(tt_fixture, coach, other_coach):
    from matches.table_results.services import report_confirm, report_enter

    victim = tt_fixture.away.tutatis_players.order_by("pk").first()
    report = report_enter(
        fixture=tt_fixture,
        user=coach,
        result={
            "home": {"goals": 2, "over_bar": 3, "badly_hurt": []},
            "away": {"goals": 1, "over_bar": 0, "badly_hurt": [victim.name]},
        },
    )
    report_confirm(report=report, user=other_coach)
    values, result = totals(tt_fixture)

    assert values[("goals", "home", "")] == 2 and values[("goals", "away", "")] == 1
    assert values[("over_bar", "home", "")] == 3
    assert values[("injuries", "home", "")] == 1 and values[("injuries", "away", "")] == 0
    assert values[("victory_points", "home", "")] == result.home_score == 9


def test_the_scope_reads_the_records_keys_the_game_names(kp_fixture, coach, other_coach):
    kp_play(
        kp_fixture,
        2,
        0,
        by=coach,
        confirm_by=other_coach,
        seed=1,
        away={"badly_wounded": ["Viking 3"]},
    )
    scope = selectors.scope_read(league=kp_fixture.season.league, season=None)
    assert list(scope.played) == [kp_fixture.pk]
    assert sum(line.value for line in scope.lines if line.statistic == "points") == 2
    # the record's keys the game reads, and those only, were loaded with the result
    injuries = [line for line in scope.lines if line.statistic == "injuries" and line.value]
    assert [(line.side, line.value) for line in injuries] == [("home", 1)]
