"""A corrected, voided or awarded result says so near its score, by whom, when and why, on
every game's fixture page and in the season's result book; the Rotzball grid and turn-by-turn
account of a corrected result say they are the match as it was played; the API's results tell
a client which were corrected."""

from datetime import timedelta

import pytest
from bs4 import BeautifulSoup
from django.utils import timezone

from league.services import league_create
from matches.corrections import fixture_award, result_correct, result_void
from matches.services import fixture_simulate
from tests.corrections.conftest import play
from tests.factories import FixtureFactory, TeamFactory

pytestmark = pytest.mark.django_db

AS_PLAYED = "The match as it was played, before the result was corrected."


def soup_of(client, url):
    response = client.get(url)
    assert response.status_code == 200
    return BeautifulSoup(response.content, "html.parser")


def text(node):
    return " ".join(node.get_text(" ").split())


def turn_over(played, by, reason):
    """The simulated result corrected: the away side wins by one more than the home side had."""
    return result_correct(
        result=played,
        home_score=played.away_score + 1,
        away_score=played.home_score + 2,
        winner="away",
        reason=reason,
        by=by,
    )


def test_a_corrected_rotzball_match_says_so_near_its_score(client, commissioner, fixture):
    played = fixture_simulate(fixture_id=fixture.pk, seed=3)
    assert played is not None and played.record["turns"]
    before = f"{played.home_score}–{played.away_score}"
    page = soup_of(client, f"/matches/{fixture.pk}/")
    assert page.select_one(".correction-notice") is None
    assert AS_PLAYED not in page.get_text()

    turn_over(played, commissioner, "The referee misread the sheet")
    page = soup_of(client, f"/matches/{fixture.pk}/")
    notice = page.select_one("header.scoreboard .correction-notice.correction-corrected")
    assert notice is not None
    words = text(notice)
    assert "Corrected result." in words and "by commissioner" in words
    assert f"(it was {before})" in words and "The referee misread the sheet" in words
    assert AS_PLAYED in text(page.find("section", class_="grid-section"))
    assert AS_PLAYED in text(page.find("section", class_="turns"))

    client.cookies["django_language"] = "fr"
    french = soup_of(client, f"/matches/{fixture.pk}/")
    notice = text(french.select_one(".correction-notice"))
    assert "Résultat corrigé." in notice and "par commissioner" in notice
    assert "The referee misread the sheet" in notice


def test_a_voided_result_says_it_waits_for_the_replay(client, commissioner, played, fixture):
    result_void(result=played, reason="Wrong pitch", by=commissioner)
    page = soup_of(client, f"/matches/{fixture.pk}/")
    words = text(page.select_one(".correction-notice.correction-voided"))
    assert "Result voided." in words and "(it was 2–1), to be replayed: Wrong pitch" in words

    replay = play(fixture, 0, 1)  # played again: the page shows the replay, no notice
    assert replay.pk != played.pk
    assert soup_of(client, f"/matches/{fixture.pk}/").select_one(".correction-notice") is None


@pytest.mark.parametrize("system", ["rotzball", "killpower", "mythril", "tutatis"])
def test_every_game_says_who_awarded_then_corrected(client, commissioner, system):
    league = league_create(commissioner=commissioner, name=f"{system} cup", rule_system=system)
    fixture = FixtureFactory(
        season=league.seasons.get(),
        home=TeamFactory(league=league, name="Home side"),
        away=TeamFactory(league=league, name="Away side"),
        kickoff=timezone.now() + timedelta(days=1),
    )
    award = fixture_award(fixture=fixture, winner="home", reason="Away side withdrew", by=None)
    words = text(soup_of(client, f"/matches/{fixture.pk}/").select_one(".correction-notice"))
    assert "Awarded by forfeit." in words and "Awarded by a commissioner on" in words

    result_correct(
        result=award.result,
        home_score=award.result.away_score,
        away_score=award.result.home_score,
        winner="away",
        reason="Home side fielded a banned player",
        by=commissioner,
    )
    words = text(soup_of(client, f"/matches/{fixture.pk}/").select_one(".correction-notice"))
    assert "Corrected by commissioner" in words and "Home side fielded a banned player" in words


def test_the_result_book_says_which_results_were_corrected(
    client, commissioner, league, season, fixture, team, other_team
):
    played = fixture_simulate(fixture_id=fixture.pk, seed=3)
    other = FixtureFactory(
        season=season, home=other_team, away=team, kickoff=timezone.now() + timedelta(days=3)
    )
    play(other, 1, 0)
    turn_over(played, commissioner, "Sheet misread")
    book = soup_of(client, f"/leagues/{league.pk}/seasons/{season.pk}/book/")
    notices = book.select(".book-correction .correction-notice")
    assert len(notices) == 1  # the other fixture was not corrected
    assert "Sheet misread" in text(notices[0]) and "by commissioner" in text(notices[0])
    events = book.select(".book-events")
    assert events and AS_PLAYED in text(events[0])


def test_the_api_tells_which_results_were_corrected(api_client, commissioner, played, fixture):
    assert api_client.get(f"/api/v1/results/{played.pk}/").json()["corrected"] is False
    result_correct(
        result=played, home_score=1, away_score=3, winner="away", reason="Typo", by=commissioner
    )
    assert api_client.get(f"/api/v1/results/{played.pk}/").json()["corrected"] is True
    rows = api_client.get("/api/v1/results/", {"format": "json"}).json()
    rows = rows["results"] if isinstance(rows, dict) else rows
    assert [row["corrected"] for row in rows if row["id"] == played.pk] == [True]
