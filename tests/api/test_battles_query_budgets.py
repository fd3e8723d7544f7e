"""Every battles list endpoint costs the same number of queries for 3 objects or 30."""

import pytest

from battles import services
from battles.models import BattleRun
from tests.battles.factories import ArmyFactory, BattleFactory, CampaignFactory, TroopFactory
from tests.factories import UserFactory

# count + page (+ one prefetch: campaigns' players, armies' troops)
BUDGET = 2


def campaigns(n, game_master):
    for i in range(n):
        campaign = CampaignFactory(name=f"Campaign {i:02}", game_master=game_master)
        campaign.players.add(UserFactory(username=f"player{i:02}"))
        ArmyFactory(campaign=campaign)


def armies(n, game_master):
    campaign = CampaignFactory(game_master=game_master)
    for i in range(n):
        TroopFactory(army=ArmyFactory(campaign=campaign, name=f"Army {i:02}"), count=10 + i)


def troops(n, game_master):
    army = ArmyFactory(campaign=CampaignFactory(game_master=game_master))
    for i in range(n):
        TroopFactory(army=army, name=f"Troop {i:02}")


def battles(n, game_master):
    campaign = CampaignFactory(game_master=game_master)
    for i in range(n):
        BattleFactory(campaign=campaign, name=f"Battle {i:02}")


def runs(n, game_master):
    campaign = CampaignFactory(game_master=game_master)
    battle = BattleFactory(campaign=campaign)
    TroopFactory(army=battle.attacker)
    TroopFactory(army=battle.defender)
    run = services.run_start(battle=battle, user=game_master, seed=1)
    for _ in range(n - 1):
        BattleRun.objects.create(battle=battle, seed=run.seed, state=run.state)


ENDPOINTS = [
    ("/api/v1/campaigns/", campaigns, BUDGET + 1),
    ("/api/v1/armies/", armies, BUDGET + 1),
    ("/api/v1/troops/", troops, BUDGET),
    ("/api/v1/battles/", battles, BUDGET),
    ("/api/v1/runs/", runs, BUDGET),
]


@pytest.mark.django_db
@pytest.mark.parametrize("n", [3, 30])
@pytest.mark.parametrize(
    ("url", "build", "budget"), ENDPOINTS, ids=[e[0].split("/")[3] for e in ENDPOINTS]
)
def test_battles_list_endpoints_have_a_constant_query_count(
    api_as, url, build, budget, n, django_assert_max_num_queries
):
    # given n objects to list (and a signed-in reader)
    game_master = UserFactory(username="budget_gm")
    build(n, game_master)
    client = api_as(game_master)

    # when listing them, then the query count does not grow with n
    with django_assert_max_num_queries(budget):
        response = client.get(url, {"page_size": 100})
    assert response.status_code == 200
    assert response.json()["count"] >= n
