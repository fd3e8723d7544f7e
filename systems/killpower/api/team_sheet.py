"""A Killpower Ball team's sheet as ``/api/v1/teams/<id>/sheet/`` answers it."""

from typing import Any

from league.api.serializers import team_sheet_answer
from league.models import Team
from systems.killpower.selectors import gladiators as killpower_selectors


def team_sheet(*, team: Team) -> dict[str, Any]:
    """A Killpower team's sheet: the engine's (power, division, the seven gladiators)."""
    issues = killpower_selectors.roster_issues(team=team)
    sheet = killpower_selectors.team_sheet(team=team)
    complete = not any(issue.blocking for issue in issues)
    return team_sheet_answer(team, sheet, issues=issues, complete=complete)
