"""A corrected Rotzball match in a real browser: the notice of the correction (who, when, why)
shows near the score, in the first screen, before the match grid and the turn-by-turn account,
which both say they are the match as it was played; the season's result book says it too."""

from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from matches.corrections import result_correct
from matches.services import fixture_simulate
from tests.factories import FixtureFactory

pytestmark = pytest.mark.django_db(transaction=True)

AS_PLAYED = "The match as it was played, before the result was corrected."


def test_a_corrected_match_says_so_near_its_score(
    page, commissioner, league, season, team, other_team
):
    fixture = FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() + timedelta(days=2)
    )
    played = fixture_simulate(fixture_id=fixture.pk, seed=3)
    assert played is not None
    before = f"{played.home_score}–{played.away_score}"
    result_correct(
        result=played,
        home_score=played.away_score + 1,
        away_score=played.home_score + 2,
        winner="away",
        reason="The referee misread the sheet",
        by=commissioner,
    )

    page.set_viewport_size({"width": 1280, "height": 800})
    page.goto(f"/matches/{fixture.pk}/")
    score = page.locator("header.scoreboard .score")
    expect(score).to_contain_text(str(played.home_score + 2))
    notice = page.locator("header.scoreboard .correction-notice")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("Corrected result.")
    expect(notice).to_contain_text("by commissioner")
    expect(notice).to_contain_text(f"it was {before}")
    expect(notice).to_contain_text("The referee misread the sheet")
    notice_box = notice.bounding_box()
    assert notice_box is not None and notice_box["y"] + notice_box["height"] <= 800  # first screen
    for section in ("section.grid-section", "section.turns"):
        label = page.locator(f"{section} .as-played")
        expect(label).to_have_text(AS_PLAYED)
        label_box = label.bounding_box()
        assert label_box is not None and label_box["y"] > notice_box["y"]

    page.goto(f"/leagues/{league.pk}/seasons/{season.pk}/book/")
    expect(page.locator(".book-correction .correction-notice")).to_contain_text(
        "The referee misread the sheet"
    )
    assert page.js_errors == []
