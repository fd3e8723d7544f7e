"""The fast paths of the engine against the plain ones they stand for (hypothesis).

``Dice.roller`` must draw and record exactly as ``Dice.roll``; the quick sheet check of
``rated_team`` must accept only what ``parse_sheet`` accepts and rate it the same way; Rotzball's
odds of several fixtures played side by side (``odds_many``) must be each fixture's ``odds``;
a season's forecast summed in ``float32`` must be the one summed in ``float64``.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import rules_engine.rotzball.fast_odds as fast_odds
from rules_engine import forecasts as season
from rules_engine.dice import Dice, Purpose, Roll, roll_entries
from rules_engine.errors import InvalidInput
from rules_engine.forecasts import simulation as forecast_simulation
from rules_engine.rotzball import SYSTEM, odds, odds_many, simulate
from rules_engine.rotzball.rated import RatedTeam, quick_rated_team, rated_team
from rules_engine.rotzball.sheet import parse_sheet
from rules_engine.witcher import BattleRun, army, default_tables, entries, parse_battle
from rules_engine.witcher import battle as battle_module
from rules_engine.witcher.rolls import exchange_roll, roll_skill
from tests.engine.rotzball.builders import PrefixDice, sheet
from tests.engine.witcher import builders as witcher_builders
from tests.engine.witcher import test_replay_digests as witcher_digests
from tests.hypothesis_profiles import examples

purposes = st.one_of(
    st.sampled_from(["home attack", "away defence", "coin toss"]),
    st.builds(lambda phase: Purpose.of("exchange_round", phase=phase), st.integers(1, 3)),
)
draws = st.lists(st.tuples(st.sampled_from([2, 6, 10, 100, 2**31 - 1]), purposes), max_size=60)


@settings(max_examples=examples(200), deadline=None)
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


@settings(max_examples=examples(200), deadline=None)
@given(
    seed=st.integers(0, 2**63 - 1),
    plan=st.lists(st.tuples(st.sampled_from([2, 6, 100, 2**40]), st.integers(0, 8), purposes),
                  max_size=8),
    record=st.booleans(),
)  # fmt: skip
def test_draws_draw_and_record_exactly_as_a_roller(seed, plan, record):
    by_roller, in_bulk = Dice(seed, record=record), Dice(seed, record=record)
    expected = [[by_roller.roller(sides)(purpose) for _ in range(count)]
                for sides, count, purpose in plan]  # fmt: skip
    assert [in_bulk.draws(sides, count, purpose) for sides, count, purpose in plan] == expected
    assert in_bulk.log() == by_roller.log()
    assert in_bulk.rolls == by_roller.rolls
    assert in_bulk.nd6(3, "next") == by_roller.nd6(3, "next")  # the streams go on together


@given(values=st.lists(st.integers(1, 6), min_size=1, max_size=10))
def test_draws_of_scripted_dice_go_through_roll(values):
    assert Dice.scripted(values).draws(6, len(values), "x") == values
    prefixed = PrefixDice(values, seed=3)
    assert prefixed.draws(6, len(values), "y") == values
    assert [roll["value"] for roll in prefixed.log()] == values


entry_draws = st.lists(st.tuples(st.sampled_from([2, 6, 100]), purposes), max_size=60)


@settings(max_examples=examples(200), deadline=None)
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


@settings(max_examples=examples(200), deadline=None)
@given(
    seed=st.integers(0, 2**63 - 1),
    plan=st.lists(st.tuples(st.sampled_from([2, 6, 100]), st.integers(0, 8), purposes),
                  max_size=8),
    record=st.booleans(),
)  # fmt: skip
def test_entry_draws_draw_and_record_exactly_as_draws(seed, plan, record):
    plain, shared = Dice(seed, record=record), Dice(seed, record=record)
    expected = [plain.draws(sides, count, purpose) for sides, count, purpose in plan]

    assert [shared.entry_draws(roll_entries(sides, purpose), count)
            for sides, count, purpose in plan] == expected  # fmt: skip
    assert json.dumps(shared.log()) == json.dumps(plain.log())
    assert shared.rolls == plain.rolls
    assert plain.d6("next") == shared.d6("next")  # the streams go on together


@given(values=st.lists(st.integers(1, 6), min_size=1, max_size=10), coded=st.booleans())
def test_an_entry_roller_of_scripted_dice_goes_through_roll(values, coded):
    purpose = Purpose.of("casualties", side="attacker") if coded else "x"
    scripted, in_bulk = Dice.scripted(values), Dice.scripted(values)
    d6, entries = scripted.entry_roller(), roll_entries(6, purpose)

    assert [d6(entries) for _ in values] == values
    assert scripted.rolls == [Roll("d6", value, purpose) for value in values]
    assert in_bulk.entry_draws(entries, len(values)) == values
    assert in_bulk.rolls == scripted.rolls


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


@settings(max_examples=examples(400), deadline=None)
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


@settings(max_examples=examples(30), deadline=None)
@given(seed=st.integers(0, 2**63 - 1), rule=st.sampled_from(["test", "difference"]))
def test_the_rule_system_plays_the_match_simulate_plays(seed, rule):
    """The worker's path (``SYSTEM.resolve_match``) and ``simulate`` give the same record."""
    home = sheet("Home", attack=60, defense=35, coach=55, tactic="offensive")
    away = sheet("Away", attack=45, defense=50, coach=35, tactic=None)
    outcome = SYSTEM.resolve_match(home, away, dice=Dice(seed), options={"coach_rule": rule})

    assert outcome.record == simulate(home, away, seed=seed, coach_rule=rule)


team_sheets = st.builds(
    sheet,
    st.just("Side"),
    attack=st.integers(1, 100),
    defense=st.integers(1, 100),
    coach=st.integers(1, 100),
    tactic=st.sampled_from(["offensive", "defensive", "balanced", None]),
)


@settings(max_examples=examples(60), deadline=None)
@given(
    teams=st.lists(team_sheets, min_size=1, max_size=4),
    pairs=st.lists(
        st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 2**31)), max_size=6
    ),
    n=st.integers(1, 400),
    rule=st.sampled_from(["test", "difference"]),
    batch=st.sampled_from([1, 500, fast_odds.BATCH_COLUMNS]),
)
def test_odds_played_side_by_side_are_each_fixtures_odds(teams, pairs, n, rule, batch):
    """The same figures, bit for bit, whatever the fixtures played together (``batch``: the
    matches played at once), a sheet shared by several fixtures or a pair meeting twice."""
    games = [(teams[h % len(teams)], teams[a % len(teams)], seed) for h, a, seed in pairs]
    kept, fast_odds.BATCH_COLUMNS = fast_odds.BATCH_COLUMNS, batch
    try:
        together = odds_many(games, n=n, coach_rule=rule)
    finally:
        fast_odds.BATCH_COLUMNS = kept

    assert together == [odds(h, a, n=n, seed=seed, coach_rule=rule) for h, a, seed in games]


@st.composite
def forecast_seasons(draw):
    """Small seasons with points, goals and head-to-head points so far, fixtures left (a pair
    may meet twice on the same ground), typical scores and any order of tie-breakers."""
    teams = list(range(1, draw(st.integers(2, 6)) + 1))
    small = st.integers(0, 6)
    totals = [season.TeamTotals(team, *(draw(small) for _ in range(5))) for team in teams]
    pairs = [(a, b) for a in teams for b in teams if a != b]
    chances = st.sampled_from(
        [{"home": 0.45, "draw": 0.25, "away": 0.3}, {"home": 0.5, "away": 0.5}, {"home": 1.0}]
    )
    left = draw(st.lists(st.tuples(st.sampled_from(pairs), chances), max_size=12))
    scores = st.lists(st.tuples(small, small), min_size=1, max_size=3)
    return season.SeasonState(
        teams=totals,
        remaining=[season.RemainingFixture(home, away, given) for (home, away), given in left],
        scheme=draw(st.sampled_from([season.PointsScheme(3, 1, 0), season.PointsScheme(2, 1, 0)])),
        tiebreakers=tuple(
            draw(
                st.permutations(["points", "goal_difference", "goals_for", "wins", "head_to_head"])
            )
        ),
        head_to_head=draw(st.dictionaries(st.sampled_from(pairs), st.integers(0, 9), max_size=8)),
        scores=season.ScoreModel({outcome: draw(scores) for outcome in ("home", "draw", "away")}),
    )


@settings(max_examples=examples(60), deadline=None)
@given(state=forecast_seasons(), seed=st.integers(0, 2**63 - 1), n=st.integers(1, 300))
def test_a_forecast_summed_in_float32_is_the_one_summed_in_float64(state, seed, n):
    plain_float = forecast_simulation._exact_float
    forecast_simulation._exact_float = lambda state, fixtures: np.float64
    try:
        plain = season.forecast(state, n=n, dice=Dice(seed), top_places=2)
    finally:
        forecast_simulation._exact_float = plain_float

    assert plain_float(state, len(state.remaining)) is np.float32
    assert season.forecast(state, n=n, dice=Dice(seed), top_places=2) == plain


@settings(max_examples=examples(300), deadline=None)
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

    shared = entries.skill_entries(purpose)
    assert exchange_roll(fast.entry_roller(), shared, base, dc, luck_left, wanted) == (
        expected.to_dict()
    )
    assert fast.log() == plain.log()
    assert fast.d100("next") == plain.d100("next")


@settings(max_examples=examples(60), deadline=None)
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


@settings(max_examples=examples(300), deadline=None)
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


def mostly(valid: list[Any], invalid: list[Any]) -> st.SearchStrategy[Any]:
    """A valid value nine times in ten, else an invalid one."""
    return st.sampled_from([*valid * (9 * max(1, len(invalid))), *invalid * len(valid)])


witcher_phases = mostly(["1", "2", "3"], ["4", 1])
witcher_person = st.one_of(
    st.fixed_dictionaries(
        {"name": mostly(["Rhundurin", "Seliad", "Irlyena"], [""]),
         "tactics": mostly([12], [11]), "command": st.just(12)},
        optional={"luck": mostly([0, 2], [-1])},
    ),
    st.just({"name": "Brigand", "rank": "captain"}),
    st.just("nobody"),
)  # fmt: skip
witcher_troop = st.fixed_dictionaries(
    {"name": mostly(["Militia", "Golems"], [" "]), "dc": mostly([12, 25], [0]),
     "count": mostly([7, 30], [True])},
    optional={"phase": mostly([None, 1, 3], [4])},
)  # fmt: skip
witcher_army_parts = {
    "seconds": st.one_of(st.dictionaries(witcher_phases, witcher_person, max_size=3),
                         st.none(), st.just([])),
    "works": st.one_of(
        st.dictionaries(mostly([*army.WORK_KEYS], ["moat"]), mostly([True, False], [1]),
                        max_size=3),
        st.none(), st.just("walls")),
    "deployment": st.one_of(
        st.dictionaries(witcher_phases, mostly([1, 300], [0, True, 10**8]), max_size=3),
        st.none()),
    "id": st.just(17),
}  # fmt: skip
witcher_army = st.one_of(
    st.fixed_dictionaries(  # mostly well-formed
        {"name": mostly(["Auld Alliance"], ["", 3]),
         "commander": witcher_person,
         "troops": st.lists(witcher_troop, min_size=1, max_size=4)},
        optional=witcher_army_parts,
    ),
    st.fixed_dictionaries(  # anything may be missing
        {}, optional={"name": st.just("Hunt"), "commander": witcher_person,
                      "troops": st.lists(witcher_troop, max_size=2), **witcher_army_parts}),
    st.just(["not", "an", "army"]),
)  # fmt: skip


@settings(max_examples=examples(400), deadline=None)
@given(data=witcher_army)
def test_the_quick_witcher_army_check_accepts_only_what_the_checked_does(data):
    """The quick path of ``parse_army`` builds what the checked path builds (seconds and
    deployment in phase order included), and only what it accepts."""
    expected = parsed_or_error(army._checked_army, data, "attacker", default_tables())
    fast = army._quick_army(data)
    assert fast is None or fast == expected
    assert fast is None or list(fast.seconds) == sorted(fast.seconds)


def test_the_quick_witcher_army_check_reads_seconds_works_and_deployment():
    """Well-formed armies with every optional part take the quick path, and build what the
    checked path builds."""
    battle = witcher_builders.auld_alliance_battle()
    hunt = {**battle["attacker"], "commander": {"name": "Nagh'Khaladh", "tactics": 15,
                                                "command": 18, "luck": 1}}  # fmt: skip
    alliance = {**battle["defender"], "deployment": {"3": 80, "1": 60}}
    for data in (hunt, alliance, battle["defender"]):
        fast = army._quick_army(data)
        assert fast is not None
        assert fast == army._checked_army(data, "attacker", default_tables())
    assert army._quick_army(alliance).deployment == {1: 60, 3: 80}
    assert list(army._quick_army(alliance).seconds) == [1, 2]
    assert army._quick_army(alliance).works.fortifications
    assert army._quick_army(battle["attacker"]) is None  # an officer's rank: checked path


def circumstance_value(limit: int) -> st.SearchStrategy[Any]:
    return mostly([0, 1, limit, -limit], [limit + 1, -limit - 1, True, "1"])


witcher_circumstances = st.one_of(
    st.none(),
    st.just([]),
    st.dictionaries(
        mostly(["attacker", "defender"], ["home"]),
        st.one_of(
            st.dictionaries(
                witcher_phases,
                st.one_of(
                    st.fixed_dictionaries({}, optional={
                        "surprise": circumstance_value(3), "weather": circumstance_value(3),
                        "other": circumstance_value(10)}),
                    st.just({"wind": 1}), st.just(None)),
                max_size=3),
            st.just("rain")),
        max_size=2),
)  # fmt: skip
witcher_moments = st.one_of(
    st.none(),
    st.just(["1"]),
    st.dictionaries(
        witcher_phases,
        st.one_of(
            st.none(),
            st.fixed_dictionaries({}, optional={
                "attacker_chance": mostly([0, 1, 0.25, 0.5], [1.5, -0.1, True, "0.5"])}),
            st.just({"winner": "attacker"}), st.just(0.5)),
        max_size=3),
)  # fmt: skip
witcher_options = st.one_of(
    st.none(),
    st.just("dice"),
    st.fixed_dictionaries({}, optional={
        "casualties": mostly(["off", "dice", "quick"], ["fast", 1]),
        "no_quarter": mostly([True, False], [1, "yes"]),
        "phase3_skill": mostly(["auto", "tactics", "command", "gm"], ["luck"]),
        "luck": mostly(["auto", "off"], [None]),
        "moments": mostly(["chance", "gm"], ["dice"]),
        "rounds": st.just(3)}),
)  # fmt: skip


@settings(max_examples=examples(300), deadline=None)
@given(circumstances=witcher_circumstances, moments=witcher_moments, options=witcher_options)
def test_the_quick_witcher_battle_readings_accept_only_what_the_checked_do(
    circumstances, moments, options
):
    """Circumstances, crucial moments and options read quickly are what the checked parsers
    read, key order included, and only what they accept."""
    tables = default_tables()
    for quick, checked, data in (
        (lambda d: battle_module._quick_circumstances(d, tables.circumstances),
         lambda d: battle_module.parse_circumstances(d, "circumstances", tables), circumstances),
        (lambda d: battle_module._quick_crucial_moments(d, 0.5),
         lambda d: battle_module.parse_crucial_moments(d, "crucial_moments", tables), moments),
        (battle_module._quick_options, lambda d: battle_module.BattleOptions.parse(d), options),
    ):  # fmt: skip
        expected = parsed_or_error(checked, data)
        fast = quick(data)
        assert fast is None or (fast == expected and repr(fast) == repr(expected))


def test_well_formed_witcher_battles_take_the_quick_readings():
    tables = default_tables()
    data = witcher_builders.auld_alliance_battle(
        crucial_moments={"1": {"attacker_chance": 0.4}, "3": {}, "2": None},
        options={"casualties": "dice", "no_quarter": True, "phase3_skill": "tactics"},
    )
    data["circumstances"]["defender"] = {"2": {"weather": 2, "other": -3}, "1": {}}
    circumstances = battle_module._quick_circumstances(data["circumstances"], tables.circumstances)
    moments = battle_module._quick_crucial_moments(data["crucial_moments"], 0.5)
    options = battle_module._quick_options(data["options"])
    assert circumstances == battle_module.parse_circumstances(data["circumstances"], "", tables)
    assert moments == battle_module.parse_crucial_moments(data["crucial_moments"], "", tables)
    assert list(moments) == [1, 3] and moments[3].attacker_chance == 0.5
    assert options == battle_module.BattleOptions.parse(data["options"])
    assert parse_battle(data) == battle_module.Battle(
        army._checked_army(data["attacker"], "attacker", tables),
        army._checked_army(data["defender"], "defender", tables),
        circumstances, moments, options, tables)  # fmt: skip
