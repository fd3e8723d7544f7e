"""The new-league page without JavaScript: every settings section is shown, each naming the
rule systems that read it; the form works for every game, which reads only its own settings;
points per result and the ranking order sit in a section of their own, not in a game's."""

import pytest
from django.urls import reverse

from core import registry
from league.models import League
from tests.pages.conftest import form_data, soup

pytestmark = pytest.mark.django_db


def _form(client):
    return soup(client.get(reverse("league:create"))).find("main").find("form", method="post")


def _sections(form) -> dict[str, list[str]]:
    return {
        section.find("legend").get_text(strip=True): section["data-rule-systems"].split()
        for section in form.find_all("fieldset", attrs={"data-rule-systems": True})
    }


def test_points_and_ranking_have_their_own_section_read_by_the_ranked_games(browser, stranger):
    form = _form(browser(stranger))

    sections = _sections(form)

    assert sections == {
        "Points and ranking": ["rotzball", "tutatis"],
        "Killpower Ball": ["killpower"],
        "Tutatis": ["tutatis"],
    }
    tutatis = form.find("fieldset", attrs={"data-rule-systems": "tutatis"})
    assert tutatis.find(attrs={"name": "points_win"}) is None
    assert len(form.find_all(attrs={"name": "points_win"})) == 1
    note = form.find("fieldset", attrs={"data-rule-systems": "rotzball tutatis"}).find(
        class_="rule-systems-note"
    )
    assert note.get_text(strip=True) == (
        "Read by Rotzball, Tutatis leagues only; the other rule systems ignore these."
    )


@pytest.mark.parametrize("game", [name for name, _label in registry.choices()])
def test_the_form_creates_a_league_of_each_game_without_javascript(browser, stranger, game):
    client = browser(stranger)

    response = client.post(
        reverse("league:create"), form_data(_form(client), name=f"League {game}", rule_system=game)
    )

    league = League.objects.get(name=f"League {game}")
    assert response["Location"] == league.get_absolute_url()
    assert league.rule_system == game


def test_a_rotzball_league_takes_the_points_and_ranking_given(browser, stranger):
    client = browser(stranger)

    client.post(
        reverse("league:create"),
        form_data(
            _form(client),
            name="Points",
            rule_system="rotzball",
            points_win="2",
            tiebreaker_1="goal_difference",
            tiebreaker_2="points",
            tiebreaker_3="",
            tiebreaker_4="",
        ),
    )

    league = League.objects.get(name="Points")
    assert (league.points_win, league.tiebreakers) == (2, ["goal_difference", "points"])


def test_a_killpower_league_ignores_the_points_table_even_a_bad_one(browser, stranger):
    client = browser(stranger)

    client.post(
        reverse("league:create"),
        form_data(_form(client), name="Kp", rule_system="killpower", points_win="99"),
    )

    league = League.objects.get(name="Kp")
    assert (league.rule_system, league.points_win) == ("killpower", 3)
