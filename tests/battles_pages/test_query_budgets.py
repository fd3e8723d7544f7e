"""The campaign pages cost the same number of queries for 2 armies or 10."""

import pytest
from django.urls import reverse

from battles import services
from tests.battles.factories import CampaignFactory, TroopFactory, plain_army
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def build_campaign(armies: int):
    game_master = UserFactory()
    campaign = CampaignFactory(game_master=game_master)
    players = [UserFactory() for _ in range(armies)]
    campaign.players.add(*players)
    built = []
    for number, player in enumerate(players):
        army = plain_army(campaign, f"Army {number}", owner=player, count=200 + number)
        TroopFactory(army=army, name=f"Scouts {number}", dc=14, count=40, phase=number % 3 + 1)
        built.append(army)
    for attacker, defender in zip(built[::2], built[1::2], strict=False):
        battle = services.battle_create(
            campaign=campaign,
            user=game_master,
            name=f"{attacker} v {defender}",
            attacker=attacker,
            defender=defender,
        )
        services.run_start(battle=battle, user=game_master, seed=1)
    return campaign, players[0]


@pytest.mark.parametrize("armies", [2, 10])
def test_campaign_page_budget(browser, django_assert_max_num_queries, armies):
    campaign, player = build_campaign(armies)
    client = browser(player)

    # the page's 10 (its casualties read in one), and 1 for the signed-in player's unread
    # notifications (the bell)
    with django_assert_max_num_queries(10 + 1):
        response = client.get(reverse("battles:campaign", args=[campaign.pk]))

    assert response.status_code == 200
    assert response.content.count(b'class="badge won">ready') == armies


@pytest.mark.parametrize("campaigns", [1, 6])
def test_campaign_list_budget(browser, django_assert_max_num_queries, campaigns):
    for _ in range(campaigns):
        build_campaign(2)

    client = browser()

    with django_assert_max_num_queries(2):
        response = client.get(reverse("battles:campaign_list"))

    assert response.status_code == 200
    assert response.content.count(b"<tr>") == campaigns + 1


@pytest.mark.parametrize("armies", [2, 10])
def test_battle_page_budget(browser, django_assert_max_num_queries, armies):
    campaign, player = build_campaign(armies)
    battle = campaign.battles.first()
    client = browser(player)

    # the page's 7, and 1 for the signed-in player's unread notifications (the bell)
    with django_assert_max_num_queries(7 + 1):
        response = client.get(reverse("battles:battle", args=[battle.pk]))

    assert response.status_code == 200
