"""Each campaign page answers its audience, refuses the wrong role with 403 and sends
anonymous visitors to sign in; commands are POST only."""

import pytest
from django.urls import reverse

from battles.models import BattleRun

pytestmark = pytest.mark.django_db


@pytest.fixture
def urls(campaign, alliance, hunt, battle, paused_run):
    return {
        "public": [
            reverse("battles:campaign_list"),
            reverse("battles:campaign", args=[campaign.pk]),
            reverse("battles:army", args=[alliance.pk]),
            reverse("battles:army_sheet", args=[alliance.pk]),
            reverse("battles:battle", args=[battle.pk]),
            reverse("battles:run", args=[paused_run.pk]),
        ],
        "game_master": [
            reverse("battles:settings", args=[campaign.pk]),
            reverse("battles:player_add", args=[campaign.pk]),
            reverse("battles:battle_create", args=[campaign.pk]),
            reverse("battles:battle_edit", args=[battle.pk]),
            reverse("battles:army_edit", args=[hunt.pk]),  # the NPC army the GM holds
        ],
        "owner": [  # the player's own card: the player and the game master
            reverse("battles:army_edit", args=[alliance.pk]),
        ],
        "game_master_posts": [
            reverse("battles:run_start", args=[battle.pk]),
            reverse("battles:run_step", args=[paused_run.pk]),
            reverse("battles:run_decide", args=[paused_run.pk]),
            reverse("battles:run_skill", args=[paused_run.pk]),
            reverse("battles:run_resolve", args=[paused_run.pk]),
            reverse("battles:casualties_confirm", args=[paused_run.pk]),
            reverse("battles:army_recover", args=[alliance.pk]),
        ],
        "owner_posts": [reverse("battles:army_preview", args=[alliance.pk])],
    }


def test_anyone_reads_the_campaign_pages(browser, urls, stranger):
    for user in (None, stranger):
        for url in urls["public"]:
            assert browser(user).get(url).status_code == 200, url


def test_anonymous_visitors_are_sent_to_sign_in(browser, urls, campaign, battle):
    protected = (
        urls["game_master"]
        + urls["owner"]
        + [
            reverse("battles:create"),
            reverse("battles:army_create", args=[campaign.pk]),
            reverse("battles:battle_odds", args=[battle.pk]),
        ]
    )
    for url in protected:
        response = browser().get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("login") + "?next="), url
    for url in urls["game_master_posts"] + urls["owner_posts"]:
        response = browser().post(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("login")), url


def test_game_master_pages_refuse_players_and_strangers(
    browser, urls, game_master, player, other_player, stranger
):
    for url in urls["game_master"]:
        assert browser(game_master).get(url).status_code == 200, url
        for user in (player, other_player, stranger):
            assert browser(user).get(url).status_code == 403, url


def test_a_card_is_edited_by_its_owner_and_the_game_master_only(
    browser, urls, game_master, player, other_player, stranger
):
    for url in urls["owner"]:
        for user in (player, game_master):
            assert browser(user).get(url).status_code == 200, url
        for user in (other_player, stranger):
            assert browser(user).get(url).status_code == 403, url
    for url in urls["owner_posts"]:
        for user in (other_player, stranger):
            assert browser(user).post(url).status_code == 403, url


def test_run_commands_refuse_everyone_but_the_game_master(
    browser, urls, paused_run, player, other_player, stranger
):
    version = paused_run.version
    for url in urls["game_master_posts"]:
        for user in (player, other_player, stranger):
            assert browser(user).post(url, {"winner": "defender"}).status_code == 403, url
    paused_run.refresh_from_db()
    assert paused_run.status == BattleRun.Status.PAUSED  # nothing moved
    assert paused_run.version == version
    assert BattleRun.objects.count() == 1


def test_commands_are_post_only(browser, urls, game_master):
    for url in urls["game_master_posts"] + urls["owner_posts"]:
        assert browser(game_master).get(url).status_code == 405, url


def test_only_members_raise_armies(browser, campaign, game_master, player, stranger):
    url = reverse("battles:army_create", args=[campaign.pk])
    assert browser(game_master).get(url).status_code == 200
    assert browser(player).get(url).status_code == 200
    assert browser(stranger).get(url).status_code == 403
