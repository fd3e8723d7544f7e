"""In a real browser: an API token created on the account page shows its secret once; a
Killpower coach renames a gladiator from the team page."""

import pytest
from knox.models import AuthToken
from playwright.sync_api import expect

from systems.killpower.models import Gladiator
from tests.browser.conftest import sign_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_token_is_created_and_its_secret_shown_once(page, coach):
    sign_in(page, coach.username)
    page.goto("/accounts/")

    page.get_by_label("Expires in (days)").fill("3")
    page.get_by_role("button", name="Create an API token").click()

    shown = page.locator("#new-token")
    expect(shown).to_contain_text("it will not be shown again")
    secret = shown.locator("code").inner_text()
    token = AuthToken.objects.get(user=coach)
    assert secret.startswith(token.token_key)
    page.goto("/accounts/")
    expect(page.locator("#new-token")).to_have_count(0)
    expect(page.get_by_text(f"{token.token_key}…")).to_be_visible()


def test_the_coach_renames_a_gladiator_from_the_team_page(page, coach, titanos):
    sign_in(page, coach.username)
    page.goto(titanos.get_absolute_url())

    page.get_by_role("link", name="Rename Titanos 1").click()
    page.get_by_label("New name").fill("Spartacus")
    page.get_by_role("button", name="Rename").click()

    expect(page.get_by_text("Titanos 1 is now Spartacus.")).to_be_visible()
    table = page.locator("table.kp-gladiators")
    expect(table.get_by_role("link", name="Spartacus", exact=True)).to_be_visible()
    assert Gladiator.objects.filter(team=titanos, name="Spartacus").exists()
