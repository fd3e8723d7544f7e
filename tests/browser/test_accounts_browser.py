"""Accounts in a real browser: signing up from the navigation, verifying the email address
through the emailed link, resetting a forgotten password, closing the account. The ``page``
fixture fails any test whose pages broke the Content-Security-Policy."""

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from playwright.sync_api import expect

from tests.browser.conftest import sign_in
from tests.factories import PASSWORD, UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

STRONG = "a-long-Password-9c"


def _link_in(message) -> str:
    """The path of the one link in an email the site sent."""
    return re.search(r"https?://[^/\s]+(/\S+)", message.body).group(1)


def _fill_sign_up(page, username: str, email: str) -> None:
    page.goto("/")
    page.locator("nav").get_by_role("link", name="Sign up").click()
    expect(page.get_by_role("heading", name="Sign up")).to_be_visible()
    page.get_by_label("Username").fill(username)
    page.get_by_label("Email").fill(email)
    page.get_by_label("Password", exact=True).fill(STRONG)
    page.get_by_label(re.compile(r"Password \(again\)")).fill(STRONG)
    page.get_by_role("button", name="Create my account").click()


def _submit_sign_in(page, username: str, password: str) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    with page.expect_navigation():  # the answer to the form, whatever it is
        page.locator("main form button[type=submit]").click()


def _signed_in_as(page, username: str):
    return page.locator("nav").get_by_role("link", name=username)


def test_a_newcomer_signs_up_from_the_nav_and_lands_on_the_welcome_page(page, settings):
    settings.ACCOUNT_EMAIL_VERIFICATION = "none"

    _fill_sign_up(page, "newcomer", "newcomer@example.org")

    page.wait_for_url("**/accounts/welcome/")
    expect(page.get_by_role("heading", name="Welcome, newcomer")).to_be_visible()
    expect(page.get_by_role("link", name="Create a league")).to_be_visible()
    expect(page.get_by_role("link", name="Follow a league")).to_be_visible()
    expect(_signed_in_as(page, "newcomer")).to_be_visible()
    assert User.objects.get(username="newcomer").email == "newcomer@example.org"


def test_with_verification_required_the_emailed_link_lets_the_newcomer_sign_in(page, settings):
    settings.ACCOUNT_EMAIL_VERIFICATION = "mandatory"

    _fill_sign_up(page, "newcomer", "newcomer@example.org")

    expect(page.locator("main")).to_contain_text("newcomer@example.org")  # "we sent a link"
    assert [message.to for message in mail.outbox] == [["newcomer@example.org"]]
    _submit_sign_in(page, "newcomer", STRONG)
    expect(_signed_in_as(page, "newcomer")).to_have_count(0)  # not before the link
    expect(page.locator("main")).to_contain_text(re.compile("verif", re.IGNORECASE))

    page.goto(_link_in(mail.outbox[-1]))
    page.locator("main form button[type=submit]").click()
    _submit_sign_in(page, "newcomer", STRONG)

    expect(_signed_in_as(page, "newcomer")).to_be_visible()
    assert User.objects.get(username="newcomer").emailaddress_set.get().verified


def test_a_forgotten_password_is_reset_through_the_emailed_link(page):
    UserFactory(username="forgetful", email="forgetful@example.org")

    page.goto("/accounts/login/")
    page.locator("main").get_by_role("link", name="Forgot your password?").click()
    page.get_by_label(re.compile("email", re.IGNORECASE)).fill("forgetful@example.org")
    page.locator("main form button[type=submit]").click()
    expect(page.locator("main")).to_contain_text(re.compile("sent", re.IGNORECASE))
    assert [message.to for message in mail.outbox] == [["forgetful@example.org"]]

    page.goto(_link_in(mail.outbox[0]))
    page.get_by_label(re.compile(r"^New password:?$", re.IGNORECASE)).fill(STRONG)
    page.get_by_label(re.compile(r"again", re.IGNORECASE)).fill(STRONG)
    page.get_by_role("button", name="Change Password").click()
    expect(page.locator("main")).to_contain_text(re.compile("changed", re.IGNORECASE))

    _submit_sign_in(page, "forgetful", PASSWORD)  # the old password no longer opens it
    expect(_signed_in_as(page, "forgetful")).to_have_count(0)
    _submit_sign_in(page, "forgetful", STRONG)
    expect(_signed_in_as(page, "forgetful")).to_be_visible()


def test_closing_the_account_signs_out_and_the_password_no_longer_opens_it(page):
    leaving = UserFactory(username="leaving", email="leaving@example.org")
    sign_in(page, "leaving")

    _signed_in_as(page, "leaving").click()
    page.locator("main").get_by_role("link", name="Close my account").click()
    page.get_by_label("Your password").fill(PASSWORD)
    page.get_by_label("I understand that this cannot be undone.").check()
    page.locator("main form").get_by_role("button", name="Close my account").click()

    expect(page.locator("nav").get_by_role("link", name="Sign in")).to_be_visible()
    expect(_signed_in_as(page, "leaving")).to_have_count(0)
    _submit_sign_in(page, "leaving", PASSWORD)
    expect(page.locator("main form")).to_be_visible()  # the form again, with its error
    expect(page.locator("nav").get_by_role("link", name="Sign in")).to_be_visible()
    leaving.refresh_from_db()
    assert not leaving.is_active
    assert leaving.email == ""
