"""The league page shows one round's fixtures at a time: the next round to play by default
(the last once all are played), any other through plain ``?round=N`` links that htmx
enhances by swapping the round's block alone; a round that does not exist is named, not a
server error."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from matches import services as match_services
from tests.factories import TeamFactory, full_lineup
from tests.pages.conftest import soup

pytestmark = pytest.mark.django_db

ROUND_HTMX = {"HX-Request": "true", "HX-Target": "round-fixtures", "HX-Boosted": "true"}


@pytest.fixture
def six_rounds(league, season, team, other_team):
    """Four teams, a single round robin (3 rounds of 2 fixtures), then its return (rounds 4
    to 6); rounds 1 and 2 played."""
    full_lineup(TeamFactory(league=league, name="Boars"))
    full_lineup(TeamFactory(league=league, name="Lynxes"))
    match_services.fixtures_generate(
        season=season, double=True, first_kickoff=timezone.now() + timedelta(days=1)
    )
    for fixture in season.fixtures.filter(round__lte=2):
        match_services.fixture_simulate(fixture_id=fixture.pk, seed=fixture.pk)
    return season


def _shown(page) -> tuple[str, int]:
    block = page.find(id="round-fixtures")
    return block.find("h3").get_text(" ", strip=True), len(block.select("table.fixtures tbody tr"))


def test_the_page_shows_the_next_round_to_play_and_links_to_every_round(
    browser, league, six_rounds
):
    page = soup(browser().get(league.get_absolute_url()))

    title, rows = _shown(page)
    assert title.startswith("Round 3") and "next" in title
    assert rows == 2
    nav = page.find("nav", class_="round-nav")
    numbers = nav.find("ol", class_="round-numbers").find_all("a")
    assert [a.get_text() for a in numbers] == ["1", "2", "3", "4", "5", "6"]
    assert numbers[0]["href"] == f"?season={six_rounds.pk}&round=1"
    assert [a.get("class") for a in numbers[:3]] == [["played"], ["played"], ["current"]]
    assert nav.find("a", attrs={"aria-current": "page"}).get_text() == "3"
    assert nav.find("a", rel="prev")["href"] == f"?season={six_rounds.pk}&round=2"
    assert nav.find("a", rel="next")["href"] == f"?season={six_rounds.pk}&round=4"
    assert nav["hx-boost"] == "true" and nav["hx-target"] == "#round-fixtures"


def test_a_round_link_shows_that_round_without_javascript(browser, league, six_rounds):
    page = soup(browser().get(league.get_absolute_url(), {"season": six_rounds.pk, "round": 1}))

    title, rows = _shown(page)
    assert title.startswith("Round 1") and "played" in title and rows == 2
    played = six_rounds.fixtures.filter(round=1).select_related("result").first()
    scores = page.find(id="round-fixtures").find("a", href=played.get_absolute_url())
    assert f"{played.result.home_score}–{played.result.away_score}" in scores.get_text()
    nav = page.find("nav", class_="round-nav")
    assert nav.find("a", rel="prev") is None
    assert page.find(id="standings") is not None  # the whole page


def test_htmx_gets_the_round_block_alone(browser, league, six_rounds):
    response = browser().get(
        league.get_absolute_url(), {"season": six_rounds.pk, "round": 6}, headers=ROUND_HTMX
    )

    fragment = soup(response)
    assert fragment.find("html") is None and fragment.find(id="standings") is None
    title, rows = _shown(fragment)
    assert title.startswith("Round 6") and rows == 2
    assert fragment.find("nav", class_="round-nav").find("a", rel="next") is None


def test_a_finished_season_opens_on_its_last_round(browser, league, six_rounds):
    for fixture in six_rounds.fixtures.filter(round__gt=2):
        match_services.fixture_simulate(fixture_id=fixture.pk, seed=fixture.pk)

    title, _ = _shown(soup(browser().get(league.get_absolute_url())))

    assert title.startswith("Round 6") and "played" in title


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("abc", "“abc” is not a round number."),
        ("99", "There is no round 99 here: the rounds are 1 to 6."),
        ("-1", "There is no round -1 here: the rounds are 1 to 6."),
        ("1e9999", "“1e9999” is not a round number."),
    ],
)
def test_a_bad_round_is_named_and_the_next_round_shown(browser, league, six_rounds, value, message):
    response = browser().get(league.get_absolute_url(), {"round": value})

    assert response.status_code == 200
    page = soup(response)
    assert page.find(id="round-fixtures").find(role="alert").get_text(strip=True) == message
    assert _shown(page)[0].startswith("Round 3")


def test_a_bad_round_in_a_season_without_fixtures_is_named(browser, league, season):
    page = soup(browser().get(league.get_absolute_url(), {"round": "2"}))

    block = page.find(id="round-fixtures")
    assert block.find(role="alert").get_text(strip=True) == "There is no round to show."
    assert "No fixtures yet." in block.get_text()


def test_the_commissioner_simulates_the_round_shown(browser, commissioner, league, six_rounds):
    page = soup(browser(commissioner).get(league.get_absolute_url(), {"round": 5}))

    form = page.find(id="round-fixtures").find("form", class_="round-action")
    assert form.find("input", attrs={"name": "round"})["value"] == "5"
    assert "Simulate round 5" in form.get_text()
    assert reverse("league:simulate", args=[league.pk]) == form["action"]


def test_the_round_links_answer_in_french(browser, league, six_rounds):
    client = browser()
    client.cookies["django_language"] = "fr"

    page = soup(client.get(league.get_absolute_url(), headers={"Accept-Language": "fr"}))

    nav = page.find("nav", class_="round-nav")
    assert nav["aria-label"] == "Journées"
    assert nav.find("a", rel="next").get_text() == "Journée 4 →"
