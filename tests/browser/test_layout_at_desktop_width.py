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


def test_the_killpower_result_form_fits_its_box_with_the_redraw_column_in_view(page, kp_fixture):
    page.set_viewport_size({"width": 1280, "height": 800})
    sign_in(page, "coach")
    page.goto(f"/matches/{kp_fixture.pk}/result/")

    form = page.locator("form.kp-result-form")
    boxes = form.evaluate(
        "(f) => [f, ...f.querySelectorAll('.overflow-auto')]"
        ".map((e) => [e.scrollWidth, e.clientWidth])"
    )
    redraw = page.locator(".kp-result-table th", has_text="Redraw").first
    right_edge = redraw.evaluate("(e) => e.getBoundingClientRect().right")
    form_edge = form.evaluate("(f) => f.getBoundingClientRect().right")

    assert len(boxes) == 3, boxes  # the form and each side's table
    assert all(scroll <= client for scroll, client in boxes), boxes
    assert right_edge <= form_edge
