"""Battle personas and objects: a game master, a player who owns the Auld Alliance, another
player, and the stranger of ``tests/conftest.py``; the campaign, both armies of the text and
their battle. ``tests/battles/conftest.py`` and the API tests import them."""

import pytest

from battles import services
from tests.battles.factories import auld_alliance, siege, wild_hunt
from tests.factories import UserFactory


@pytest.fixture
def game_master(db):
    return UserFactory(username="game_master")


@pytest.fixture
def player(db):
    return UserFactory(username="player")


@pytest.fixture
def other_player(db):
    return UserFactory(username="other_player")


@pytest.fixture
def campaign(game_master, player, other_player):
    campaign = services.campaign_create(game_master=game_master, name="The Wild Hunt")
    for user in (player, other_player):
        services.campaign_add_player(campaign=campaign, user=game_master, player=user)
    return campaign


@pytest.fixture
def alliance(campaign, player):
    """The player's army, made by the player."""
    return auld_alliance(campaign, user=player, owner=player)


@pytest.fixture
def hunt(campaign, game_master):
    """The NPC army the game master holds."""
    return wild_hunt(campaign, user=game_master)


@pytest.fixture
def battle(campaign, game_master, hunt, alliance):
    return siege(campaign, user=game_master, attacker=hunt, defender=alliance)
