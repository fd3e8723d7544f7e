"""The Mythril league between two seasons.

The house rules say nothing of the break, so the project reads it as Blood Bowl leagues play
it: a team keeps its players with their experience, skills and characteristics (a lasting
injury, once written into a player's profile, stays there), its treasury and popularity;
the injuries that only keep a player out of the next match ("misses the next match") are
over by the new season. The dead and the fired stay gone.

The season's champion is the top of the Mythril championship table (trophy matches apart).
"""

from league.models import Season, Team
from systems.mythril.models import Player
from systems.mythril.standings import standings_table


def season_rollover(*, team: Team, old_season: Season, new_season: Season) -> dict[str, int]:
    healed = Player.objects.filter(team=team, status=Player.Status.INJURED).update(
        status=Player.Status.ACTIVE
    )
    return {"healed": healed}


def season_champion(*, season: Season) -> Team | None:
    table = standings_table(season=season)
    return table[0].team if table and table[0].played else None
