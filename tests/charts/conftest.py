"""The betting personas (a fixed-odds Rotzball league, its punters and an open fixture)."""

from tests.betting.conftest import (  # noqa: F401  (fixtures shared with the betting tests)
    fixed_league,
    open_fixture,
    other_punter,
    place,
    punter,
    wallet,
)
