"""Mythril hiring, firing and level-ups on PostgreSQL (test_hiring and test_post_match again): the
team's row lock once joined the team's Mythril row, the nullable side of an outer join, which
PostgreSQL refuses to lock; every hire failed there while SQLite, which locks nothing, passed.
A level-up's player lock joined its position and champion the same way."""

from tests.systems.mythril.conftest import (  # noqa: F401  (the game's fixtures)
    away_team,
    fixture,
    home_team,
    league,
    make_team,
    season,
)
from tests.systems.mythril.test_hiring import *  # noqa: F403  (collected again, on PostgreSQL)
from tests.systems.mythril.test_post_match import *  # noqa: F403  (level-ups lock a player)
