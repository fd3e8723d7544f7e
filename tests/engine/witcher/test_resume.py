"""Stored and resumed runs, and properties of every battle (hypothesis).

A run stored as JSON at any point and resumed goes on with the same dice stream: the result
equals the uninterrupted run with the same seed and the same decisions.
"""

import copy
import json
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules_engine import Dice, IllegalAction, InvalidInput
from rules_engine.witcher import BattleRun, Side, battle_card, load_tables, parse_army, parse_battle
from tests.engine.witcher.builders import auld_alliance_battle, battle, commander, plain, troop
from tests.hypothesis_profiles import examples

TABLE_DCS = [10, 12, 14, 16, 18, 20, 25, 30]
SEEDS = st.integers(0, 2**63 - 1)


def repaired(data):
    """Drop the phase of every troop the card refuses as a specialist."""
    for _ in range(3):
        errors = battle_card(parse_army(data)).errors
        if not errors:
            return data
        for issue in errors:
            parts = issue.field.split(".")
            if parts[0] == "troops":
                data["troops"][int(parts[1])]["phase"] = None
            else:  # specialists.N: too many in phase N
                phase = int(parts[1])
                extra = [t for t in data["troops"] if t["phase"] == phase][3:]
                for item in extra:
                    item["phase"] = None
    raise AssertionError("could not repair the army")  # pragma: no cover


@st.composite
def armies(draw, name):
    size = draw(st.integers(10, 3000))
    troops = [troop(f"{name} main", draw(st.sampled_from([10, 12, 14, 16])), size)]
    for i in range(draw(st.integers(0, 4))):
        troops.append(troop(f"{name} {i}", draw(st.sampled_from(TABLE_DCS)),
                            draw(st.integers(1, size)),
                            draw(st.sampled_from([None, 1, 2, 3]))))  # fmt: skip
    bases = st.integers(4, 20)
    data = {
        "name": name,
        "commander": commander(f"{name} lord", draw(bases), draw(bases), draw(st.integers(0, 6))),
        "troops": troops,
        "works": {key: draw(st.booleans()) for key in
                  ("better_terrain", "prepared", "barricades", "fortifications")},
    }  # fmt: skip
    seconds = draw(st.lists(st.sampled_from(["1", "2", "3"]), unique=True, max_size=2))
    if seconds:
        data["seconds"] = {p: commander(f"{name} second {p}", draw(bases), draw(bases),
                                        draw(st.integers(0, 3))) for p in seconds}  # fmt: skip
    if draw(st.booleans()):
        data["deployment"] = {"2": draw(st.integers(1, 4000))}
    return repaired(data)


@st.composite
def battles(draw):
    phase = st.sampled_from(["1", "2", "3"])
    chances = st.one_of(st.just({}), st.builds(lambda c: {"attacker_chance": c},
                                               st.floats(0, 1)))  # fmt: skip
    return {
        "attacker": draw(armies("Attacker")),
        "defender": draw(armies("Defender")),
        "circumstances": {
            side: {p: {"surprise": draw(st.integers(0, 3)), "weather": draw(st.integers(0, 3))}
                   for p in draw(st.lists(phase, unique=True))}
            for side in ("attacker", "defender")
        },
        "crucial_moments": {p: draw(chances) for p in draw(st.lists(phase, unique=True))},
        "options": {
            "casualties": draw(st.sampled_from(["off", "dice", "quick"])),
            "no_quarter": draw(st.booleans()),
            "phase3_skill": draw(st.sampled_from(["auto", "tactics", "command", "gm"])),
            "luck": draw(st.sampled_from(["auto", "off"])),
            "moments": draw(st.sampled_from(["chance", "gm"])),
        },
    }  # fmt: skip


def decide(run, choice):
    """Answer the pending decision with ``choice`` (0..3)."""
    if run.pending.decision.value == "crucial_moment":
        if choice == 2:
            run.skip_crucial_moment()
        elif choice == 3:
            run.auto_decide()
        else:
            run.decide_crucial_moment(("attacker", "defender")[choice])
    elif choice == 3:
        run.auto_decide()
    else:
        run.choose_phase3_skill(("tactics", "command", "tactics")[choice])


def play(data, seed, choices, *, resume_every=None, watch=None):
    run = BattleRun.start(parse_battle(data), Dice(seed))
    actions = 0
    while not run.finished:
        if run.pending is not None:
            decide(run, choices[actions % len(choices)])
        else:
            run.step()
        actions += 1
        if watch is not None:
            watch(run)
        if resume_every and actions % resume_every == 0:
            run = BattleRun.from_dict(json.loads(json.dumps(run.to_dict())))
    return run.result()


CHOICES = st.lists(st.integers(0, 3), min_size=1, max_size=6)


@settings(max_examples=examples(120), deadline=None)
@given(data=battles(), seed=SEEDS, choices=CHOICES, every=st.integers(1, 4))
def test_a_resumed_run_equals_the_uninterrupted_run(data, seed, choices, every):
    straight = play(data, seed, choices)
    resumed = play(data, seed, choices, resume_every=every)

    assert resumed.to_dict() == straight.to_dict()


@settings(max_examples=examples(120), deadline=None)
@given(data=battles(), seed=SEEDS, choices=CHOICES)
def test_totals_never_decrease_within_a_phase(data, seed, choices):
    seen: dict[int, dict[str, int]] = {}

    def watch(run):
        for phase in run.snapshot()["phases"]:
            before = seen.get(phase["phase"], {"attacker": 0, "defender": 0})
            for side in ("attacker", "defender"):
                assert phase["totals"][side] >= before[side]
            seen[phase["phase"]] = phase["totals"]

    play(data, seed, choices, watch=watch)


@settings(max_examples=examples(150), deadline=None)
@given(data=battles(), seed=SEEDS, choices=CHOICES)
def test_every_battle_has_exactly_three_phases_and_a_winner_of_two(data, seed, choices):
    result = play(data, seed, choices)
    battle_data = parse_battle(data)

    assert [phase.phase for phase in result.phases] == [1, 2, 3]
    assert sum(result.phases_won.values()) == 3
    assert result.phases_won[result.winner] >= 2
    assert result.crushing is (result.phases_won[result.winner] == 3)
    limit = battle_data.tables.rounds_limit
    for phase in result.phases:
        won, lost = phase.totals[phase.winner], phase.totals[phase.winner.other]
        assert won >= lost
        if phase.rounds < limit:
            assert won >= result.sr and won > lost
    # Both commanders roll the same number of times in every phase.
    rolls = Counter(
        (roll["purpose"]["phase"], roll["purpose"]["round"])
        for roll in result.rolls
        if roll["purpose"]["code"] == "exchange_round" and "extra" not in roll["purpose"]
    )
    for phase in result.phases:
        for number in range(1, phase.rounds + 1):
            assert rolls[phase.phase, number] == 2
    # Luck: never more spent than a commander had (names differ between the two sides).
    spent: Counter[str] = Counter()
    for phase in result.phases:
        for event in phase.events:
            if event["kind"] == "round":
                for side in ("attacker", "defender"):
                    spent[phase.commanders[Side(side)]] += event[side]["luck"]
    for side in (Side.ATTACKER, Side.DEFENDER):
        army = battle_data.army(side)
        for person in (army.commander, *army.seconds.values()):
            assert spent[person.name] <= person.luck


def test_the_stored_state_is_json_with_the_seed_the_draws_and_the_actions():
    data = auld_alliance_battle(crucial_moments={"1": {}}, options={"moments": "gm"})
    run = BattleRun.start(parse_battle(data), Dice(5))
    run.run_until_pause()
    state = json.loads(json.dumps(run.to_dict()))

    assert list(state) == ["version", "battle", "tables", "seed", "draws", "actions", "status",
                           "progress", "rolls"]  # fmt: skip
    assert state["seed"] == 5
    assert state["draws"] == len(state["rolls"]) == len(run.dice.log())
    assert state["status"] == "awaiting_crucial_moment"
    assert state["actions"] == [["step", len(run.snapshot()["phases"][0]["events"])]]
    assert state["progress"]["pending"]["decision"] == "crucial_moment"


def test_resuming_continues_the_identical_dice_stream():
    data = auld_alliance_battle(crucial_moments={"1": {}, "3": {}}, options={"moments": "gm"})
    straight = BattleRun.start(parse_battle(data), Dice(9))
    straight.run_until_pause()
    stored = json.dumps(straight.to_dict())
    straight.decide_crucial_moment("attacker")
    expected = straight.run_to_end(auto_decide=True).to_dict()

    resumed = BattleRun.from_dict(json.loads(stored))
    assert resumed.pending is not None
    resumed.decide_crucial_moment("attacker")
    assert resumed.run_to_end(auto_decide=True).to_dict() == expected


def test_a_scripted_run_resumes_with_the_same_script():
    script = [6, 2, 3, 3, 10, 9, 2, 10, 9, 2]
    data = battle(plain("A"), plain("B"), crucial_moments={"1": {}}, options={"moments": "gm"})
    run = BattleRun.start(parse_battle(data), Dice.scripted(script))
    run.run_until_pause()
    state = run.to_dict()

    resumed = BattleRun.from_dict(state, dice=Dice.scripted(script))
    resumed.decide_crucial_moment("defender")
    run.decide_crucial_moment("defender")
    assert resumed.run_to_end().to_dict() == run.run_to_end().to_dict()


def test_house_rules_travel_with_the_state():
    tables = load_tables({"rounds_limit": 1})
    run = BattleRun.start(parse_battle(battle(plain("A"), plain("B")), tables=tables), Dice(3))
    run.step()

    resumed = BattleRun.from_dict(json.loads(json.dumps(run.to_dict())))
    assert resumed.battle.tables.rounds_limit == 1
    assert all(p.rounds == 1 for p in resumed.run_to_end().phases)


def stored_state():
    run = BattleRun.start(parse_battle(battle(plain("A"), plain("B"))), Dice(3))
    run.step()
    run.step()
    return run.to_dict()


@pytest.mark.parametrize(
    ("tamper", "field"),
    [
        (lambda s: s.update(version=3), "state.version"),
        (lambda s: s.update(version=0), "state.version"),
        (lambda s: s["rolls"][0].update(value=11 - s["rolls"][0]["value"]), "state.rolls"),
        (lambda s: s.update(draws=s["draws"] + 1), "state.rolls"),
        (lambda s: s.update(seed=4), "state.rolls"),
        (lambda s: s.update(actions=[["fly", 1]]), "state.actions.0"),
        (lambda s: s.update(actions=[["crucial_moment", "attacker"]]), "state.actions.0"),
        (lambda s: s.update(actions="step"), "state.actions"),
        (lambda s: s["battle"]["attacker"].pop("troops"), "state.battle.attacker.troops"),
        (lambda s: s.pop("tables"), "state.tables"),
    ],
)
def test_a_tampered_state_is_refused(tamper, field):
    state = copy.deepcopy(stored_state())
    tamper(state)

    with pytest.raises(InvalidInput) as caught:
        BattleRun.from_dict(state)
    assert caught.value.field == field


def test_the_same_seed_gives_the_same_battle():
    data = auld_alliance_battle(crucial_moments={"2": {}}, options={"casualties": "dice"})
    first = BattleRun.start(parse_battle(data), Dice(77)).run_to_end().to_dict()

    assert BattleRun.start(parse_battle(data), Dice(77)).run_to_end().to_dict() == first
    assert BattleRun.start(parse_battle(data), Dice(78)).run_to_end().to_dict() != first


def test_a_run_on_dice_that_do_not_record_cannot_be_stored():
    run = BattleRun.start(parse_battle(battle(plain("A"), plain("B"))), Dice(3, record=False))
    run.step()

    with pytest.raises(IllegalAction):
        run.to_dict()
