"""An incomplete line-up tells its coach where and how to fill it, in English and French."""

import pytest
from django.urls import reverse

from tests.pages.conftest import soup

pytestmark = pytest.mark.django_db


def _hint(page) -> str:
    hint = page.find("div", class_="issues").find(class_="lineup-hint")
    assert hint is not None, "no hint under the rules check"
    return hint.get_text(" ", strip=True)


def test_the_lineup_page_says_to_pick_players_then_save(browser, coach, team):
    team.lineup_slots.filter(position="passer").delete()

    page = soup(browser(coach).get(reverse("league:lineup", args=[team.pk])))

    assert "Passer: nobody is in this position." in page.find("div", class_="issues").get_text()
    assert _hint(page) == (
        "Pick a player for each empty position in the table, then press “Save the line-up”."
    )


def test_the_team_page_links_its_coach_to_the_lineup_page(browser, coach, team):
    team.lineup_slots.filter(position="passer").delete()

    page = soup(browser(coach).get(team.get_absolute_url()))

    hint = page.find("div", class_="issues").find(class_="lineup-hint")
    assert hint.find("a")["href"] == reverse("league:lineup", args=[team.pk])
    assert "Save the line-up" in _hint(page)


def test_the_hint_speaks_french(browser, coach, team):
    team.lineup_slots.filter(position="passer").delete()

    response = browser(coach).get(
        reverse("league:lineup", args=[team.pk]), HTTP_ACCEPT_LANGUAGE="fr"
    )

    assert _hint(soup(response)) == (
        "Choisissez un joueur pour chaque poste vide dans le tableau, puis appuyez sur "
        "« Enregistrer la composition »."
    )


def test_a_team_not_ready_on_the_league_page_says_where_its_coach_mends_it(
    browser, commissioner, league, season, scheduled_fixture
):
    scheduled_fixture.home.lineup_slots.filter(position="passer").delete()

    page = soup(browser(commissioner).get(league.get_absolute_url()))

    why = page.find(class_="not-ready")["title"]
    assert why == (
        "Passer: nobody is in this position. Its coach fills the line-up on the team's page: "
        "“Line-up”, a player for each position, then “Save the line-up”."
    )
