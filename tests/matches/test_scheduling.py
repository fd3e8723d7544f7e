from collections import Counter
from itertools import chain

import pytest

from matches.scheduling import round_robin


def _tally(rounds):
    home, away, meetings = Counter(), Counter(), Counter()
    for pairs in rounds:
        for h, a in pairs:
            home[h] += 1
            away[a] += 1
            meetings[frozenset((h, a))] += 1
    return home, away, meetings


@pytest.mark.parametrize("count", range(2, 13))
def test_single_round_robin_every_pair_meets_once_and_nobody_plays_twice_a_round(count):
    rounds = round_robin(list(range(count)))

    assert len(rounds) == (count - 1 if count % 2 == 0 else count)
    for pairs in rounds:
        teams = list(chain.from_iterable(pairs))
        assert len(teams) == len(set(teams))
    _home, _away, meetings = _tally(rounds)
    assert len(meetings) == count * (count - 1) // 2
    assert set(meetings.values()) == {1}


@pytest.mark.parametrize("count", [3, 5, 7, 9])
def test_odd_count_gives_each_team_exactly_one_bye(count):
    rounds = round_robin(list(range(count)))

    resting = Counter(
        t for pairs in rounds for t in set(range(count)) - set(chain.from_iterable(pairs))
    )
    assert resting == Counter({t: 1 for t in range(count)})


@pytest.mark.parametrize("count", range(2, 13))
def test_home_and_away_balanced(count):
    home, away, _ = _tally(round_robin(list(range(count))))
    limit = 0 if count % 2 else 1

    assert max(abs(home[t] - away[t]) for t in range(count)) <= limit


@pytest.mark.parametrize("count", range(2, 11))
def test_double_round_robin_mirrors_the_first_leg(count):
    rounds = round_robin(list(range(count)), double=True)
    half = len(rounds) // 2
    home, away, meetings = _tally(rounds)

    assert rounds[half:] == [[(a, h) for h, a in pairs] for pairs in rounds[:half]]
    assert set(meetings.values()) == {2}
    assert all(home[t] == away[t] for t in range(count))


def test_fewer_than_two_teams_gives_no_rounds():
    assert round_robin([]) == []
    assert round_robin(["solo"]) == []
