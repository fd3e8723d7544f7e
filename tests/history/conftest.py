"""The betting personas (``tests/betting/conftest.py``): a fixed-odds league, a fixture open
for bets, punters and their wallet."""

from tests.betting.conftest import (  # noqa: F401  (fixtures, shared)
    fixed_league,
    open_fixture,
    other_punter,
    place,
    punter,
    wallet,
)
