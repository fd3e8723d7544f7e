"""How a season's fixtures are cut into the workers' chunks (``simulation_chunks``): whole
rounds together up to ``SIMULATION_CHUNK`` fixtures, in round order, a round larger than a
chunk cut into chunks of its own; every fixture in exactly one chunk."""

import pytest

from matches.simulation_chunks import simulation_chunks


def _rounds(*sizes: int) -> list[tuple[int, int]]:
    """``(round, id)`` pairs: round 1 has ``sizes[0]`` fixtures, and so on; ids count up."""
    pairs, next_id = [], 1
    for number, size in enumerate(sizes, start=1):
        pairs += [(number, next_id + index) for index in range(size)]
        next_id += size
    return pairs


@pytest.mark.parametrize(
    ("chunk", "rounds", "lengths"),
    [
        (10, [10, 10, 10], [10, 10, 10]),  # a 20-team league's rounds, one a chunk
        (20, [10, 10, 10], [20, 10]),  # two rounds a chunk
        (20, [6, 6, 6, 6], [18, 6]),
        (4, [10, 3], [4, 4, 2, 3]),  # a round larger than a chunk: chunks of its own
        (12, [5, 10, 5, 5], [5, 10, 10]),
        (1, [2, 1], [1, 1, 1]),
    ],
)
def test_whole_rounds_are_packed_up_to_the_chunk_size(settings, chunk, rounds, lengths):
    settings.SIMULATION_CHUNK = chunk
    pairs = _rounds(*rounds)
    chunks = simulation_chunks(reversed(pairs))  # given in any order
    assert [len(ids) for ids in chunks] == lengths
    # every fixture once, in round order
    assert [fixture_id for ids in chunks for fixture_id in ids] == [pk for _, pk in pairs]
    round_of = {fixture_id: number for number, fixture_id in pairs}
    for ids in chunks:
        numbers = {round_of[fixture_id] for fixture_id in ids}
        if len(numbers) > 1:  # several rounds in a chunk: each of them whole
            assert all(
                rounds[number - 1] == sum(1 for i in ids if round_of[i] == number)
                for number in numbers
            )
