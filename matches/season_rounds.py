"""A season's rounds at a glance, and the one round a page shows.

The league page and the betting page show one round's fixtures at a time; this module sums up
every round from a light index of the fixtures (id, round, kick-off, status: no teams, no
results) and chooses the round to show from the ``?season=S&round=N`` a visitor asked for."""

from dataclasses import dataclass
from datetime import datetime
from itertools import groupby

from django.utils.translation import gettext as _

from matches.models import Fixture

UNRESOLVED = frozenset({Fixture.Status.SCHEDULED, Fixture.Status.LOCKED})

type IndexRow = tuple[int, int, datetime, str]
"""One fixture of the season's index: id, round, kick-off, status."""


@dataclass
class RoundSummary:
    number: int
    kickoff: datetime
    fixtures: int
    unresolved: int
    season_id: int | None = None
    current: bool = False
    """The first round with something left to play."""

    @property
    def played(self) -> bool:
        return self.unresolved == 0


def round_summaries(index: list[IndexRow], *, season_id: int | None = None) -> list[RoundSummary]:
    """Every round of the index (one season's fixtures in round order), the first with
    something left to play marked ``current``."""
    rounds = []
    for number, group in groupby(index, key=lambda row: row[1]):
        rows = list(group)
        rounds.append(
            RoundSummary(
                number=number,
                kickoff=min(row[2] for row in rows),
                fixtures=len(rows),
                unresolved=sum(row[3] in UNRESOLVED for row in rows),
                season_id=season_id,
            )
        )
    current = next((r for r in rounds if r.unresolved), None)
    if current is not None:
        current.current = True
    return rounds


def default_round(rounds: list[RoundSummary]) -> RoundSummary | None:
    """The next round to play; the last one once every round is played."""
    return next((r for r in rounds if r.current), rounds[-1] if rounds else None)


@dataclass
class RoundChoice:
    shown: RoundSummary | None
    previous: RoundSummary | None
    next: RoundSummary | None
    problem: str = ""
    """Why the round asked for is not the one shown (empty when it is)."""


def round_choose(
    rounds: list[RoundSummary], wanted: str | None, *, season: str | None = None
) -> RoundChoice:
    """The round ``wanted`` (the ``?round=`` value; the default round when absent), of the
    season ``season`` when the rounds are of several seasons and it names one of them, with its
    neighbours. A value that is no round shows the default round and says why."""
    shown, problem = default_round(rounds), ""
    if wanted not in (None, ""):
        by_number: dict[int, RoundSummary] = {}
        for r in rounds:
            if str(r.season_id) == season or r.number not in by_number:
                by_number[r.number] = r
        try:
            number = int(wanted)
        except ValueError:
            number = None
        if number in by_number:
            shown = by_number[number]
        elif number is None:
            problem = _("“%(value)s” is not a round number.") % {"value": wanted[:20]}
        elif rounds:
            problem = _("There is no round %(number)s here: the rounds are %(first)s to "
                        "%(last)s.") % {"number": number, "first": min(by_number),
                                         "last": max(by_number)}  # fmt: skip
        else:
            problem = _("There is no round to show.")
    if shown is None:
        return RoundChoice(None, None, None, problem)
    position = rounds.index(shown)
    return RoundChoice(
        shown=shown,
        previous=rounds[position - 1] if position > 0 else None,
        next=rounds[position + 1] if position + 1 < len(rounds) else None,
        problem=problem,
    )


def latest_played(index: list[IndexRow], count: int) -> list[int]:
    """The ids of the ``count`` fixtures played last (by kick-off, then id)."""
    played = [row for row in index if row[3] == Fixture.Status.PLAYED]
    played.sort(key=lambda row: (row[2], row[0]), reverse=True)
    return [row[0] for row in played[:count]]
