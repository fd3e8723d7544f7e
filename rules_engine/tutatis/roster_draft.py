"""The roster a coach's counts ask for: how many players of each entry of the team's list
stand on the pitch and on the bench.

The players of an entry are kept first hired first, then new ones hired (named after the
entry and numbered: "Orc Brute 2") or the last ones fired to match; players whose entry left
the list are kept as they are. :func:`~rules_engine.tutatis.team.check_team` then judges the
result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from rules_engine.errors import InvalidInput


class Hired(Protocol):
    """A player already hired: the entry he was hired from (``None`` once it is gone)."""

    @property
    def entry_id(self) -> int | None: ...

    @property
    def name(self) -> str: ...

    @property
    def on_pitch(self) -> bool: ...


type Place[P] = tuple[P | None, int | None, str, bool]
"""One player of the roster: the hired one (``None`` for a new hire), his entry, his name and
whether he starts on the pitch."""


def free_name(base: str, taken: set[str]) -> str:
    """``"<base> <n>"`` with the first number no name in ``taken`` has; added to ``taken``."""
    number = 1
    while f"{base} {number}" in taken:
        number += 1
    name = f"{base} {number}"
    taken.add(name)
    return name


def draft_roster[P: Hired](
    entries: Mapping[int, str],
    players: Sequence[P],
    counts: Mapping[int, tuple[int, int]],
) -> tuple[list[Place[P]], list[P]]:
    """The roster ``counts`` (entry id -> (on the pitch, on the bench)) asks of a team whose
    list holds ``entries`` (id -> name, in the list's order) and who hired ``players`` (first
    hired first), and the players it fires. ``InvalidInput`` (code ``entry_not_in_list``) for
    a count of an entry not in the list."""
    if any(pk not in entries for pk in counts):
        raise InvalidInput("roster", "entry not in the team's list", code="entry_not_in_list")
    taken = {player.name for player in players}
    roster: list[Place[P]] = []
    for pk, entry_name in entries.items():
        on_pitch, bench = counts.get(pk, (0, 0))
        mine = [player for player in players if player.entry_id == pk]
        wanted = [True] * on_pitch + [False] * bench
        roster += [
            (player, pk, player.name, place) for player, place in zip(mine, wanted, strict=False)
        ]
        roster += [(None, pk, free_name(entry_name, taken), place) for place in wanted[len(mine) :]]
    gone = [player for player in players if player.entry_id not in entries]
    roster += [(player, player.entry_id, player.name, player.on_pitch) for player in gone]
    kept = {id(player) for player, *_rest in roster if player is not None}
    return roster, [player for player in players if id(player) not in kept]


def roster_counts(players: Sequence[Hired]) -> dict[int, tuple[int, int]]:
    """The counts ``players`` stand at, as :func:`draft_roster` takes them (entry id -> (on
    the pitch, on the bench)): where the roster editor starts. A player whose entry left the
    list is not counted."""
    counts: dict[int, list[int]] = {}
    for player in players:
        if player.entry_id is not None:
            slot = counts.setdefault(player.entry_id, [0, 0])
            slot[0 if player.on_pitch else 1] += 1
    return {pk: (pitch, bench) for pk, (pitch, bench) in counts.items()}
