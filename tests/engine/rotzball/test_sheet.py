"""Team sheet validation: every error names its field with a dotted path."""

import copy
from typing import Any

import pytest

from rules_engine.errors import InvalidInput
from rules_engine.rotzball import SYSTEM, Tactic, parse_sheet
from tests.engine.rotzball.builders import sheet

RANGE = "must be an integer between 1 and 100"


def edited(path: str, value: Any) -> dict[str, Any]:
    """The standard sheet with the value at ``path`` (dotted, list indices as numbers)
    replaced by ``value``, or removed when ``value`` is ``DELETE``."""
    data = copy.deepcopy(sheet("Home"))
    *parents, last = path.split(".")
    node: Any = data
    for key in parents:
        node = node[int(key)] if isinstance(node, list) else node[key]
    key: Any = int(last) if isinstance(node, list) else last
    if value is DELETE:
        del node[key]
    else:
        node[key] = value
    return data


DELETE = object()


def test_a_valid_sheet():
    team = parse_sheet(sheet("Wolves", attack=45, defense=38, coach=41, tactic="offensive"))

    assert team.name == "Wolves" and team.tactic is Tactic.OFFENSIVE
    assert team.passer.strength == 45 and len(team.attackers) == 2 and len(team.defenders) == 3
    assert (team.coach.agility, team.coach.intelligence) == (41, 41)


@pytest.mark.parametrize(
    ("path", "value", "field", "message"),
    [
        ("name", "", "home.name", "must be a non-empty string"),
        ("name", "   ", "home.name", "must be a non-empty string"),
        ("name", 7, "home.name", "must be a non-empty string"),
        ("name", DELETE, "home.name", "is required"),
        ("tactic", "attack", "home.tactic", "must be one of offensive, defensive, balanced"),
        ("tactic", ["offensive"], "home.tactic", "must be one of offensive, defensive, balanced"),
        ("passer", DELETE, "home.passer", "is required"),
        ("passer", [], "home.passer", "must be an object"),
        ("passer.Ag", 101, "home.passer.Ag", RANGE),
        ("passer.Ag", 0, "home.passer.Ag", RANGE),
        ("passer.F", DELETE, "home.passer.F", "is required"),
        ("passer.E", True, "home.passer.E", RANGE),  # a boolean is not a characteristic
        ("passer.E", 45.0, "home.passer.E", RANGE),
        ("passer.E", "45", "home.passer.E", RANGE),
        ("passer.name", None, "home.passer.name", "must be a non-empty string"),
        ("attackers", [], "home.attackers", "must be a list of exactly 2 players"),
        ("attackers.1.F", -3, "home.attackers.1.F", RANGE),
        ("attackers.0", "Hans", "home.attackers.0", "must be an object"),
        ("defenders", {}, "home.defenders", "must be a list of exactly 3 players"),
        ("defenders.2.Ag", 150, "home.defenders.2.Ag", RANGE),
        ("defenders.0.E", DELETE, "home.defenders.0.E", "is required"),
        ("coach.Int", 0, "home.coach.Int", RANGE),
        ("coach.Ag", False, "home.coach.Ag", RANGE),
        ("coach", DELETE, "home.coach", "is required"),
    ],
)
def test_invalid_sheets_name_the_field(path, value, field, message):
    with pytest.raises(InvalidInput) as caught:
        parse_sheet(edited(path, value), "home")

    assert (caught.value.field, caught.value.message) == (field, message)
    assert str(caught.value) == f"{field}: {message}"


def test_wrong_squad_sizes():
    data = sheet("Home")
    data["attackers"].append(data["attackers"][0])
    data["defenders"].pop()
    with pytest.raises(InvalidInput, match=r"^away\.attackers: must be a list of exactly 2"):
        parse_sheet(data, "away")
    data["attackers"].pop()
    with pytest.raises(InvalidInput, match=r"^away\.defenders: must be a list of exactly 3"):
        parse_sheet(data, "away")


def test_a_sheet_must_be_an_object():
    with pytest.raises(InvalidInput) as caught:
        parse_sheet(["not", "a", "sheet"], "away")
    assert (caught.value.field, caught.value.message) == ("away", "must be an object")


def test_characteristics_1_and_100_are_valid_and_unknown_keys_are_ignored():
    data = sheet("Home", attack=100, defense=1, coach=1)
    data["id"] = 12
    data["passer"]["notes"] = "captain"

    assert parse_sheet(data).passer.agility == 100


def test_validate_roster_reports_a_blocking_issue_with_a_sheet_relative_field():
    assert SYSTEM.validate_roster(sheet("Home")) == []

    issues = SYSTEM.validate_roster(edited("defenders.2.Ag", 0))

    assert [(i.field, i.message, i.blocking) for i in issues] == [("defenders.2.Ag", RANGE, True)]
