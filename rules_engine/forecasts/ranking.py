"""Tables ranked as ``matches.standings.standings_rank`` ranks them, for many completed seasons
at once: one row per simulation, one column per team.

The tie-breakers apply in the league's order; ``head_to_head`` counts, for each team, the points
it took off the teams level with it on every tie-breaker before ``head_to_head`` (the
standings' mini-table); teams level on every tie-breaker keep the order they were given in
(the table's: by name).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np
import numpy.typing as npt

Ints = npt.NDArray[np.int64]
SmallInts = npt.NDArray[np.int32]


def positions(
    values: Mapping[str, Ints],
    tiebreakers: Sequence[str],
    head_to_head: SmallInts | None = None,
) -> Ints:
    """Each team's place (0 first) in each simulation. ``values`` holds an ``N × T`` array per
    tie-breaker other than ``head_to_head``; ``head_to_head`` is ``N × T × T``, the points team
    ``i`` took off team ``j`` (needed when the league breaks ties by it)."""
    first = next(iter(values.values())) if values else None
    if first is None and head_to_head is None:
        raise ValueError("nothing to rank by")
    shape = first.shape if first is not None else head_to_head.shape[:2]  # type: ignore[union-attr]
    n, t = shape
    keys: list[Ints] = []
    before: list[Ints] = []
    for key in tiebreakers:
        if key == "head_to_head":
            if head_to_head is None:
                raise ValueError("head_to_head needs the head-to-head points")
            level = np.ones((n, t, t), dtype=bool)
            for value in before:
                level &= value[:, :, None] == value[:, None, :]
            keys.append(np.where(level, head_to_head, 0).sum(axis=2, dtype=np.int64))
        else:
            keys.append(values[key])
        before.append(keys[-1])
    order_given = np.broadcast_to(np.arange(t, dtype=np.int64), (n, t))
    # lexsort: the last key is the primary one; every metric ranks the higher first
    stacked = [order_given, *(-key for key in reversed(keys))]
    order = np.lexsort(stacked, axis=-1)
    places = np.empty((n, t), dtype=np.int64)
    np.put_along_axis(places, order, np.broadcast_to(np.arange(t, dtype=np.int64), (n, t)), axis=1)
    return places
