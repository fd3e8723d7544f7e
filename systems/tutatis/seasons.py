"""Tutatis between two seasons.

A badly hurt player waits in the injured zone for a 5 or 6 at each kick-off of his team's
next match; the text knows no season, so the project reads the break as long enough for
every badly hurt player to come back: the new season starts with the whole roster fit.
Players, prices and the team's list carry over unchanged.
"""

from league.models import Season, Team
from systems.tutatis.models import Player


def season_rollover(*, team: Team, old_season: Season, new_season: Season) -> dict[str, int]:
    healed = Player.objects.filter(team=team, badly_hurt=True).update(badly_hurt=False)
    return {"healed": healed}
