"""Swiss pairing of one round: who meets whom, and who gets the bye.

The rules, in order (``docs/tournaments.md``):

1. With an odd count, the bye goes to a player with the fewest byes so far, the lowest-ranked
   of them (the last in ranking order).
2. The others are paired so that the pairing has the fewest rematches (with
   ``avoid_rematch``; without it, rematches only break ties in rule 3),
3. then the smallest sum over pairs of the squared score difference,
4. then, among the pairings still equal, a preference for the shape within a score group:
   ``fold`` (top half against bottom half, the Dutch habit) or ``adjacent`` (first against
   second). Rules 2 and 3 are exact; this one is a preference among the pairs the graph holds,
   the fold counted over the whole group, floaters included, so another pairing equal on rules
   2 and 3 is now and then closer to the shape.

Rules 2 to 4 are one minimum-cost perfect matching (a maximum-weight matching of maximum
cardinality, rustworkx's blossom algorithm) whose integer weights order the rules
lexicographically. The graph is not complete: a pair is an edge only if at most
``2 * (f(a) + f(b))`` players stand between them in score order, where ``f`` counts a player's
earlier opponents still in the round. That keeps every pairing optimal by rules 2 and 3: in
any pairing, a pair spanning more players can be exchanged with one of the pairs between or
across it for two shorter pairs that are no rematch and cost no more (squared differences
are convex), and at most ``2 * (f(a) + f(b))`` of those exchanges can be blocked by a
rematch. ``tests/engine/tournaments`` checks this against an exhaustive search.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from math import lcm

import rustworkx


class Shape(StrEnum):
    """How a score group is paired when every other rule is indifferent."""

    FOLD = "fold"
    ADJACENT = "adjacent"


@dataclass(frozen=True, slots=True)
class Player:
    id: str
    score: float
    opponents: frozenset[str] = frozenset()
    byes: int = 0


@dataclass(frozen=True, slots=True)
class Pairing:
    pairs: tuple[tuple[str, str], ...]
    """Each pair with its better-ranked player first, in ranking order of that player."""
    bye: str | None

    def rematches(self, players: Sequence[Player]) -> int:
        met = {p.id: p.opponents for p in players}
        return sum(1 for a, b in self.pairs if b in met[a] or a in met[b])


def bye_player(players: Sequence[Player]) -> Player | None:
    """Rule 1: ``None`` for an even count."""
    if len(players) % 2 == 0:
        return None
    fewest = min(p.byes for p in players)
    return [p for p in players if p.byes == fewest][-1]


def pair(
    players: Sequence[Player], *, avoid_rematch: bool = True, shape: Shape = Shape.FOLD
) -> Pairing:
    """One round's pairing of ``players``, listed in ranking order (best first)."""
    bye = bye_player(players)
    rank = {p.id: index for index, p in enumerate(players)}
    playing = sorted(
        (p for p in players if p is not bye), key=lambda p: (-Fraction(p.score), rank[p.id])
    )
    count = len(playing)
    bye_id = None if bye is None else bye.id
    if count == 0:
        return Pairing((), bye_id)
    position = {p.id: index for index, p in enumerate(playing)}
    met: list[set[int]] = [set() for _ in playing]  # earlier opponents still in the round
    for index, player in enumerate(playing):
        for other in player.opponents:
            if other in position and position[other] != index:
                met[index].add(position[other])
                met[position[other]].add(index)

    # exact integer costs: scores are floats, hence dyadic fractions
    scores = [Fraction(p.score) for p in playing]
    unit = lcm(*(s.denominator for s in scores))
    points = [int(s * unit) for s in scores]
    fold = [0] * count  # within its score group, how far a player's fold partner stands
    start = 0
    for index in range(1, count + 1):
        if index == count or points[index] != points[start]:
            fold[start:index] = [(index - start) // 2] * (index - start)
            start = index

    half = count // 2
    shape_limit = half * count**2 + 1  # more than any pairing's total shape cost
    square_limit = half * (points[0] - points[-1]) ** 2 + 1  # ... total squared difference
    rematch_limit = half + 1  # ... number of rematches

    def cost(i: int, j: int) -> int:
        square = (points[i] - points[j]) ** 2
        rematch = int(j in met[i])
        if avoid_rematch:
            primary = rematch * square_limit + square
        else:
            primary = square * rematch_limit + rematch
        shaped = 0
        if points[i] == points[j]:
            shaped = (j - i - (1 if shape is Shape.ADJACENT else fold[i])) ** 2
        return primary * shape_limit + shaped

    widest = max(len(m) for m in met)
    pairs_considered: set[tuple[int, int]] = set()
    for i in range(count):
        reach = 2 * (len(met[i]) + widest) + 1  # players between, plus one
        for j in range(i + 1, min(count, i + 1 + reach)):
            if j - i - 1 <= 2 * (len(met[i]) + len(met[j])):
                pairs_considered.add((i, j))
        if shape is Shape.FOLD:
            for j in (i + fold[i] - 1, i + fold[i], i + fold[i] + 1):
                if i < j < count and points[j] == points[i]:
                    pairs_considered.add((i, j))
    weights = {edge: cost(*edge) for edge in pairs_considered}
    ceiling = max(weights.values()) + 1
    graph: rustworkx.PyGraph[int, int] = rustworkx.PyGraph()
    graph.add_nodes_from(range(count))
    graph.add_edges_from([(i, j, ceiling - weight) for (i, j), weight in weights.items()])
    matching = rustworkx.max_weight_matching(
        graph, max_cardinality=True, weight_fn=lambda weight: weight
    )
    if len(matching) != half:  # the window always holds a perfect matching (see above)
        raise AssertionError(f"paired {len(matching)} of {half} pairs")
    ids = [tuple(sorted((playing[a].id, playing[b].id), key=rank.__getitem__)) for a, b in matching]
    pairs = sorted(((a, b) for a, b in ids), key=lambda pair: rank[pair[0]])
    return Pairing(tuple(pairs), bye_id)
