from tests.battles.fixtures import (  # noqa: F401
    alliance,
    battle,
    campaign,
    game_master,
    hunt,
    other_player,
    player,
)
