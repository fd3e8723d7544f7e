"""A Rotzball team's sheet as ``/api/v1/teams/<id>/sheet/`` answers it: the engine's sheet of
its line-up, its issues, ratings and each position's score."""

from league.api.serializers import team_sheet_answer
from league.models import Team
from systems.rotzball.selectors import teams as selectors


def team_sheet(*, team: Team) -> dict:
    selectors.roster_prefetch(team=team)
    report = selectors.lineup_report(team=team)
    return team_sheet_answer(
        team,
        report.sheet,
        issues=report.issues,
        complete=report.complete,
        ratings=report.ratings,
        scores=report.scores,
    )
