"""Rotzball between two seasons: the rules keep nothing from one match to the next (no
injury, no fatigue, no experience), so a team starts the new season with its players, its
line-up and its match plan exactly as they are."""

from league.models import Season, Team


def season_rollover(*, team: Team, old_season: Season, new_season: Season) -> dict[str, int]:
    return {}
