"""A Killpower Ball team's sheet as ``/api/v1/teams/<id>/sheet/`` answers it."""

from league.models import Team
from systems.killpower.selectors import gladiators as killpower_selectors


def team_sheet(*, team: Team) -> dict:
    """A Killpower team's sheet: the engine's (power, division, the seven gladiators)."""
    issues = killpower_selectors.roster_issues(team=team)
    return {
        "team": team,
        "rule_system": team.league.rule_system,
        "sheet": killpower_selectors.team_sheet(team=team),
        "complete": not any(issue.blocking for issue in issues),
        "issues": issues,
        "ratings": None,
        "scores": {},
    }
