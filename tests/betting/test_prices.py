"""Fixed prices from the engine's chances: two decimals, within 1.01 and 1000, rounded down
so that the implied chance is never below the chance with the margin; a book of outcomes
whose chances add up to 1 is over-round by at least the margin (the 1.01 floor aside)."""

from decimal import Decimal

from hypothesis import assume, given
from hypothesis import strategies as st

from betting.models import MAX_PRICE, MIN_PRICE
from betting.odds import fixed_price

chances = st.floats(min_value=0.0005, max_value=0.999, allow_nan=False)
margins = st.integers(min_value=0, max_value=50)


@given(chances, margins)
def test_a_price_has_two_decimals_and_stays_in_range(probability, margin):
    price = fixed_price(probability, margin)
    assert price == price.quantize(Decimal("0.01"))
    assert MIN_PRICE <= price <= MAX_PRICE


@given(chances, margins)
def test_rounding_down_never_gives_more_than_the_margin_allows(probability, margin):
    price = fixed_price(probability, margin)
    if MIN_PRICE < price < MAX_PRICE:
        implied = 1 / price
        assert implied >= Decimal(str(probability)) * (1 + Decimal(margin) / 100)


@given(st.floats(min_value=0.02, max_value=0.98), margins)
def test_a_two_way_book_is_over_round_by_the_margin(home, margin):
    """Unless a heavy favourite's price is lifted to the 1.01 floor (then a little less)."""
    prices = [fixed_price(p, margin) for p in (home, 1 - home)]
    assume(MIN_PRICE not in prices)
    book = sum(1 / price for price in prices)
    assert book >= 1 + Decimal(margin) / 100 - Decimal("0.000001")


def test_the_text_book_example():
    # 43.1 % at a 5 % margin: 1 / (0.431 x 1.05) = 2.2096… -> 2.20
    assert fixed_price(0.431, 5) == Decimal("2.20")
    assert fixed_price(0.0, 5) == MAX_PRICE
    assert fixed_price(0.999, 50) == MIN_PRICE
