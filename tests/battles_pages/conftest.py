"""Campaign page personas and objects: the game master, the player who keeps the Auld
Alliance, another player, the stranger; the rule text's siege (crucial moments left to the
game master, casualties rolled) and runs of it paused at a crucial moment or finished."""

from tests.battles.fixtures import (  # noqa: F401
    alliance,
    battle,
    campaign,
    game_master,
    hunt,
    other_player,
    player,
)
from tests.battles_pages.fixtures import finished_run, paused_run  # noqa: F401
from tests.pages.conftest import browser  # noqa: F401
