"""Rotzball's public pages: a team (roster, line-up, ratings, fixtures) and a match report
(score, the match grid, every turn and every roll)."""

from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from core import documents
from league import roles
from league.models import Team
from matches.models import Fixture
from matches.rosters import team_assert_editable
from matches.selectors import team_fixture_table
from systems.rotzball.documents import MATCH_RECORD, TEAM_SHEET
from systems.rotzball.models import LineupSlot, Tactic
from systems.rotzball.selectors import records
from systems.rotzball.selectors import teams as selectors
from systems.rotzball.selectors.preview import fixture_preview_get


def lineup_rows(report: selectors.LineupReport) -> list[dict]:
    """The seven positions in sheet order, with who plays there and their score."""
    return [
        {
            "position": value,
            "label": label,
            "player": report.lineup.get(value),
            "score": report.scores.get(value),
        }
        for value, label in LineupSlot.Position.choices
    ]


def team_detail(request: HttpRequest, *, team: Team) -> HttpResponse:
    """A Rotzball team's page: roster, line-up with each position's score, ratings, fixtures."""
    selectors.roster_prefetch(team=team)
    report = selectors.lineup_report(team=team)
    positions = {player.pk: LineupSlot.Position(pos).label for pos, player in report.lineup.items()}
    can_edit = roles.can_edit_roster(request.user, team)
    frozen = None
    if can_edit:
        try:
            team_assert_editable(team=team)
        except ValidationError as error:
            frozen = " ".join(error.messages)
    tactic = selectors.tactic_of(team)
    context = {
        "team": team,
        "league": team.league,
        "tactic": tactic,
        "tactic_label": Tactic(tactic).label,
        "players": [(player, positions.get(player.pk)) for player in team.players.all()],
        "report": report,
        "lineup_rows": lineup_rows(report),
        "empty_positions": [
            label
            for position, label in LineupSlot.Position.choices
            if position not in report.lineup
        ],
        "fixtures": team_fixture_table(team=team),
        "can_edit": can_edit,
        "frozen": frozen,
    }
    return render(request, "rotzball/team.html", context)


def fixture_detail(request: HttpRequest, *, fixture: Fixture) -> HttpResponse:
    """The match report: score, how it was decided, the match grid, every turn and roll."""
    league = fixture.season.league
    result = getattr(fixture, "result", None)
    if result is not None:  # what older code stored reads as today's (core.documents)
        result.record = documents.read(MATCH_RECORD, result.record)
    fixture.home_sheet = documents.read(TEAM_SHEET, fixture.home_sheet)
    fixture.away_sheet = documents.read(TEAM_SHEET, fixture.away_sheet)
    context = {
        "fixture": fixture,
        "league": league,
        "result": result,
        "is_commissioner": roles.is_commissioner(request.user, league),
        "sheets": {
            "home": records.sheet_report(sheet=fixture.home_sheet),
            "away": records.sheet_report(sheet=fixture.away_sheet),
        },
        "turns": records.match_turns(record=result.record if result is not None else None),
    }
    if fixture.status == Fixture.Status.SCHEDULED:
        preview = fixture_preview_get(fixture=fixture)
        context["preview"] = preview | {
            "rows": {side: lineup_rows(p.report) for side, p in preview["sides"].items()}
        }
    return render(request, "rotzball/fixture.html", context)
