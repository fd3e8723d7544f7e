"""A coach edits the line-up in a real browser: live ratings, inline errors, saved result."""

import pytest
from playwright.sync_api import expect

from systems.rotzball.models import LineupSlot
from tests.browser.conftest import sign_in

pytestmark = pytest.mark.django_db(transaction=True)


def test_coach_swaps_a_reserve_into_the_line_up_and_sees_ratings_and_errors_live(page, team):
    reserve = team.players.exclude(lineup_slots__isnull=False).get()
    reserve.endurance = reserve.agility = reserve.strength = 90
    reserve.save()
    sign_in(page, "coach")

    page.goto(f"/leagues/teams/{team.pk}/lineup/")
    ratings = page.locator("#ratings-title + *")
    expect(ratings).to_contain_text("45")  # every player 45: attack 45
    page.select_option("#id_passer", str(reserve.pk))
    # htmx re-renders the form with the new ratings: passer 90 -> attack (45 + 45 + 2 x 90) / 4 = 67
    expect(page.locator("#lineup-form")).to_contain_text("67")

    current_coach = team.lineup_slots.get(position=LineupSlot.Position.COACH).player
    page.select_option("#id_attacker_1", str(current_coach.pk))
    page.get_by_role("button", name="Save the line-up").click()
    expect(page.locator(".field-error").first).to_contain_text(current_coach.name)
    assert (
        team.lineup_slots.get(position=LineupSlot.Position.PASSER).player != reserve
    )  # nothing saved

    attacker = team.lineup_slots.get(position=LineupSlot.Position.ATTACKER_1).player
    page.select_option("#id_attacker_1", str(attacker.pk))
    page.get_by_role("button", name="Save the line-up").click()
    # the saved answer, not the live check's re-render (which clears the error too): the
    # database is read only once the save has been answered
    expect(page.locator(".messages")).to_contain_text("The line-up is saved.")
    expect(page.locator("#lineup-form .field-error")).to_have_count(0)

    assert team.lineup_slots.get(position=LineupSlot.Position.PASSER).player == reserve
    assert page.js_errors == []


def test_another_coach_cannot_open_the_line_up_editor(page, team, other_coach):
    sign_in(page, "other_coach")

    response = page.goto(f"/leagues/teams/{team.pk}/lineup/")

    assert response.status == 403
