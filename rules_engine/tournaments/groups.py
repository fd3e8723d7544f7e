"""Groups then knock-out: the qualifiers of each group seeded into one bracket.

The first ``k`` of each group go through. Seeds follow the finishing place, then the group's
order: every group winner ahead of every runner-up, and so on. Each place's qualifiers then
take the bracket places of their seeds, but which of them takes which is chosen so that two
teams from one group meet as late as possible: among the arrangements that keep the seeds'
places, the one whose earliest same-group meeting is latest, then with the fewest meetings in
that round, and so on round by round (a minimum-cost assignment per finishing place, solved
as a matching by rustworkx).

Two bracket places can first meet in the round where their halves of the bracket join
(:func:`~rules_engine.tournaments.seeding.meeting_round`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import rustworkx

from rules_engine.errors import InvalidInput
from rules_engine.tournaments.seeding import meeting_round, seed_order


@dataclass(frozen=True, slots=True)
class Qualifier:
    team: str
    group: int
    place: int  # 1 the group's winner


def seed(groups: Sequence[Sequence[str]], qualifiers: int) -> list[str | None]:
    """The bracket, place by place (``None`` a bye), from each group's final order."""
    if qualifiers < 1:
        raise InvalidInput("qualifiers", "must be at least 1")
    for index, group in enumerate(groups):
        if len(group) < qualifiers:
            raise InvalidInput(f"groups.{index}", f"has fewer than {qualifiers} teams")
    entrants = len(groups) * qualifiers
    if entrants < 2:
        raise InvalidInput("groups", "the knock-out needs at least two qualifiers")
    size, rounds = 2, 1
    while size < entrants:
        size, rounds = size * 2, rounds + 1
    place_of_seed = {s: index for index, s in enumerate(seed_order(size))}
    bracket: list[str | None] = [None] * size
    group_at: dict[int, int] = {}
    for place in range(qualifiers):
        seeds = range(place * len(groups) + 1, (place + 1) * len(groups) + 1)
        slots = [place_of_seed[s] for s in seeds]
        teams = [Qualifier(group[place], g, place + 1) for g, group in enumerate(groups)]
        chosen = _assign(teams, slots, group_at, rounds) if place else list(range(len(teams)))
        for team_index, slot_index in enumerate(chosen):
            slot = slots[slot_index]
            bracket[slot] = teams[team_index].team
            group_at[slot] = teams[team_index].group
    return bracket


def _assign(
    teams: Sequence[Qualifier], slots: Sequence[int], group_at: dict[int, int], rounds: int
) -> list[int]:
    """For each team, the index of its slot: early meetings with its own group cost most."""
    count = len(teams)
    limit = count * len(group_at) + 1  # more than all meetings in one round together

    def cost(team: Qualifier, slot: int) -> int:
        total = 0
        for placed, group in group_at.items():
            if group == team.group:
                total += limit ** (rounds - meeting_round(slot, placed))
        return total

    costs = [[cost(team, slot) for slot in slots] for team in teams]
    ceiling = max(max(row) for row in costs) + 1
    graph: rustworkx.PyGraph[int, int] = rustworkx.PyGraph()
    graph.add_nodes_from(range(2 * count))
    graph.add_edges_from(
        [(t, count + s, ceiling - costs[t][s]) for t in range(count) for s in range(count)]
    )
    matching = rustworkx.max_weight_matching(
        graph, max_cardinality=True, weight_fn=lambda weight: weight
    )
    chosen = [0] * count
    for a, b in matching:
        team, slot = min(a, b), max(a, b) - count
        chosen[team] = slot
    return chosen
