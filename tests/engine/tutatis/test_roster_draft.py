"""The roster a coach's counts ask for: players kept first hired first, hired or fired."""

from dataclasses import dataclass

import pytest

from rules_engine import InvalidInput
from rules_engine.tutatis.roster_draft import draft_roster, free_name, roster_counts


@dataclass
class Hired:
    entry_id: int | None
    name: str
    on_pitch: bool = True


ENTRIES = {1: "Orc Brute", 2: "Orc Goalkeeper"}


def test_counts_keep_the_first_hired_hire_the_missing_and_fire_the_rest():
    first, second, keeper = Hired(1, "Orc Brute 1"), Hired(1, "Orc Brute 2"), Hired(2, "Gob")
    roster, fired = draft_roster(ENTRIES, [first, second, keeper], {1: (0, 1), 2: (1, 1)})
    assert roster == [
        (first, 1, "Orc Brute 1", False),
        (keeper, 2, "Gob", True),
        (None, 2, "Orc Goalkeeper 1", False),
    ]
    assert fired == [second]


def test_a_player_whose_entry_left_the_list_is_kept_as_he_is():
    gone = Hired(None, "Old", on_pitch=False)
    roster, fired = draft_roster(ENTRIES, [gone], {})
    assert (roster, fired) == ([(gone, None, "Old", False)], [])


def test_an_entry_not_in_the_list_is_refused():
    with pytest.raises(InvalidInput) as refused:
        draft_roster(ENTRIES, [], {3: (1, 0)})
    assert refused.value.code == "entry_not_in_list"


def test_free_names_are_numbered_from_one():
    taken = {"Orc Brute 1"}
    assert [free_name("Orc Brute", taken) for _ in range(2)] == ["Orc Brute 2", "Orc Brute 3"]


def test_the_counts_a_roster_stands_at_give_it_back_unchanged():
    players = [Hired(1, "Orc Brute 1"), Hired(1, "Orc Brute 2", False), Hired(2, "Gob")]
    players.append(Hired(None, "Old"))  # his entry left the list: not counted
    counts = roster_counts(players)
    assert counts == {1: (1, 1), 2: (1, 0)}
    roster, fired = draft_roster(ENTRIES, players, counts)
    assert [player for player, *_rest in roster] == [players[0], players[1], players[2], players[3]]
    assert fired == []
