"""Mythril hiring and firing on PostgreSQL (tests/systems/mythril/test_hiring.py again): the
team's row lock once joined the team's Mythril row, the nullable side of an outer join, which
PostgreSQL refuses to lock; every hire failed there while SQLite, which locks nothing, passed."""

from tests.systems.mythril.conftest import (  # noqa: F401  (the game's fixtures)
    away_team,
    fixture,
    home_team,
    league,
    make_team,
    season,
)
from tests.systems.mythril.test_hiring import *  # noqa: F403  (collected again, on PostgreSQL)
