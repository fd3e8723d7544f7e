"""Single-elimination brackets for tournament mode (13.2): pure functions, no state.

Entrants come in seed order (the first is seed 1). The bracket has the next power of two
places; the empty places are byes, which go to the top seeds, and seeds are placed the usual
way so that seeds 1 and 2 can only meet in the final (8 places: 1-8, 4-5, 2-7, 3-6).
The higher-placed slot of a match is ``home``. A bye's entrant is written straight into the
next round (its slot still names the bye match in ``winner_of``).

>>> [(m.home.seed, m.away.seed if m.away else None) for m in single_elimination("ABCDE").rounds[0]]
[(1, None), (4, 5), (2, None), (3, None)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules_engine.errors import InvalidInput
from rules_engine.tournaments.seeding import seed_order

Entrant = str | int


@dataclass(frozen=True, slots=True)
class Slot:
    """A place in a match: a known entrant (with its seed), or the winner of an earlier match."""

    entrant: Entrant | None = None
    seed: int | None = None
    winner_of: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"entrant": self.entrant, "seed": self.seed, "winner_of": self.winner_of}


@dataclass(frozen=True, slots=True)
class BracketMatch:
    id: str  # "R1M1": round 1, match 1
    round: int
    home: Slot
    away: Slot | None  # None: a bye, ``home`` goes through

    @property
    def bye(self) -> bool:
        return self.away is None

    @property
    def ready(self) -> bool:
        """Both entrants are known and the match is to be played."""
        return self.away is not None and None not in (self.home.entrant, self.away.entrant)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "round": self.round,
            "home": self.home.to_dict(),
            "away": self.away.to_dict() if self.away else None,
            "bye": self.bye,
        }


@dataclass(frozen=True, slots=True)
class Bracket:
    size: int
    rounds: tuple[tuple[BracketMatch, ...], ...]

    def to_dict(self) -> dict[str, Any]:
        return {"size": self.size, "rounds": [[m.to_dict() for m in r] for r in self.rounds]}


def single_elimination(entrants: Sequence[Entrant]) -> Bracket:
    """The whole bracket for ``entrants`` in seed order."""
    if len(entrants) < 2:
        raise InvalidInput("entrants", "a bracket needs at least two entrants")
    for i, entrant in enumerate(entrants):
        if isinstance(entrant, bool) or not isinstance(entrant, str | int):
            raise InvalidInput(f"entrants.{i}", "must be a string or an integer")
        if entrant in entrants[:i]:
            raise InvalidInput(f"entrants.{i}", f"{entrant!r} is listed twice")
    size = 1
    while size < len(entrants):
        size *= 2
    order = seed_order(size)

    def seeded(seed: int) -> Slot | None:
        return Slot(entrants[seed - 1], seed) if seed <= len(entrants) else None

    first: list[BracketMatch] = []
    for number, (top, bottom) in enumerate(zip(order[::2], order[1::2], strict=True), start=1):
        home = seeded(top)
        assert home is not None  # the top seed of a pair is always an entrant
        first.append(BracketMatch(f"R1M{number}", 1, home, seeded(bottom)))
    rounds = [tuple(first)]
    while len(rounds[-1]) > 1:
        previous, number = rounds[-1], len(rounds) + 1
        rounds.append(
            tuple(
                BracketMatch(f"R{number}M{i + 1}", number, _feed(upper), _feed(lower))
                for i, (upper, lower) in enumerate(zip(previous[::2], previous[1::2], strict=True))
            )
        )
    return Bracket(size, tuple(rounds))


def _feed(match: BracketMatch) -> Slot:
    if match.bye:
        return Slot(match.home.entrant, match.home.seed, match.id)
    return Slot(winner_of=match.id)


def advance(bracket: Bracket, winners: Mapping[str, Entrant]) -> Bracket:
    """``bracket`` with the winners of played matches written into the next rounds.

    ``winners`` maps match ids to the entrant that won; each must be one of that match's two
    known entrants.
    """
    known: dict[str, Slot] = {}
    rounds: list[tuple[BracketMatch, ...]] = []
    for matches in bracket.rounds:
        resolved = []
        for match in matches:
            home, away = _fill(match.home, known), match.away and _fill(match.away, known)
            match = replace(match, home=home, away=away)
            if match.id in winners:
                winner = winners[match.id]
                slots = [s for s in (home, away) if s is not None and s.entrant == winner]
                if not match.ready or not slots:
                    raise InvalidInput(
                        f"winners.{match.id}", f"{winner!r} does not play this match"
                    )
                known[match.id] = slots[0]
            resolved.append(match)
        rounds.append(tuple(resolved))
    for match_id in winners:
        if not any(m.id == match_id for r in bracket.rounds for m in r):
            raise InvalidInput(f"winners.{match_id}", "is not a match of this bracket")
    return Bracket(bracket.size, tuple(rounds))


def _fill(slot: Slot, known: Mapping[str, Slot]) -> Slot:
    if slot.winner_of is not None and slot.winner_of in known:
        winner = known[slot.winner_of]
        return Slot(winner.entrant, winner.seed, slot.winner_of)
    return slot
