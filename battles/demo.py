"""The battles demo: a Witcher campaign with the rule text's Auld Alliance battle
(``manage.py demo_battles``).

A game master and a player; the Wild Hunt (an NPC army the game master holds) attacks the
Auld Alliance's fortress (the player's army), both cards as the rule text gives them; the
battle as the text plays it (reinforcements make phase 3 one against three, fresh troops
give the Hunt surprise, a crucial moment in each phase, casualties rolled) and one finished
run whose crucial moments the game master decided as the text tells. Everything goes
through the product's own services. Running it again changes nothing.
"""

from django.db import transaction

from battles import services
from battles.models import BattleRun, Campaign
from core.demo import demo_user

CAMPAIGN_NAME = "La Chasse Sauvage"
GAME_MASTER = ("gamemaster", "wild-hunt-gamemaster")
PLAYER = ("player", "auld-alliance-player")
DEMO_SEED = 1272

WILD_HUNT = {
    "name": "Wild Hunt",
    "commander": {"name": "General Nagh'Khaladh", "rank": "general", "swap": True},
    "troops": [
        {"name": "Warriors of the Wild Hunt", "dc": 18, "count": 110},
        {"name": "Hounds of the Wild Hunt", "dc": 18, "count": 80, "phase": 2},
        {"name": "Navigators", "dc": 20, "count": 10, "phase": 2},
    ],
}
AULD_ALLIANCE = {
    "name": "Auld Alliance",
    "commander": {"name": "Rhundurin", "tactics": 16, "command": 16, "luck": 3},
    "seconds": {
        "1": {"name": "Seliad Graf von Kry'Ger", "tactics": 16, "command": 12},
        "2": {"name": "Irlyena", "tactics": 12, "command": 15},
    },
    "works": {"fortifications": True, "prepared": True},
    "troops": [
        {"name": "Militia", "dc": 12, "count": 30},
        {"name": "Skelligers", "dc": 16, "count": 30},
        {"name": "Scoia'tael commando", "dc": 16, "count": 14, "phase": 1},
        {"name": "Golems", "dc": 25, "count": 7, "phase": 2},
        {"name": "Elementals", "dc": 25, "count": 3, "phase": 2},
        {"name": "Gargoyles", "dc": 20, "count": 10, "phase": 3},
    ],
}
BATTLE = {
    "name": "Siege of the fortress",
    "deployment": {"attacker": {"3": 300}},  # the Navigators' portals: one against three
    "circumstances": {"attacker": {"3": {"surprise": 1}}},  # fresh troops
    "crucial_moments": {"1": {}, "2": {}, "3": {}},
    "options": {"moments": "gm", "casualties": "dice"},
}
# The text: the fortress holds (phase 1), the portals open (phase 2), the general falls (3).
MOMENT_WINNERS = {1: "defender", 2: "attacker", 3: "defender"}


def demo_campaign_ensure() -> None:
    """Build the demo campaign unless it is there already."""
    if not Campaign.objects.filter(name=CAMPAIGN_NAME).exists():
        _build()


@transaction.atomic
def _build() -> None:
    game_master = demo_user(*GAME_MASTER)
    player = demo_user(*PLAYER)
    campaign = services.campaign_create(
        game_master=game_master,
        name=CAMPAIGN_NAME,
        description="Trys the bard is held in the Auld Alliance's fortress; the Wild Hunt "
        "comes for her.",
    )
    services.campaign_add_player(campaign=campaign, user=game_master, player=player)
    hunt = services.army_create(campaign=campaign, user=game_master, **WILD_HUNT)
    alliance = services.army_create(campaign=campaign, user=player, owner=player, **AULD_ALLIANCE)
    battle = services.battle_create(
        campaign=campaign, user=game_master, attacker=hunt, defender=alliance, **BATTLE
    )
    run = services.run_start(battle=battle, user=game_master, seed=DEMO_SEED)
    while run.status != BattleRun.Status.FINISHED:
        if run.pending and run.pending["decision"] == "crucial_moment":
            run = services.run_decide_crucial_moment(
                run_id=run.pk, user=game_master, winner=MOMENT_WINNERS[run.pending["phase"]]
            )
        else:
            run = services.run_step(run_id=run.pk, user=game_master)
