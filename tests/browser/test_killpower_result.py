"""A Killpower result in a real browser: a coach enters it (inline errors naming the
gladiator first), the other coach confirms it, and the post-match report shows its rolls."""

import re

import pytest
from playwright.sync_api import expect

from systems.killpower.models import PostMatchRun, ResultReport
from tests.browser.conftest import sign_in

pytestmark = pytest.mark.django_db(transaction=True)


def row(page, name: str):
    return page.locator(
        "tr.kp-result-row", has=page.locator("th", has_text=re.compile(rf"^{name}$"))
    )


def test_a_coach_enters_a_result_the_other_confirms_and_the_post_match_report_appears(
    page, kp_fixture
):
    sign_in(page, "coach")
    page.goto(kp_fixture.get_absolute_url())
    page.get_by_role("button", name="Enter the result").click()  # a link drawn as a button
    page.wait_for_url(f"**/matches/{kp_fixture.pk}/result/")

    page.get_by_label("Home score").fill("2")
    page.get_by_label("Away score").fill("0")
    hurt = row(page, "Viking 3")
    coma_state = hurt.get_by_label("Coma state of Viking 3")
    expect(coma_state).to_be_hidden()  # only for a gladiator in a coma
    hurt.get_by_label("State of Viking 3 after the match").select_option("coma")
    expect(coma_state).to_be_visible()
    row(page, "Titanos 7").get_by_label("Titanos 7 played").uncheck()
    page.get_by_role("button", name="Enter the result").click()

    error = page.locator("#result-form .field-error")  # htmx swapped the form with its errors
    expect(error).to_have_count(1)
    expect(error).to_contain_text("Viking 3 is in a coma: give his state")
    expect(page.locator(".form-errors")).to_contain_text("Coma state of Viking 3")
    assert not ResultReport.objects.exists()

    row(page, "Viking 3").get_by_label("Coma state of Viking 3").fill("-13")
    page.get_by_role("button", name="Enter the result").click()
    page.wait_for_url("**/matches/reports/*/")
    expect(page.locator("main")).to_contain_text("Waiting for the other coach")
    report = ResultReport.objects.get()
    assert report.payload["away"]["comas"] == [
        {"gladiator": "Viking 3", "state": -13, "location": None}
    ]
    assert "Titanos 7" not in report.payload["home"]["played"]

    page.get_by_role("button", name="Sign out").click()
    sign_in(page, "other_coach")
    page.goto(kp_fixture.get_absolute_url())
    page.get_by_role("button", name="Review and confirm").click()
    page.get_by_role("button", name="Confirm the result").click()

    page.wait_for_url(f"**/matches/{kp_fixture.pk}/#post-match")
    post = page.locator("#post-match")
    expect(post).to_contain_text("Post-match sequence")
    expect(post).to_contain_text("Ranking points")
    expect(post).to_contain_text("Death risk: where Viking 3 was hit")
    run = PostMatchRun.objects.get(fixture=kp_fixture)
    expect(post.locator("table.dice tbody tr")).to_have_count(len(run.rolls))
    expect(page.locator(".score-line .score")).to_contain_text("2")
    assert page.js_errors == []
