"""A Rotzball team's sheet as ``/api/v1/teams/<id>/sheet/`` answers it: the engine's sheet of
its line-up, its issues, ratings and each position's score."""

from league.models import Team
from systems.rotzball.selectors import teams as selectors


def team_sheet(*, team: Team) -> dict:
    team = selectors.team_with_roster(team_id=team.pk)
    report = selectors.lineup_report(team=team)
    return {
        "team": team,
        "rule_system": team.league.rule_system,
        "sheet": selectors.team_sheet_get(team=team),
        "complete": report.complete,
        "issues": report.issues,
        "ratings": report.ratings,
        "scores": report.scores,
    }
