"""A Tutatis league on the core's league pages: created with its budget and tokens, its
settings changed, its page listing the teams and linking the team lists."""

import pytest
from django.urls import reverse

from league.models import League
from matches.table_results.services import report_enter
from systems.tutatis.models import LeagueRules

pytestmark = pytest.mark.django_db


def test_new_league_page_takes_the_tutatis_settings(client, commissioner):
    client.force_login(commissioner)
    page = client.get(reverse("league:create"))
    assert b"Team budget (Irr)" in page.content
    response = client.post(
        reverse("league:create"),
        {
            "name": "Triskearth",
            "rule_system": "tutatis",
            "tutatis_budget": 650,
            "time_warp_tokens": 4,
            "points_win": 3,
            "points_draw": 1,
            "points_loss": 0,
            "tiebreaker_1": "points",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    league = League.objects.get(name="Triskearth")
    rules = LeagueRules.objects.get(league=league)
    assert (rules.budget, rules.time_warp_tokens) == (650, 4)


def test_settings_page_changes_the_budget(client, commissioner, tt_league, orcs):
    client.force_login(commissioner)
    url = reverse("league:settings", args=[tt_league.pk])
    page = client.get(url)
    assert page.status_code == 200 and b'value="600"' in page.content
    response = client.post(
        url,
        {
            "name": tt_league.name,
            "description": "",
            "tutatis_budget": 440,
            "time_warp_tokens": 0,
            "points_win": 3,
            "points_draw": 1,
            "points_loss": 0,
            "tiebreaker_1": "points",
        },
    )
    assert response.status_code == 302, response.content.decode()[:3000]
    assert LeagueRules.objects.get(league=tt_league).budget == 440
    team_page = client.get(orcs.get_absolute_url())
    assert b"445 / 440 Irr" in team_page.content
    assert b"The team costs 445 Irr, over the budget of 440 Irr." in team_page.content


def test_league_page_lists_the_teams_and_the_results_waiting(
    client, tt_league, orcs, dwarfs, tt_fixture, coach, other_coach
):
    page = client.get(tt_league.get_absolute_url())
    assert page.status_code == 200
    assert b"Orcs" in page.content and b"Dwarfs" in page.content
    assert reverse("league:tt_lists", args=[tt_league.pk]).encode() in page.content
    report_enter(
        fixture=tt_fixture,
        user=coach,
        result={"home": {"goals": 1, "over_bar": 0}, "away": {"goals": 0, "over_bar": 0}},
    )
    client.force_login(coach)
    assert b'id="tt-waiting"' not in client.get(tt_league.get_absolute_url()).content
    client.force_login(other_coach)
    assert b'id="tt-waiting"' in client.get(tt_league.get_absolute_url()).content


def test_new_league_page_defaults_the_points_table(client, commissioner):
    client.force_login(commissioner)
    response = client.post(
        reverse("league:create"),
        {
            "name": "Quick",
            "rule_system": "tutatis",
            "tutatis_budget": 600,
            "time_warp_tokens": 0,
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    league = League.objects.get(name="Quick")
    assert (league.points_win, league.points_draw, league.points_loss) == (3, 1, 0)
    assert LeagueRules.objects.get(league=league).time_warp_tokens == 0
