"""The corrections on the fixture pages: the commissioner's buttons and forms (errors on the
field, a confirmation), the history and the flags shown, on every game's page; an awarded
fixture's page drawn in every game."""

from datetime import timedelta

import pytest
from bs4 import BeautifulSoup
from django.utils import timezone

from league.services import league_create
from matches.corrections import fixture_award, result_correct
from matches.models import Result, ResultCorrection
from tests.factories import FixtureFactory, TeamFactory

pytestmark = pytest.mark.django_db


def page(client, fixture):
    response = client.get(f"/matches/{fixture.pk}/")
    assert response.status_code == 200
    return BeautifulSoup(response.content, "html.parser")


def test_the_commissioner_corrects_through_the_form(client, commissioner, played, fixture):
    client.force_login(commissioner)
    soup = page(client, fixture)
    assert soup.find("a", href=f"/matches/{fixture.pk}/correct/")
    assert soup.find("a", href=f"/matches/{fixture.pk}/void/")

    refused = client.post(
        f"/matches/{fixture.pk}/correct/",
        {"home_score": 0, "away_score": 2, "winner": "home", "reason": "Misread"},
    )
    form = BeautifulSoup(refused.content, "html.parser")
    assert form.select_one("#field-confirm .field-error")  # the confirmation is asked
    assert not ResultCorrection.objects.exists()

    wrong = client.post(
        f"/matches/{fixture.pk}/correct/",
        {"home_score": 0, "away_score": 2, "winner": "home", "reason": "Misread", "confirm": "on"},
    )
    assert BeautifulSoup(wrong.content, "html.parser").select_one("#field-winner .field-error")
    assert not ResultCorrection.objects.exists()

    done = client.post(
        f"/matches/{fixture.pk}/correct/",
        {"home_score": 0, "away_score": 2, "winner": "away", "reason": "Misread", "confirm": "on"},
    )
    assert done.status_code == 302
    played.refresh_from_db()
    assert (played.home_score, played.away_score, played.winner) == (0, 2, "away")
    history = page(client, fixture).find("section", class_="corrections")
    assert "Misread" in history.get_text() and "2–1" in history.get_text()


def test_others_see_the_history_but_no_buttons(client, coach, commissioner, played, fixture):
    result_correct(
        result=played,
        home_score=3,
        away_score=1,
        winner="home",
        reason="One goal missed",
        by=commissioner,
    )
    client.force_login(coach)
    soup = page(client, fixture)
    assert "One goal missed" in soup.find("section", class_="corrections").get_text()
    assert not soup.find("a", href=f"/matches/{fixture.pk}/correct/")
    assert client.get(f"/matches/{fixture.pk}/correct/").status_code == 403


def test_the_commissioner_voids_then_awards(client, commissioner, played, fixture):
    client.force_login(commissioner)
    response = client.post(f"/matches/{fixture.pk}/void/", {"reason": "Replay", "confirm": "on"})
    assert response.status_code == 302
    assert not Result.objects.filter(fixture=fixture).exists()
    soup = page(client, fixture)
    assert soup.find("a", href=f"/matches/{fixture.pk}/award/")
    response = client.post(
        f"/matches/{fixture.pk}/award/", {"winner": "away", "reason": "No show", "confirm": "on"}
    )
    assert response.status_code == 302
    assert Result.objects.get(fixture=fixture).decided_by == "forfeit"
    text = page(client, fixture).find("section", class_="corrections").get_text()
    assert "Fixture awarded" in text and "Result voided" in text


@pytest.mark.parametrize("system", ["rotzball", "killpower", "mythril", "tutatis"])
def test_an_awarded_fixture_page_draws_in_every_game(client, commissioner, system):
    league = league_create(commissioner=commissioner, name=f"{system} cup", rule_system=system)
    home, away = (
        TeamFactory(league=league, name="Home side"),
        TeamFactory(league=league, name="Away side"),
    )
    fixture = FixtureFactory(
        season=league.seasons.get(),
        home=home,
        away=away,
        kickoff=timezone.now() + timedelta(days=1),
    )
    fixture_award(fixture=fixture, winner="home", reason="Away side withdrew", by=commissioner)
    client.force_login(commissioner)
    soup = page(client, fixture)
    assert "Away side withdrew" in soup.find("section", class_="corrections").get_text()
    assert soup.find("a", href=f"/matches/{fixture.pk}/void/")
    assert "Awarded by the commissioner without playing: Away side withdrew" in " ".join(
        soup.find("main").get_text(" ").split()
    )
    assert "post-match sequence is running" not in soup.get_text()  # none for an award
