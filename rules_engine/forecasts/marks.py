"""Marks for first place that are never wrong: *clinched* when every completion of the remaining
fixtures leaves the team first, *eliminated* when none lets it finish first.

With fixtures left, the marks read points only, and only when points are the league's first
tie-breaker and the scheme is monotone (a win worth at least a draw, a draw at least a loss);
a team that could end level on points with the leader is never marked (the later tie-breakers
might still favour it), so the marks are "first on points, alone" (clinched) and "cannot even
share the top of the table on points" (eliminated).

* **Clinched** ``i``: for every other team ``j``, ``i`` losing all its games still ends above
  ``j`` winning all of its own. That single completion is the worst for the pair, so the test
  is exact.
* **Eliminated** ``x`` (the baseball elimination problem): let ``x`` win every game it has
  left, reaching ``M``; every other team ``j`` starts from its points plus a loss for each of
  its games (``base_j``), so it may still gain ``M - base_j`` before passing ``x``. The games
  between the other teams hand out the rest, the extra over a loss (``w - l`` for a win,
  ``d - l`` to each side for a draw). ``x`` is eliminated when no way of handing out those
  extras keeps every team within its room: a maximum flow from the source through a node per
  pair of teams (supplying their games' extras) to a node per team (capped by its room) to
  the sink that cannot carry the whole supply. How draws are handled:

  - no game left can end in a draw: units of one win, one per game: **exact**;
  - the scheme conserves points (``w + l = 2d``, as 2-1-0): units of half a win, two per game
    split 2-0, 1-1 or 0-2, which are exactly a win, a draw and a loss: **exact** when every
    game left can be drawn;
  - otherwise (3-1-0 with draws, where the question is NP-complete in general): units of one
    point, each game supplying the least a result hands out (``min(w - l, 2(d - l))``) and
    each side taking up to ``w - l``. Every real completion fits in this flow, so a team the
    flow eliminates is eliminated (**safe**), but some eliminated teams go unmarked.

With no fixture left the table is final and the marks are the final order, tie-breakers and
all (read by the caller from the ranking).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass

import numpy as np
from scipy.sparse import csr_array
from scipy.sparse.csgraph import maximum_flow

from rules_engine.forecasts.season import SeasonState


@dataclass(frozen=True, slots=True)
class Marks:
    clinched: frozenset[int]
    eliminated: frozenset[int]
    exact: bool
    """Whether every team that cannot share first place on points is marked (max flow on a
    win/loss or points-conserving scheme), not only those the relaxed flow proves."""


def _room(state: SeasonState) -> tuple[dict[int, int], dict[int, int]]:
    """Each team's points now and its games left."""
    left: dict[int, int] = defaultdict(int)
    for fixture in state.remaining:
        left[fixture.home] += 1
        left[fixture.away] += 1
    return state.points(), left


def title_marks(state: SeasonState, *, possible: Collection[int] = ()) -> Marks:
    """The teams that have clinched first place and those eliminated from it, with fixtures
    left (see the module's docstring); none when the marks cannot be read from points.
    ``possible`` are teams already seen first in some completion (the simulation's): they
    are not eliminated, and no flow is run for them."""
    scheme = state.scheme
    if (
        not state.remaining
        or not state.tiebreakers
        or state.tiebreakers[0] != "points"
        or not scheme.monotone
    ):
        return Marks(frozenset(), frozenset(), exact=False)
    points, left = _room(state)
    teams = [t.team for t in state.teams]
    lowest = {t: points[t] + scheme.loss * left[t] for t in teams}
    highest = {t: points[t] + scheme.win * left[t] for t in teams}
    clinched = frozenset(t for t in teams if all(lowest[t] > highest[o] for o in teams if o != t))
    exact = True
    eliminated: set[int] = set()
    for team in teams:
        if team in possible or all(highest[team] >= highest[o] for o in teams):
            continue  # a completion lets it finish first, or it can outscore everyone
        out, team_exact = _eliminated(state, team, points, left)
        exact &= team_exact
        if out:
            eliminated.add(team)
    return Marks(clinched, frozenset(eliminated), exact=exact)


def _eliminated(
    state: SeasonState, x: int, points: dict[int, int], left: dict[int, int]
) -> tuple[bool, bool]:
    """Whether ``x`` cannot share first place on points, and whether the answer is exact."""
    scheme = state.scheme
    best = points[x] + scheme.win * left[x]
    room = {
        t.team: best - points[t.team] - scheme.loss * left[t.team]
        for t in state.teams
        if t.team != x
    }
    if any(value < 0 for value in room.values()):
        return True, True
    extra_win = scheme.win - scheme.loss
    extra_draw = scheme.draw - scheme.loss
    if extra_win == 0:
        return False, True  # every result is worth the same: nobody moves
    games: dict[tuple[int, int], list[int]] = defaultdict(lambda: [0, 0])
    for fixture in state.remaining:
        if x in (fixture.home, fixture.away):
            continue
        pair = (min(fixture.home, fixture.away), max(fixture.home, fixture.away))
        games[pair][0] += 1
        games[pair][1] += fixture.can_draw
    if not games:
        return False, True
    drawable = any(drawn for _, drawn in games.values())
    # (unit of points, supply of a game that can be drawn, of one that cannot, exact)
    if not drawable:
        unit, draw_supply, win_supply, exact = extra_win, 1, 1, True
    elif extra_win == 2 * extra_draw:
        unit, draw_supply, win_supply = extra_draw, 2, 2
        exact = all(drawn == n for n, drawn in games.values())
    else:
        unit, draw_supply, win_supply = 1, min(extra_win, 2 * extra_draw), extra_win
        exact = False
    supplies = {
        pair: drawn * draw_supply + (n - drawn) * win_supply for pair, (n, drawn) in games.items()
    }
    supply = sum(supplies.values())
    if supply == 0:
        return False, exact
    flow = _maximum_flow(supplies, {team: value // unit for team, value in room.items()})
    return flow < supply, exact


def _maximum_flow(supplies: dict[tuple[int, int], int], rooms: dict[int, int]) -> int:
    """The most that can flow from a source through a node per pair of teams (``supplies``:
    what each pair's games hand out, the capacity into it and on to each of its two teams) and
    a node per team (``rooms``: its capacity on to the sink) to the sink; by Dinic's algorithm
    in scipy (compiled: about a tenth of networkx's time on these graphs, docs/benchmarks.md)."""
    index = {team: 1 + len(supplies) + i for i, team in enumerate(rooms)}
    sink = 1 + len(supplies) + len(rooms)
    tails: list[int] = []
    heads: list[int] = []
    capacities: list[int] = []
    for node, ((a, b), amount) in enumerate(supplies.items(), start=1):
        tails += [0, node, node]
        heads += [node, index[a], index[b]]
        capacities += [amount, amount, amount]
    for team, room in rooms.items():
        tails.append(index[team])
        heads.append(sink)
        capacities.append(room)
    graph = csr_array(
        (np.array(capacities, dtype=np.int32), (np.array(tails), np.array(heads))),
        shape=(sink + 1, sink + 1),
    )
    return int(maximum_flow(graph, 0, sink, method="dinic").flow_value)
