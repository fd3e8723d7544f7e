"""The fast paths of the engine against the plain ones they stand for (hypothesis).

``Dice.roller`` must draw and record exactly as ``Dice.roll``; the quick sheet check of
``rated_team`` must accept only what ``parse_sheet`` accepts and rate it the same way.
"""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine.dice import Dice, Purpose, roll_entries
from rules_engine.errors import InvalidInput
from rules_engine.rotzball import SYSTEM, simulate
from rules_engine.rotzball.rated import RatedTeam, quick_rated_team, rated_team
from rules_engine.rotzball.sheet import parse_sheet
from rules_engine.witcher import BattleRun, army, default_tables, parse_battle
from rules_engine.witcher.rolls import exchange_roll, roll_skill
from tests.engine.builders import PrefixDice, sheet
from tests.engine.witcher import test_replay_digests as witcher_digests

purposes = st.one_of(
    st.sampled_from(["home attack", "away defence", "coin toss"]),
    st.builds(lambda phase: Purpose.of("exchange_round", phase=phase), st.integers(1, 3)),
)
draws = st.lists(st.tuples(st.sampled_from([2, 6, 10, 100, 2**31 - 1]), purposes), max_size=60)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), plan=draws, record=st.booleans())
def test_a_roller_draws_and_records_exactly_as_roll(seed, plan, record):
    plain, fast = Dice(seed, record=record), Dice(seed, record=record)
    rollers: dict[int, Any] = {}
    plain_values = [plain.roll(sides, purpose) for sides, purpose in plan]
    fast_values = [
        rollers.setdefault(sides, fast.roller(sides))(purpose) for sides, purpose in plan
    ]

    assert fast_values == plain_values
    assert fast.log() == plain.log()
    assert fast.rolls == plain.rolls
    assert plain.roll(100, "next") == fast.roll(100, "next")  # the streams go on together


entry_draws = st.lists(
    st.tuples(st.sampled_from([2, 6, 100]), st.sampled_from(["home attack", "coin toss"])),
    max_size=60,
)


@settings(max_examples=200, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), plan=entry_draws, record=st.booleans())
def test_an_entry_roller_draws_and_records_exactly_as_roll(seed, plan, record):
    plain, fast = Dice(seed, record=record), Dice(seed, record=record)
    roll = fast.entry_roller()
    plain_values = [plain.roll(sides, purpose) for sides, purpose in plan]
    fast_values = [roll(roll_entries(sides, purpose)) for sides, purpose in plan]

    assert fast_values == plain_values
    assert json.dumps(fast.log()) == json.dumps(plain.log())
    assert fast.rolls == plain.rolls
    assert plain.roll(100, "next") == fast.roll(100, "next")  # the streams go on together


@given(values=st.lists(st.integers(1, 6), min_size=1, max_size=10))
def test_an_entry_roller_of_scripted_dice_goes_through_roll(values):
    scripted = Dice.scripted(values)
    d6, entries = scripted.entry_roller(), roll_entries(6, "x")
    assert [d6(entries) for _ in values] == values
    assert scripted.log() == [{"die": "d6", "value": value, "purpose": "x"} for value in values]


@given(values=st.lists(st.integers(1, 6), min_size=1, max_size=10))
def test_a_roller_of_scripted_or_overriding_dice_goes_through_roll(values):
    scripted = Dice.scripted(values)
    d6 = scripted.roller(6)
    assert [d6("x") for _ in values] == values
    prefixed = PrefixDice(values, seed=3)
    d6 = prefixed.roller(6)
    assert [d6("y") for _ in values] == values
    assert [roll["value"] for roll in prefixed.log()] == values


characteristic = st.one_of(
    st.integers(-2, 103), st.just(True), st.just(50.0), st.none(), st.just("40")
)
name = st.one_of(st.sampled_from(["Kurt", "", "   ", "\u2003", "Ünal"]), st.just(7), st.none())


def player(keys: tuple[str, ...]) -> st.SearchStrategy[Any]:
    fields = {"name": name, **dict.fromkeys(keys, characteristic)}
    return st.one_of(
        st.fixed_dictionaries({}, optional=fields),
        st.fixed_dictionaries(fields),
        st.just(["not", "a", "player"]),
    )


attacker, defender, coach = player(("E", "Ag", "F")), player(("E", "Ag")), player(("Ag", "Int"))
sheets = st.fixed_dictionaries(
    {},
    optional={
        "name": name,
        "tactic": st.sampled_from(["offensive", "defensive", "balanced", "attack", None, 3]),
        "passer": attacker,
        "attackers": st.lists(attacker, min_size=1, max_size=3),
        "defenders": st.lists(defender, min_size=2, max_size=4),
        "coach": coach,
    },
)


def checked(data: Any) -> RatedTeam | InvalidInput:
    try:
        return RatedTeam.of(parse_sheet(data, "home"))
    except InvalidInput as error:
        return error


@settings(max_examples=400, deadline=None)
@given(data=st.one_of(sheets, st.just(sheet("Wolves", attack=45, defense=38, coach=41))))
def test_the_quick_sheet_check_accepts_and_rates_only_what_parse_sheet_does(data):
    expected = checked(data)
    quick = quick_rated_team(data)

    if isinstance(expected, InvalidInput):
        assert quick is None
        try:
            rated_team(data, "home")
        except InvalidInput as error:
            assert (error.field, error.message) == (expected.field, expected.message)
        else:
            raise AssertionError("rated_team accepted a sheet parse_sheet refuses")
    else:
        assert quick is None or quick == expected
        assert rated_team(data, "home") == expected


@given(
    attack=st.integers(1, 100),
    defense=st.integers(1, 100),
    coach_score=st.integers(1, 100),
    tactic=st.sampled_from(["offensive", "defensive", "balanced", None]),
)
def test_a_well_formed_sheet_takes_the_quick_path(attack, defense, coach_score, tactic):
    data = sheet("Wolves", attack=attack, defense=defense, coach=coach_score, tactic=tactic)
    quick = quick_rated_team(data)

    assert quick is not None
    assert quick == RatedTeam.of(parse_sheet(data))
    assert (quick.attack, quick.defense, quick.coach) == (attack, defense, coach_score)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**63 - 1), rule=st.sampled_from(["test", "difference"]))
def test_the_rule_system_plays_the_match_simulate_plays(seed, rule):
    """The worker's path (``SYSTEM.resolve_match``) and ``simulate`` give the same record."""
    home = sheet("Home", attack=60, defense=35, coach=55, tactic="offensive")
    away = sheet("Away", attack=45, defense=50, coach=35, tactic=None)
    outcome = SYSTEM.resolve_match(home, away, dice=Dice(seed), options={"coach_rule": rule})

    assert outcome.record == simulate(home, away, seed=seed, coach_rule=rule)


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(0, 2**63 - 1),
    base=st.integers(0, 50),
    dc=st.integers(0, 60),
    luck_left=st.integers(0, 10),
    spend_luck=st.booleans(),
)
def test_a_witcher_exchange_roll_is_roll_skill_as_json(seed, base, dc, luck_left, spend_luck):
    """The exchange rounds' literal (``exchange_roll``) writes what ``roll_skill`` rolls and
    records, criticals and fumbles included, and the streams go on together."""
    purpose = Purpose.of("exchange_round", phase=1, round=1, side="attacker")
    wanted = dc + 1 if spend_luck else None
    plain, fast = Dice(seed), Dice(seed)
    expected = roll_skill(plain, base=base, dc=dc, purpose=purpose, luck_left=luck_left,
                          wanted=wanted)  # fmt: skip

    assert exchange_roll(fast.roller(10), purpose, base, dc, luck_left, wanted) == (
        expected.to_dict()
    )
    assert fast.log() == plain.log()
    assert fast.d100("next") == plain.d100("next")


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**63 - 1),
    scenario=st.sampled_from(sorted(witcher_digests.SCENARIOS)),
    casualties=st.sampled_from(["off", "dice", "quick"]),
)
def test_a_witcher_run_writes_the_json_its_result_writes(seed, scenario, casualties):
    """``resolve`` writes a finished run's JSON from its phases (``result_json``); it is the
    frozen result's JSON, byte for byte."""
    data = witcher_digests.SCENARIOS[scenario]
    battle = parse_battle({**data, "options": {**data.get("options", {}),
                                               "casualties": casualties}})  # fmt: skip
    run = BattleRun.start(battle, Dice(seed))
    result = run.run_to_end(auto_decide=True)

    assert json.dumps(run.result_json()) == json.dumps(result.to_dict())


witcher_value = st.one_of(
    st.integers(-1, 60), st.just(10_000_001), st.just(True), st.none(), st.just("12"),
    st.sampled_from(["Rhundurin", "", "  "]),
)  # fmt: skip


def parsed_or_error(parse: Any, *args: Any) -> Any:
    try:
        return parse(*args)
    except InvalidInput as error:
        return (error.field, error.message)


@settings(max_examples=300, deadline=None)
@given(
    data=st.one_of(
        st.fixed_dictionaries(
            {}, optional=dict.fromkeys(("name", "tactics", "command", "luck"), witcher_value)
        ),
        st.fixed_dictionaries(
            {}, optional=dict.fromkeys(("name", "dc", "count", "phase"), witcher_value)
        ),
        st.just({"name": "Brigand", "rank": "captain"}),
        st.just(["not", "an", "object"]),
    )
)
def test_the_quick_witcher_commander_and_troop_checks_accept_only_what_the_checked_do(data):
    """The quick paths of ``parse_commander`` and ``parse_troop`` build what the checked
    paths build, and only what they accept."""
    tables = default_tables()
    for quick, checked, args in (
        (army._quick_commander, army._checked_commander, ("commander", tables)),
        (army._quick_troop, army._checked_troop, ("troops.0",)),
    ):
        expected = parsed_or_error(checked, data, *args)
        fast = quick(data)
        assert fast is None or fast == expected
