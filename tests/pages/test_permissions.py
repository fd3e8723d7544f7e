"""Each protected page: 200 for its audience, 403 for the wrong role, sign-in for anonymous."""

import pytest
from django.urls import reverse

from tests.factories import SeasonFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def urls(league, season, team, scheduled_fixture):
    player = team.players.first()
    return {
        "commissioner": [
            reverse("league:settings", args=[league.pk]),
            reverse("league:team_register", args=[league.pk]),
            reverse("league:season_create", args=[league.pk]),
            reverse("league:fixtures_generate", args=[league.pk]),
            reverse("matches:reschedule", args=[scheduled_fixture.pk]),
        ],
        "coach": [
            reverse("league:roster", args=[team.pk]),
            reverse("league:player_edit", args=[team.pk, player.pk]),
            reverse("league:lineup", args=[team.pk]),
            reverse("league:plan", args=[team.pk]),
        ],
        "posts": [  # commands: POST only
            reverse("league:simulate", args=[league.pk]),
            reverse("matches:cancel", args=[scheduled_fixture.pk]),
            reverse("league:player_delete", args=[team.pk, player.pk]),
            reverse("league:lineup_preview", args=[team.pk]),
        ],
    }


def test_anonymous_visitors_are_sent_to_sign_in(browser, urls):
    for url in (
        urls["commissioner"] + urls["coach"] + [reverse("league:create"), reverse("preferences")]
    ):
        response = browser().get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("login") + "?next="), url
    for url in urls["posts"]:
        assert browser().post(url).status_code == 302, url


def test_commissioner_pages_answer_the_commissioner_and_refuse_others(
    browser, urls, commissioner, coach, stranger
):
    for url in urls["commissioner"]:
        assert browser(commissioner).get(url).status_code == 200, url
        for user in (coach, stranger):
            assert browser(user).get(url).status_code == 403, url


def test_roster_pages_answer_the_coach_and_the_commissioner_and_refuse_others(
    browser, urls, coach, commissioner, other_coach, stranger
):
    for url in urls["coach"]:
        for user in (coach, commissioner):
            assert browser(user).get(url).status_code == 200, url
        for user in (other_coach, stranger):
            assert browser(user).get(url).status_code == 403, url


def test_commands_refuse_the_wrong_role_and_change_nothing(
    browser, urls, stranger, other_coach, team, scheduled_fixture
):
    players = team.players.count()
    for url in urls["posts"]:
        assert browser(stranger).post(url).status_code == 403, url
    assert browser(other_coach).post(urls["posts"][2]).status_code == 403
    scheduled_fixture.refresh_from_db()
    assert scheduled_fixture.status == "scheduled"
    assert team.players.count() == players


def test_forbidden_page_is_a_friendly_page(browser, urls, stranger):
    response = browser(stranger).get(urls["coach"][0])

    assert response.status_code == 403
    assert b"Not allowed" in response.content


def test_any_signed_in_user_may_start_a_league_and_see_preferences(browser, stranger):
    assert browser(stranger).get(reverse("league:create")).status_code == 200
    assert browser(stranger).get(reverse("preferences")).status_code == 200


def test_public_pages_are_open_to_everyone(browser, league, team, scheduled_fixture, stranger):
    SeasonFactory(league=league)
    for user in (None, stranger):
        for url in (
            reverse("league:list"),
            reverse("league:detail", args=[league.pk]),
            reverse("league:team", args=[team.pk]),
            scheduled_fixture.get_absolute_url(),
            reverse("login"),
        ):
            assert browser(user).get(url).status_code == 200, url
