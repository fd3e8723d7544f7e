"""A Mythril league's teams and fixture, as the game's own tests build them."""

from tests.systems.mythril.conftest import (  # noqa: F401  (fixtures, shared)
    away_team,
    fixture,
    home_team,
    league,
    make_team,
    season,
)
