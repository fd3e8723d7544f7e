"""The boundary-value property test of every write endpoint, on PostgreSQL: it refuses what
SQLite lets through (a NUL character in text, numbers beyond its integer columns)."""

from tests.api.test_boundary_values import *  # noqa: F403  (the test and its fixtures)
