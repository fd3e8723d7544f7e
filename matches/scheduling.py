"""Round-robin fixture lists by the circle method.

One team stays fixed while the others rotate; with an odd number of teams a bye (``None``)
joins the circle and whoever meets it rests that round. Home and away alternate so that in a
single round robin no team is more than one home game ahead of its away games (none at all with an
odd count, where the bye holds the fixed place), and a double round robin mirrors the first
half, giving everyone as many home as away games.
"""

from collections.abc import Sequence


def round_robin[T](teams: Sequence[T], *, double: bool = False) -> list[list[tuple[T, T]]]:
    """Rounds of (home, away) pairs. Teams meeting the bye are left out of that round."""
    if len(teams) < 2:
        return []
    circle: list[T | None] = [None, *teams] if len(teams) % 2 else list(teams)
    size = len(circle)
    rounds: list[list[tuple[T, T]]] = []
    for number in range(size - 1):
        pairs: list[tuple[T, T]] = []
        for i in range(size // 2):
            first, second = circle[i], circle[size - 1 - i]
            if first is None or second is None:
                continue
            # The fixed team alternates by round; the others by their place in the circle,
            # which shifts each round, so every team alternates home and away.
            swap = number % 2 == 1 if i == 0 else i % 2 == 1
            pairs.append((second, first) if swap else (first, second))
        rounds.append(pairs)
        circle = [circle[0], circle[-1], *circle[1:-1]]
    if double:
        rounds += [[(away, home) for home, away in pairs] for pairs in rounds]
    return rounds
