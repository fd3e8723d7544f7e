"""Witcher battles in the registry: the RuleSystem protocol, roster checks, a golden battle."""

import json
from pathlib import Path

import pytest

from rules_engine import (
    Dice,
    InvalidInput,
    PointsTable,
    Resolution,
    RuleSystem,
    get_system,
    system_names,
)
from rules_engine.witcher import SYSTEM, resolve
from tests.engine.witcher.builders import AULD_ALLIANCE, WILD_HUNT, plain, troop

GOLDEN = Path(__file__).parent / "golden"


def test_the_registry_finds_witcher_and_it_follows_the_protocol():
    system = get_system("witcher")

    assert "witcher" in system_names()
    assert system is SYSTEM
    assert isinstance(system, RuleSystem)
    assert (system.name, system.resolution) == ("witcher", Resolution.STEPPED)


def test_validate_roster_gives_card_errors_as_blocking_and_warnings_as_not():
    assert [(i.field, i.blocking) for i in SYSTEM.validate_roster(AULD_ALLIANCE)] == [
        ("troops.4.count", False)]  # fmt: skip
    bad = WILD_HUNT | {"troops": [troop("Warriors", 18, 110, phase=1)]}
    assert [(i.field, i.blocking) for i in SYSTEM.validate_roster(bad)] == [
        ("troops.0.phase", True)]  # fmt: skip
    assert [(i.field, i.blocking) for i in SYSTEM.validate_roster({"name": "X"})] == [
        ("commander", True)]  # fmt: skip


def test_resolve_match_home_attacks_away_defends():
    options = {"crucial_moments": {"2": {}}, "casualties": "quick",
               "circumstances": {"defender": {"1": {"weather": 1}}}}  # fmt: skip
    outcome = SYSTEM.resolve_match(plain("A", tactics=15), plain("B"), dice=Dice(8),
                                   options=options)  # fmt: skip

    record = outcome.record
    assert (outcome.home_score, outcome.away_score) == (
        record["phases_won"]["attacker"], record["phases_won"]["defender"])  # fmt: skip
    assert outcome.winner == {"attacker": "home", "defender": "away"}[record["winner"]]
    assert outcome.decided_by == ("crushing" if record["crushing"] else "victory")
    assert outcome.seed == 8
    assert "casualties" in record
    assert record["phases"][0]["dc"]["defender"] == 13
    assert SYSTEM.post_match(outcome, dice=Dice(1), options={}) == {}
    points = SYSTEM.standings_points(outcome, PointsTable())
    assert sorted(points) == [0, 3]


def test_resolve_match_refuses_unknown_options():
    with pytest.raises(InvalidInput) as caught:
        SYSTEM.resolve_match(plain("A"), plain("B"), dice=Dice(1), options={"coach_rule": "x"})
    assert caught.value.field == "options.coach_rule"


def test_golden_battle():
    """A stored battle replays exactly: results kept in the database stay reproducible.

    Regenerate (only for a deliberate change of the dice or the rules) with
    ``python -m rules_engine witcher resolve < tests/engine/witcher/golden/auld_alliance_input.json``.
    """
    data = json.loads((GOLDEN / "auld_alliance_input.json").read_text())
    expected = json.loads((GOLDEN / "auld_alliance_result.json").read_text())
    seed = data.pop("seed")

    assert resolve(data, seed=seed) == expected
