"""The header on a phone: one row with a menu button that opens the navigation; on a desktop
the links stay in the header and no menu button shows."""

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import sign_in

pytestmark = pytest.mark.django_db(transaction=True)


def header_height(page) -> float:
    return page.locator("header.site-header").evaluate("(e) => e.getBoundingClientRect().height")


def test_on_a_phone_the_header_is_one_row_and_its_menu_opens_the_links(page, coach):
    page.set_viewport_size({"width": 390, "height": 844})
    sign_in(page, "coach")
    page.goto("/leagues/")
    menu = page.get_by_role("button", name="Menu")
    links = page.locator("#nav-links")

    assert header_height(page) < 80
    expect(links).to_be_hidden()
    expect(menu).to_have_attribute("aria-expanded", "false")

    menu.focus()
    page.keyboard.press("Enter")
    expect(menu).to_have_attribute("aria-expanded", "true")
    expect(links.get_by_role("link", name="Campaigns")).to_be_visible()
    page.keyboard.press("Escape")
    expect(links).to_be_hidden()

    menu.click()
    links.get_by_role("link", name="My bets").click()
    page.wait_for_url("**/my-bets/**")
    expect(page.get_by_role("heading", level=1)).to_have_text("My bets")


def test_on_a_desktop_the_links_stay_in_the_header_without_a_menu_button(page, coach):
    page.set_viewport_size({"width": 1280, "height": 800})
    sign_in(page, "coach")
    page.goto("/leagues/")

    expect(page.get_by_role("button", name="Menu")).to_be_hidden()
    expect(page.locator("#nav-links").get_by_role("link", name="Campaigns")).to_be_visible()
    assert header_height(page) < 120
