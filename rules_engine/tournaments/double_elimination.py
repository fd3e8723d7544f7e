"""Double elimination: a winners' bracket, a losers' bracket and a grand final, with the
bracket reset as an option. Pure functions, no state.

Entrants come in seed order and take the places of a single-elimination bracket (the next
power of two, ``2^k``; the empty places are byes for the top seeds, seeds 1 and 2 apart until
the final). The losers' bracket has ``2(k - 1)`` rounds: its odd rounds pair the survivors
among themselves (its first, the losers of the winners' first round), its even rounds meet
the losers dropping from the winners' round above, fed in reverse order every other time so
that two players from one half meet again as late as possible. The grand final sets the
winners' champion against the losers'; with ``reset``, a win of the losers' champion forces a
second final, since both then have one loss.

A slot holds the winner or the loser of an earlier match; a match whose one side is known to
be empty (a bye, or the loser of a bye) is a walkover for the other; a match with both sides
empty has neither winner nor loser.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Literal

from rules_engine.errors import InvalidInput
from rules_engine.tournaments.seeding import seed_order

Outcome = Literal["winner", "loser"]
EMPTY = ""  # an entrant that does not exist: a bye


@dataclass(frozen=True, slots=True)
class Source:
    """Where a slot's entrant comes from: a seed, or the winner or loser of a match."""

    seed: int | None = None
    match: str | None = None
    outcome: Outcome = "winner"


@dataclass(frozen=True, slots=True)
class Match:
    id: str  # "W2.1": winners' round 2, match 1; "L3.2"; "GF1", "GF2"
    bracket: Literal["winners", "losers", "final"]
    round: int
    home: Source
    away: Source


@dataclass(frozen=True, slots=True)
class Played:
    """A match with its entrants known so far (``None`` unknown yet, ``EMPTY`` a bye)."""

    match: Match
    home: str | None
    away: str | None
    winner: str | None
    loser: str | None
    needed: bool = True  # False: the reset final, when the winners' champion took the first


def bracket(entrants: int, *, reset: bool = True) -> list[Match]:
    """Every match of a double-elimination bracket for ``entrants`` seeds, each listed after
    the matches it takes its entrants from."""
    if entrants < 2:
        raise InvalidInput("entrants", "a bracket needs at least two entrants")
    size, rounds = 2, 1
    while size < entrants:
        size, rounds = size * 2, rounds + 1
    order = seed_order(size)
    matches: list[Match] = []
    winners: list[list[str]] = []
    first = []
    for number, (top, bottom) in enumerate(zip(order[::2], order[1::2], strict=True), 1):
        first.append(Match(f"W1.{number}", "winners", 1, Source(seed=top), Source(seed=bottom)))
    winners.append([m.id for m in first])
    matches.extend(first)
    for r in range(2, rounds + 1):
        above = winners[-1]
        row = [
            Match(
                f"W{r}.{i + 1}",
                "winners",
                r,
                Source(match=above[2 * i]),
                Source(match=above[2 * i + 1]),
            )
            for i in range(len(above) // 2)
        ]
        winners.append([m.id for m in row])
        matches.extend(row)

    def lost(match_id: str) -> Source:
        return Source(match=match_id, outcome="loser")

    # the losers' bracket
    survivors: list[Source] = [lost(m) for m in winners[0]]
    for j in range(1, rounds):
        # an odd round: survivors among themselves
        odd = 2 * j - 1
        row = [
            Match(f"L{odd}.{i + 1}", "losers", odd, survivors[2 * i], survivors[2 * i + 1])
            for i in range(len(survivors) // 2)
        ]
        matches.extend(row)
        dropping = [lost(m) for m in winners[j]]
        if j % 2 == 1:
            dropping.reverse()
        even = 2 * j
        row = [
            Match(f"L{even}.{i + 1}", "losers", even, Source(match=m.id), dropping[i])
            for i, m in enumerate(row)
        ]
        matches.extend(row)
        survivors = [Source(match=m.id) for m in row]
    losers_champion = survivors[0]
    winners_champion = Source(match=winners[-1][0])
    matches.append(Match("GF1", "final", 1, winners_champion, losers_champion))
    if reset:
        matches.append(Match("GF2", "final", 2, Source(match="GF1"), lost("GF1")))
    return matches


def play(
    entrants: Sequence[str], matches: Sequence[Match], results: Mapping[str, str]
) -> list[Played]:
    """``matches`` with the entrants (in seed order) placed and ``results`` (match id ->
    winner) applied; walkovers resolve themselves. A result must name one of the match's two
    known entrants."""
    ids = {m.id for m in matches}
    for match_id in results:
        if match_id not in ids:
            raise InvalidInput(f"results.{match_id}", "is not a match of this bracket")
    out: dict[str, tuple[str | None, str | None]] = {}
    played: list[Played] = []

    def entrant(source: Source) -> str | None:
        if source.seed is not None:
            return entrants[source.seed - 1] if source.seed <= len(entrants) else EMPTY
        assert source.match is not None
        winner, loser = out[source.match]
        return winner if source.outcome == "winner" else loser

    for match in matches:
        home, away = entrant(match.home), entrant(match.away)
        needed = True
        if match.id == "GF2":
            first = out["GF1"][0]
            gf1 = next(p for p in played if p.match.id == "GF1")
            needed = first is None or first != gf1.home  # the losers' champion won the first
            if not needed:
                out[match.id] = (first, gf1.away)
                played.append(Played(match, home, away, first, gf1.away, needed=False))
                continue
        winner: str | None = None
        loser: str | None = None
        if home == EMPTY or away == EMPTY:
            winner, loser = (away, home) if home == EMPTY else (home, away)
        elif match.id in results:
            chosen = results[match.id]
            if home is None or away is None or chosen not in (home, away):
                raise InvalidInput(f"results.{match.id}", f"{chosen!r} does not play this match")
            winner, loser = chosen, away if chosen == home else home
        out[match.id] = (winner, loser)
        played.append(Played(match, home, away, winner, loser, needed))
    return played


def champion(played: Sequence[Played]) -> str | None:
    """The tournament's winner, once the last needed final is played."""
    finals = [p for p in played if p.match.bracket == "final"]
    return finals[-1].winner
