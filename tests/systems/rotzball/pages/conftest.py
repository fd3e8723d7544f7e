"""The page suite's fixtures (a signed-in browser, fixtures played and scheduled)."""

from tests.pages.conftest import browser, played_fixture, scheduled_fixture  # noqa: F401
