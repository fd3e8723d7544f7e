"""At 1280 px: the team record's labels are never cut mid-word, and the hurt gladiator's
location choice shows its longest option whole."""

import pytest

from tests.browser.conftest import sign_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_team_record_labels_stay_whole(page, titanos):
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(f"/leagues/teams/{titanos.pk}/")

    labels = page.locator("dl.kp-record dt")
    heights = labels.evaluate_all("(els) => els.map((e) => e.getBoundingClientRect().height)")
    overflowing = labels.evaluate_all(
        "(els) => els.filter((e) => e.scrollWidth > e.clientWidth).map((e) => e.textContent)"
    )

    assert len(heights) == 5 and len(set(heights)) == 1, heights  # each on one line
    assert overflowing == []


def test_the_coma_location_choice_is_not_cut(page, kp_fixture):
    page.set_viewport_size({"width": 1280, "height": 900})
    sign_in(page, "coach")
    page.goto(f"/matches/{kp_fixture.pk}/result/")

    select = page.locator(".kp-coma-fields select").first
    select.evaluate("(e) => { e.closest('.kp-coma-fields').style.visibility = 'visible'; }")
    widths = select.evaluate(
        "(e) => { const c = document.createElement('canvas').getContext('2d');"
        " c.font = getComputedStyle(e).font;"
        " const longest = Math.max(...[...e.options].map((o) => c.measureText(o.text).width));"
        " return [e.clientWidth, longest]; }"
    )

    assert widths[0] >= widths[1], widths
