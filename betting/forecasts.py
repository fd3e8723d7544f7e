"""The engine's stored chances (``FixtureOdds``) against what happened: one played fixture's
outcomes, and a league's calibration (outcomes grouped by the chance they were given, and how
often they happened). Reads only."""

from dataclasses import dataclass

from betting.forms import outcome_label
from betting.models import FixtureOdds
from betting.odds import outcomes_of
from league.models import League
from matches.models import Fixture, Result

BUCKETS = 10  # 0-10 %, 10-20 %, … 90-100 %


def odds_against_result(fixture: Fixture) -> list[dict]:
    """Per outcome of a played fixture with stored odds: its ``label``, the chance given
    (``percent``) and whether it ``happened``; empty otherwise. ``fixture`` comes with its
    teams and odds loaded (``pages_selectors.fixture_get``); one query for its result."""
    if fixture.status != Fixture.Status.PLAYED:
        return []
    try:
        probabilities = fixture.odds.probabilities
    except FixtureOdds.DoesNotExist:
        return []
    winner = Result.objects.filter(fixture=fixture).values_list("winner", flat=True).first()
    if winner is None:
        return []
    # in the game's order of outcomes (home first): PostgreSQL's jsonb keeps a document's
    # keys in its own order, not in the order they were written
    order = {code: index for index, code in enumerate(outcomes_of(fixture))}
    return [
        {
            "code": code,
            "label": outcome_label(code, fixture),
            "percent": round(100 * float(chance), 1),
            "happened": code == winner,
        }
        for code, chance in sorted(
            probabilities.items(), key=lambda item: order.get(item[0], len(order))
        )
    ]


@dataclass(frozen=True)
class Bucket:
    low: int  # percent, inclusive
    high: int  # percent, exclusive (inclusive for the last)
    outcomes: int
    happened: int
    mean_chance: float  # percent

    @property
    def observed(self) -> float:
        """How often the outcomes of this bucket happened, in percent."""
        return round(100 * self.happened / self.outcomes, 1) if self.outcomes else 0.0


def calibration(league: League) -> tuple[int, list[Bucket]]:
    """The league's played fixtures with stored odds (how many) and, per chance bucket with
    at least one outcome, how often its outcomes happened. One query."""
    rows = FixtureOdds.objects.filter(
        fixture__season__league=league, fixture__status=Fixture.Status.PLAYED
    ).values_list("probabilities", "fixture__result__winner")
    counts = [[0, 0, 0.0] for _bucket in range(BUCKETS)]
    fixtures = 0
    for probabilities, winner in rows:
        if winner is None:
            continue
        fixtures += 1
        for code, chance in probabilities.items():
            index = min(int(float(chance) * BUCKETS), BUCKETS - 1)
            counts[index][0] += 1
            counts[index][1] += code == winner
            counts[index][2] += 100 * float(chance)
    step = 100 // BUCKETS
    buckets = [
        Bucket(
            low=index * step,
            high=(index + 1) * step,
            outcomes=outcomes,
            happened=happened,
            mean_chance=round(total / outcomes, 1),
        )
        for index, (outcomes, happened, total) in enumerate(counts)
        if outcomes
    ]
    return fixtures, buckets
