"""Downloads anyone may fetch from a league's and a team's pages: the standings, the fixtures
and results and the roster as CSV or JSON (``core.exports``), and the fixtures as calendar
feeds (``matches.calendars``). A league's downloads are for the season the page shows
(``?season=``, the latest without)."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_safe

from core.exports import export_filename, export_format, table_response
from league import selectors
from league.models import League, Season, Team
from matches import calendars, plugins
from matches import selectors as match_selectors
from matches.exports import fixtures_export, standings_export

CALENDAR_TYPE = "text/calendar; charset=utf-8"


def _league(pk: int) -> League:
    return get_object_or_404(selectors.league_with_commissioner(), pk=pk)


def league_season(request: HttpRequest, league: League) -> Season:
    """The season ``?season=`` names, else the league's latest (a 404 when it has none)."""
    wanted = request.GET.get("season", "")
    season = selectors.season_get(league=league, season_id=wanted if wanted.isdigit() else None)
    if season is None:
        raise Http404("no such season")
    season.league = league
    return season


def _team(pk: int) -> Team:
    team = selectors.team_get(team_id=pk)
    if team is None:
        raise Http404
    return team


SEASON_TABLES = {"standings": standings_export, "fixtures": fixtures_export}


@require_safe
def season_table_download(request: HttpRequest, pk: int, fmt: str, kind: str) -> HttpResponse:
    """The season's ``kind`` table (``SEASON_TABLES``): its standings or its fixtures."""
    export_format(fmt)
    league = _league(pk)
    season = league_season(request, league)
    return table_response(
        SEASON_TABLES[kind](season=season),
        fmt=fmt,
        filename=export_filename(league.name, season.name, kind, fmt=fmt),
    )


@require_safe
def roster_download(request: HttpRequest, pk: int, fmt: str) -> HttpResponse:
    """A team's roster in its game's columns (``roster_rows``); a 404 for a game without."""
    export_format(fmt)
    team = _team(pk)
    rows = plugins.roster.of(team.league.rule_system).roster_rows(team=team)
    if rows is None:
        raise Http404("this game keeps no roster")
    return table_response(
        rows,
        fmt=fmt,
        filename=export_filename(team.league.name, team.name, "roster", fmt=fmt),
    )


def _calendar(name: str, fixtures, filename: str) -> HttpResponse:
    body = calendars.fixtures_calendar(name=name, fixtures=fixtures)
    response = HttpResponse(body, content_type=CALENDAR_TYPE)
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response


@require_safe
def league_calendar(request: HttpRequest, pk: int) -> HttpResponse:
    """Every fixture of every season of the league: a subscriber keeps the whole history."""
    league = _league(pk)
    fixtures = match_selectors.fixture_list(league=league)
    fixtures = fixtures.defer(*match_selectors.HEAVY_FIELDS).order_by("kickoff", "pk")
    return _calendar(league.name, fixtures, export_filename(league.name, fmt="ics"))


@require_safe
def team_calendar(request: HttpRequest, pk: int) -> HttpResponse:
    """The team's fixtures of every season."""
    team = _team(pk)
    fixtures = match_selectors.team_fixture_table(team=team)
    name = f"{team.name} ({team.league.name})"
    return _calendar(name, fixtures, export_filename(team.league.name, team.name, fmt="ics"))
