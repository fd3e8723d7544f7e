"""The API suite's fixtures (throttles reset, other personas) for the Rotzball endpoints."""

from tests.api.conftest import _fresh_throttles, client_for, other_commissioner, other_league  # noqa: F401
