"""Exports in a real browser: the league page's CSV link downloads the standings (read back
with the csv module), the result book opens from the league page and its print button prints,
under the site's Content-Security-Policy."""

import csv
import io

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.exports.conftest import full_season  # noqa: F401  (a 56-fixture season)


@pytest.mark.django_db(transaction=True)
def test_downloads_and_the_printed_result_book(page, league, full_season, settings):  # noqa: F811
    page.add_init_script("window.print = () => { window.printed = true; };")
    page.goto(reverse("league:detail", args=[league.pk]))
    downloads = page.get_by_role("navigation", name="Downloads")
    with page.expect_download() as info:
        downloads.get_by_role("link", name="CSV").first.click()
    download = info.value
    assert download.suggested_filename == "middenheim-cup-2026-standings.csv"
    with open(download.path(), encoding="utf-8-sig") as handle:
        rows = list(csv.DictReader(io.StringIO(handle.read())))
    assert len(rows) == 8 and sum(int(row["played"]) for row in rows) == 24
    site_host = settings.SITE_URL.split("//")[1]  # the live server's (tests/browser/conftest.py)
    expect(downloads.get_by_role("link", name="Subscribe to the calendar")).to_have_attribute(
        "href", f"webcal://{site_host}/leagues/{league.pk}/calendar.ics"
    )

    downloads.get_by_role("link", name="Result book").click()
    expect(page.get_by_role("heading", name="Result book — season 2026")).to_be_visible()
    expect(page.locator("section.book-round")).to_have_count(14)
    page.get_by_role("button", name="Print the result book").click()
    assert page.evaluate("window.printed") is True
    page.emulate_media(media="print")
    expect(page.get_by_role("button", name="Print the result book")).to_be_hidden()
