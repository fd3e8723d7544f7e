"""A Killpower league's competition format and house rules through the league forms: created in
the browser as a tournament with its house rules, the bracket then drawn; each bad setting
shown on its own field; each rule system seeing only its own settings."""

import json

import pytest
from django.urls import reverse

from league.models import League
from matches.models import Fixture
from systems.killpower.services.teams import killpower_team_register
from tests.factories import FixtureFactory, killpower_recruits
from tests.pages.conftest import field_error, form_data, soup

pytestmark = pytest.mark.django_db


def main_form(page):
    return page.find("main").find("form", method="post")


def names(form) -> set[str]:
    return {
        field["name"]
        for field in form.find_all(["input", "select", "textarea"])
        if field.get("name")
    }


def create(client, **changes):
    """GET the new-league page, fill its form as a browser would, POST it."""
    url = reverse("league:create")
    form = main_form(soup(client.get(url)))
    return client.post(url, form_data(form, **changes))


def test_a_tournament_league_is_created_in_the_browser_then_its_bracket_drawn(
    browser, commissioner
):
    # Given a commissioner filling in the new-league form for a Killpower tournament, with a
    # draw worth 2, 10 XP a match and a harsher death-risk table in the advanced JSON
    client = browser(commissioner)
    death_risk = {"death_risk": {"dead_at": {"limb": -14, "head": -11}}}

    # When he creates it
    response = create(
        client,
        name="Coupe de Nabos",
        rule_system="killpower",
        competition_format="tournament",
        ranking_draw="2",
        xp_per_match="10",
        house_rules=json.dumps(death_risk),
    )

    # Then the league plays a tournament with exactly those house rules
    league = League.objects.get(name="Coupe de Nabos")
    assert response["Location"] == league.get_absolute_url()
    assert league.competition_format == "tournament"
    assert league.house_rules == {"ranking": {"draw": 2}, "xp_per_match": 10, **death_risk}

    # Given four teams, when he follows the league page's button and draws the bracket
    for name in ("Nabos", "Titanos", "Viking", "Orques"):
        killpower_team_register(
            league=league, name=name, gladiators=killpower_recruits(name), seed=1
        )
    page = soup(client.get(league.get_absolute_url()))
    draw = page.find("a", href=reverse("league:kp_tournament_create", args=[league.pk]))
    form = main_form(soup(client.get(draw["href"])))
    response = client.post(draw["href"], form_data(form))

    # Then round 1's two matches are scheduled and the league page draws the bracket
    assert response["Location"] == league.get_absolute_url()
    fixtures = Fixture.objects.filter(season__league=league)
    assert sorted(fixtures.values_list("bracket_position", flat=True)) == ["R1M1", "R1M2"]
    page = soup(client.get(league.get_absolute_url()))
    assert page.find(class_="kp-bracket") is not None


def test_a_rotzball_league_ignores_the_killpower_fields(browser, stranger):
    # Given the new-league form left at its defaults (Rotzball) with a bad Killpower setting
    # When it is posted
    response = create(browser(stranger), name="Talabec", house_rules="{not json")

    # Then the Rotzball league is created, with neither a tournament nor house rules
    league = League.objects.get(name="Talabec")
    assert response["Location"] == league.get_absolute_url()
    assert (league.rule_system, league.competition_format, league.house_rules) == (
        "rotzball",
        "championship",
        {},
    )


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"house_rules": '{"target_table": [{"from": 1, "to": null, "stronger": 1, "weaker": 1}]}'},
         "house_rules", "target_table.0.from"),
        ({"house_rules": '{"power_cards": [{"name": "Solo", "text": "…"}]}'}, "house_rules",
         "power_cards"),
        ({"house_rules": "{oops"}, "house_rules", "not valid JSON"),
        ({"house_rules": '{"xp_per_match": 10}'}, "house_rules", "xp_per_match has its own field"),
        ({"xp_per_match": "-1"}, "xp_per_match", "greater than or equal to 0"),
        ({"xp_per_match": "999999999999"}, "xp_per_match", "less than or equal to 100"),
    ],
)  # fmt: skip
def test_a_bad_house_rule_is_shown_on_its_field_and_nothing_is_created(
    browser, commissioner, changes, field, words
):
    # Given a new Killpower league with one bad house rule, when it is posted
    response = create(browser(commissioner), name="Bad", rule_system="killpower", **changes)

    # Then the setting is named on its field and no league exists
    assert response.status_code == 200
    assert words in field_error(soup(response), field)
    assert not League.objects.filter(name="Bad").exists()


def test_killpower_settings_show_the_format_and_house_rules_not_the_coach_rule(
    browser, commissioner, kp_league
):
    # Given a Killpower league with house rules
    League.objects.filter(pk=kp_league.pk).update(
        house_rules={
            "ranking": {"draw": 0, "win": 4},
            "power_cards": [{"name": "A", "text": "a"}, {"name": "B", "text": "b"}],
        }
    )
    client = browser(commissioner)
    url = reverse("league:settings", args=[kp_league.pk])

    # When the commissioner opens its settings
    form = main_form(soup(client.get(url)))

    # Then he sees the format and house rules, each simple one in its field, and no Rotzball
    # setting
    fields = names(form)
    assert {
        "competition_format",
        "ranking_draw",
        "ranking_abandon",
        "xp_per_match",
        "house_rules",
    } <= fields
    assert not fields & {"coach_rule", "points_win", "tiebreaker_1"}
    assert form.find("input", attrs={"name": "ranking_draw"})["value"] == "0"
    assert json.loads(form.find("textarea", attrs={"name": "house_rules"}).text) == {
        "ranking": {"win": 4},
        "power_cards": [{"name": "A", "text": "a"}, {"name": "B", "text": "b"}],
    }

    # When he saves them as they are, with the abandon worth -3
    response = client.post(url, form_data(form, ranking_abandon="-3"))

    # Then nothing else changed
    assert response.status_code == 302
    kp_league.refresh_from_db()
    assert kp_league.house_rules == {
        "ranking": {"draw": 0, "win": 4, "abandon": -3},
        "power_cards": [{"name": "A", "text": "a"}, {"name": "B", "text": "b"}],
    }


def test_rotzball_settings_show_no_killpower_setting(browser, commissioner, league):
    form = main_form(soup(browser(commissioner).get(reverse("league:settings", args=[league.pk]))))

    fields = names(form)
    assert {"coach_rule", "points_win", "tiebreaker_1"} <= fields
    assert not fields & {"competition_format", "house_rules", "xp_per_match"}


def test_the_format_cannot_change_once_a_season_has_fixtures_shown_on_its_field(
    browser, commissioner, kp_league, kp_season, titanos, viking
):
    # Given a championship with a fixture
    FixtureFactory(season=kp_season, home=titanos, away=viking)
    client = browser(commissioner)
    url = reverse("league:settings", args=[kp_league.pk])
    form = main_form(soup(client.get(url)))

    # When the commissioner switches it to a tournament
    response = client.post(url, form_data(form, competition_format="tournament"))

    # Then the format field says why not, and nothing changed
    assert "cannot change once a season has fixtures" in field_error(
        soup(response), "competition_format"
    )
    kp_league.refresh_from_db()
    assert kp_league.competition_format == "championship"


def test_a_bad_house_rule_in_the_settings_names_the_setting(browser, commissioner, kp_league):
    client = browser(commissioner)
    url = reverse("league:settings", args=[kp_league.pk])
    form = main_form(soup(client.get(url)))

    response = client.post(
        url, form_data(form, house_rules='{"death_risk": {"dead_at": {"head": -5}}}')
    )

    assert "death_risk.dead_at.head" in field_error(soup(response), "house_rules")
    kp_league.refresh_from_db()
    assert kp_league.house_rules == {}
