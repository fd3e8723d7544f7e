"""Odds: the engine's chances stored per fixture, fixed prices with the league's margin, and a
pool's current estimate.

Chances come from the fixture's game (``betting.plugins.odds``: its engine's for a simulated
game, the teams' ratings for a game played at the table), computed by a worker when the
fixture is scheduled, a line-up changes or the league's ratings change, and on demand when
none are stored yet.
Prices are ``Decimal`` with two places: floats stop at the chances.
"""

from dataclasses import dataclass
from decimal import ROUND_DOWN, Decimal
from typing import Any

from django.db.models import Sum
from django.utils import timezone

from betting import plugins
from betting.models import MAX_PRICE, MIN_PRICE, Bet, BettingSettings, FixtureOdds
from core.enqueue import enqueue_on_commit
from league.models import League
from matches import plugins as match_plugins
from matches.models import Fixture
from ratings.draw_fits import draw_fit_refresh

CENT = Decimal("0.01")


def outcomes_of(fixture: Fixture) -> tuple[str, ...]:
    """What ``fixture`` can end in (``matches.plugins.outcomes``): the markets offered."""
    return match_plugins.outcomes_of(fixture)


def fixed_price(probability: float, margin_percent: int) -> Decimal:
    """``1 / (p × (1 + margin))`` rounded down to the cent, between 1.01 and 1000.

    Every outcome's implied chance grows by the same factor, so the book's implied chances
    add up to about 100 % plus the margin (a little more, from rounding down).
    """
    chance = Decimal(str(probability)) * (1 + Decimal(margin_percent) / 100)
    if chance <= 0:
        return MAX_PRICE
    price = (1 / chance).quantize(CENT, rounding=ROUND_DOWN)
    return max(MIN_PRICE, min(MAX_PRICE, price))


def odds_refresh(*, fixture: Fixture) -> FixtureOdds | None:
    """Compute and store the fixture's chances; ``None`` when the game cannot price it yet."""
    rule_system = fixture.season.league.rule_system
    computed = plugins.odds.of(rule_system).odds(fixture)
    if computed is None:
        FixtureOdds.objects.filter(fixture=fixture).delete()
        return None
    stored, _created = FixtureOdds.objects.update_or_create(
        fixture=fixture,
        defaults={"method": computed["method"], "probabilities": computed["probabilities"]},
    )
    return stored


def league_ratings_changed(*, league_id: int) -> int:
    """The league's team ratings changed: for a game played at the table, fit its draw model
    again and, when it bets at fixed odds, price every fixture still to play again (a task
    each, sent after commit). A game whose engine prices its fixtures is left alone. Returns
    the number of fixtures sent to be priced. Bets already placed keep their price."""
    league = League.objects.filter(pk=league_id).first()
    if league is None or plugins.odds.implements(league.rule_system):
        return 0
    draw_fit_refresh(league=league)
    fixed = BettingSettings.objects.filter(league=league, mode=BettingSettings.Mode.FIXED)
    if not fixed.exists():
        return 0
    upcoming = Fixture.objects.filter(season__league=league, status=Fixture.Status.SCHEDULED)
    fixture_ids = list(upcoming.values_list("pk", flat=True))
    for fixture_id in fixture_ids:
        enqueue_on_commit("betting.tasks.odds_refresh_task", fixture_id)
    return len(fixture_ids)


def stored_or_computed(fixture: Fixture) -> FixtureOdds | None:
    try:
        return fixture.odds
    except FixtureOdds.DoesNotExist:
        return odds_refresh(fixture=fixture)


@dataclass(frozen=True)
class Quote:
    """What a fixture's market offers now."""

    market: str
    method: str
    computed_at: Any
    outcomes: dict[str, dict[str, Any]]

    def price(self, outcome: str) -> Decimal | None:
        value = self.outcomes.get(outcome, {}).get("price")
        return Decimal(value) if value is not None else None


def pool_totals(fixture: Fixture) -> dict[str, int]:
    return pool_totals_by_fixture([fixture.pk]).get(fixture.pk, {})


def pool_totals_by_fixture(fixture_ids: list[int]) -> dict[int, dict[str, int]]:
    """The open stakes on each outcome of each fixture, in one query (a page of markets)."""
    rows = (
        Bet.objects.filter(fixture_id__in=fixture_ids, status=Bet.Status.OPEN)
        .values("fixture_id", "outcome")
        .annotate(total=Sum("stake"))
        .order_by()
    )
    totals: dict[int, dict[str, int]] = {}
    for row in rows:
        totals.setdefault(row["fixture_id"], {})[row["outcome"]] = row["total"]
    return totals


def _fixed_line(chance: float, margin_percent: int) -> dict[str, Any]:
    """An outcome at fixed odds: its chance and price, none for no chance (not offered)."""
    price = str(fixed_price(chance, margin_percent)) if chance > 0 else None
    return {"probability": chance, "price": price}


def quote(
    fixture: Fixture, settings: BettingSettings, *, totals: dict[str, int] | None = None
) -> Quote | None:
    """The market of ``fixture`` under ``settings``; ``None`` when no price can be made yet
    (fixed odds whose line-ups cannot play). At fixed odds an outcome with no chance has no
    price: it is not offered (not priced at the 1000 cap). A pool's ``totals`` may come read
    already (:func:`pool_totals_by_fixture`), else they are read here."""
    outcomes = outcomes_of(fixture)
    if settings.mode == BettingSettings.Mode.FIXED:
        stored = stored_or_computed(fixture)
        if stored is None:
            return None
        chances = stored.probabilities
        return Quote(
            market="fixed",
            method=stored.method,
            computed_at=stored.computed_at,
            outcomes={
                name: _fixed_line(chances.get(name, 0.0), settings.margin_percent)
                for name in outcomes
            },
        )
    if totals is None:
        totals = pool_totals(fixture)
    pool = sum(totals.values())
    paid = pool - pool * settings.house_cut_percent // 100
    return Quote(
        market="pool",
        method="pool",
        computed_at=timezone.now(),
        outcomes={
            name: {
                "pool": totals.get(name, 0),
                "price": (
                    str((Decimal(paid) / totals[name]).quantize(CENT, rounding=ROUND_DOWN))
                    if totals.get(name)
                    else None
                ),
            }
            for name in outcomes
        },
    )
