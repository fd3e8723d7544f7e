"""A signed-in player reads a fixture's page kept for visitors (``core.page_cache``), with their
own header spliced in, and bets from its htmx panel: the CSRF token the shared page carries is
theirs, so the bet goes through."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from betting.league_settings import settings_save
from betting.models import Bet
from core import league_versions
from core.page_cache import PageCacheMiddleware
from tests.browser.conftest import DESK, PHONE, sign_in
from tests.factories import FixtureFactory, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def shared_pages(settings, monkeypatch) -> list[str]:
    """The page cache on, and the paths of the kept pages served to a signed-in reader."""
    settings.PAGE_CACHE = True
    league_versions.forget()
    served: list[str] = []
    shared = PageCacheMiddleware._shared

    def counted(request, row):
        response = shared(request, row)
        if response is not None:
            served.append(request.path)
        return response

    monkeypatch.setattr(PageCacheMiddleware, "_shared", staticmethod(counted))
    yield served
    league_versions.forget()


@pytest.mark.parametrize("viewport", [DESK, PHONE], ids=["desk", "phone"])
def test_a_player_bets_from_a_shared_fixture_page(
    browser, live_server, page, shared_pages, league, season, team, other_team, viewport
):
    settings_save(league=league, values={"mode": "fixed"})
    fixture = FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() + timedelta(days=2)
    )
    UserFactory(username="player", first_name="Pia", last_name="Player")
    visitor = browser.new_context(base_url=live_server.url, locale="en-GB")
    visitor_page = visitor.new_page()
    # js/time_zone.js keeps the browser's zone; the betting panel's first read prices the match
    visitor_page.goto(fixture.get_absolute_url(), wait_until="networkidle")
    visitor_page.reload(wait_until="networkidle")  # kept, in that zone, for who follows
    visitor.close()

    page.set_viewport_size(viewport)
    sign_in(page, "player")
    page.goto(fixture.get_absolute_url())

    assert shared_pages == [fixture.get_absolute_url()]
    header = page.locator("header.site-header")
    if viewport is PHONE:
        header.get_by_role("button", name="Menu").click()
    expect(header.get_by_role("link", name="Pia Player")).to_be_visible()
    expect(header.get_by_role("button", name="Sign out")).to_be_visible()
    expect(header.get_by_role("link", name="Sign in")).to_have_count(0)
    expect(page.locator("footer.site-footer")).to_contain_text("API docs")  # the page is whole

    panel = page.locator("#betting-panel")
    panel.get_by_role("button", name="Open my wallet (1000 coins)").click()
    expect(panel.locator(".flash")).to_contain_text("Your wallet is open with 1000 coins.")
    panel.get_by_label(f"{team.name} win").check()
    panel.get_by_label("Stake (coins)").fill("25")
    panel.get_by_role("button", name="Place the bet").click()

    expect(panel.locator(".flash")).to_contain_text(f"Bet placed: 25 coins on {team.name} win")
    assert Bet.objects.get().stake == 25
    assert page.js_errors == []
