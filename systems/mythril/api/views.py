"""The Mythril league API: one declared command per address and method, each calling one
service; its docstring is the operation's summary (``core.api.base.CommandRoutes``).

Anyone reads; writes need a signed-in user and the services check the role (a coach writes
his own team, the commissioner decides results and imports roster data): ``Refused`` becomes
the project's error shape (403 for a missing role).
"""

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse
from rest_framework.exceptions import NotFound
from rest_framework.parsers import MultiPartParser
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request

from core import selectors as core_selectors
from core.api.base import CommandRoutes
from core.api.parsers import StrictJSONParser
from core.refusals import Forbidden, Refused
from league.models import League, Season, Team
from league.roles import is_commissioner
from league.selectors import season_with_league
from matches import selectors as match_selectors
from matches.table_results.api import ReportApi
from systems.mythril import RULE_SYSTEM, selectors, standings
from systems.mythril.api import serializers as s
from systems.mythril.models import Player
from systems.mythril.services import level_ups, roster, roster_import, team_bets, teams, trophies

JSON = OpenApiResponse(description="JSON document")
BETS = s.MythrilTeamBetOutSerializer
API = CommandRoutes("mythril/", [IsAuthenticatedOrReadOnly], responses=JSON)
"""The API's views under ``mythril/`` (the reports' are the workflow's)."""

Data = dict[str, Any]
LEAGUES, TEAMS, SEASONS = selectors.league_list, selectors.team_list, selectors.season_list
PLAYERS, LEVEL_UPS = selectors.player_list, selectors.level_up_list
"""Where each command finds the row its address names (``find``)."""


@API.get("leagues/<int:pk>/roster-data/", "mythril-roster-data", find=LEAGUES)
def roster_data(request: Request, data: Data, league: League) -> Any:
    """Mythril: a league's roster data (the import file's shape)"""
    return roster.roster_data_export(league=league)


@API.post(
    "leagues/<int:pk>/roster-data/",
    "mythril-roster-data",
    s.MythrilRosterImportSerializer,
    parser_classes=[StrictJSONParser, MultiPartParser],  # the text as JSON, or the file itself
    find=LEAGUES,
)
def roster_data_import(request: Request, data: Data, league: League) -> Any:
    """Mythril: import roster data from a JSON or YAML file (commissioner); errors name the
    line and the field"""
    upload = data.get("file")
    text = roster_import.read_upload(upload) if upload else data.get("text")
    if not text:
        raise Refused("required", _("Give a file or its text."), field="file")
    filename = upload.name if upload else data["filename"]
    roster.roster_data_import(league=league, user=request.user, text=text, filename=filename)
    return roster.roster_data_export(league=league)


@API.post(
    "leagues/<int:pk>/teams/check/",
    "mythril-draft-check",
    s.MythrilDraftSerializer,
    s.MythrilVerdictSerializer,
    find=LEAGUES,
)
def draft_check(request: Request, data: Data, league: League) -> Any:
    """Mythril: check a draft against the team-creation rules (the engine's verdict, every
    broken rule named)"""
    return teams.draft_check(league=league, **data)


@API.create(
    "leagues/<int:pk>/teams/", "mythril-team-create", s.MythrilTeamCreateSerializer, find=LEAGUES
)
def team_create(request: Request, data: Data, league: League) -> Any:
    """Mythril: create a team you coach (or, commissioner, for a coach)"""
    coach: Any = request.user
    if data.pop("coach", ""):
        if not is_commissioner(request.user, league):
            raise Forbidden(_("Only the commissioner registers a team for another coach."))
        coach = core_selectors.user_by_username(username=request.data["coach"])
        if coach is None:
            raise Refused("invalid", _("No user has this username."), field="coach")
    return selectors.team_sheet(teams.mythril_team_register(league=league, coach=coach, **data))


@API.get("teams/<int:pk>/", "mythril-team", find=TEAMS)
def team_sheet(request: Request, data: Data, team: Team) -> Any:
    """Mythril: a team's sheet, gold and pending level-ups"""
    return selectors.team_sheet_with_level_ups(team)


@API.create("teams/<int:pk>/hire/", "mythril-hire", s.MythrilHireSerializer, find=TEAMS)
def hire(request: Request, data: Data, team: Team) -> Any:
    """Mythril: hire a player, a champion or an ally (the team's coach)"""
    return selectors.player_row(teams.player_hire(team=team, user=request.user, **data))


@API.post("teams/<int:pk>/apothecary/", "mythril-apothecary", find=TEAMS)
def apothecary(request: Request, data: Data, team: Team) -> Any:
    """Mythril: buy the team's apothecary (the team's coach)"""
    return selectors.team_sheet(teams.apothecary_hire(team=team, user=request.user).team)


@API.post(
    "teams/<int:pk>/lineup-check/",
    "mythril-lineup-check",
    s.MythrilLineupSerializer,
    s.MythrilVerdictSerializer,
    find=TEAMS,
)
def lineup_check(request: Request, data: Data, team: Team) -> Any:
    """Mythril: check a line-up (at most 11 on the pitch, 5 allies, 2 big guys)"""
    return teams.lineup_check(team=team, player_ids=data["players"])


@API.create(
    "teams/<int:pk>/matchday-entries/",
    "mythril-matchday-entry",
    s.MythrilMatchdayEntrySerializer,
    find=TEAMS,
)
def matchday_enter(request: Request, data: Data, team: Team) -> Any:
    """Mythril: pay a matchday's team-bet entry from the treasury"""
    season = get_object_or_404(season_with_league(), pk=data.pop("season"))
    entry = team_bets.matchday_enter(team=team, user=request.user, season=season, **data)
    return {"id": entry.pk, "season": season.pk, "round": entry.round}


@API.get("teams/<int:pk>/bets/", "mythril-team-bet", responses=BETS(many=True), find=TEAMS)
def team_bet_list(request: Request, data: Data, team: Team) -> Any:
    """Mythril: a team's bets"""
    return BETS(selectors.team_bets(team=team), many=True).data


@API.create(
    "teams/<int:pk>/bets/", "mythril-team-bet", s.MythrilTeamBetSerializer, BETS, find=TEAMS
)
def team_bet(request: Request, data: Data, team: Team) -> Any:
    """Mythril: bet on one outcome of a match of an entered matchday, before kick-off"""
    fixture = get_object_or_404(match_selectors.fixture_with_league(), pk=data.pop("fixture"))
    bet = team_bets.team_bet_place(team=team, user=request.user, fixture=fixture, **data)
    return BETS(bet).data


@API.post("players/<int:pk>/fire/", "mythril-fire", find=PLAYERS)
def fire(request: Request, data: Data, player: Player) -> Any:
    """Mythril: fire a player (the team's coach)"""
    return selectors.player_row(teams.player_fire(player=player, user=request.user))


@API.post("players/<int:pk>/rename/", "mythril-rename", s.MythrilRenameSerializer, find=PLAYERS)
def rename(request: Request, data: Data, player: Player) -> Any:
    """Mythril: rename a player on the roster (the team's coach)"""
    return selectors.player_row(teams.player_rename(player=player, user=request.user, **data))


@API.post(
    "level-ups/<int:pk>/choose/",
    "mythril-level-up-choose",
    s.MythrilLevelUpChooseSerializer,
    find=LEVEL_UPS,
)
def level_up_choose(request: Request, data: Data, level_up: Any) -> Any:
    """Mythril: pick a level-up's skill, characteristic or big guy's double (the team's
    coach)"""
    done = level_ups.level_up_choose(level_up=level_up, user=request.user, **data)
    return {"id": done.pk, "choice": done.choice, "player": selectors.player_row(done.player)}


@API.get("fixtures/<int:pk>/post-match/", "mythril-post-match")
def post_match(request: Request, data: Data, pk: int) -> Any:
    """Mythril: a fixture's post-match sequence with every roll"""
    if (run := selectors.post_match_log(fixture_id=pk)) is None:
        raise NotFound
    return run


@API.get(
    "seasons/<int:pk>/matchdays/<int:round>/bets/",
    "mythril-matchday-bets",
    responses=BETS(many=True),
    find=SEASONS,
)
def matchday_bets(request: Request, data: Data, season: Season, round: int) -> Any:
    """Mythril: a matchday's team bets (the commissioner)"""
    if not is_commissioner(request.user, season.league):
        raise Forbidden(_("Only the commissioner sees the matchday's bets."))
    return BETS(selectors.matchday_bets(season=season, round=round), many=True).data


@API.get(
    "seasons/<int:pk>/standings/",
    "mythril-standings",
    responses=s.MythrilStandingSerializer(many=True),
    find=SEASONS,
)
def standings_table(request: Request, data: Data, season: Season) -> Any:
    """Mythril: the championship table (win 3, draw and loss settings)"""
    rows = standings.standings_table(season=season)
    return s.MythrilStandingSerializer(rows, many=True).data


@API.get("seasons/<int:pk>/trophies/", "mythril-trophies", find=SEASONS)
def trophy_list(request: Request, data: Data, season: Season) -> Any:
    """Mythril: a season's trophies and their matches"""
    return selectors.trophy_rows(season=season)


@API.create(
    "seasons/<int:pk>/trophies/", "mythril-trophies", s.MythrilTrophySerializer, find=SEASONS
)
def trophy_create(request: Request, data: Data, season: Season) -> Any:
    """Mythril: create a knock-out trophy (the commissioner)"""
    team_ids = data.pop("teams")
    trophy = trophies.trophy_create(season=season, user=request.user, team_ids=team_ids, **data)
    return {"id": trophy.pk, "name": trophy.name}


class MythrilReportApi(ReportApi):
    """Mythril's reports in the API, answered as a small document (its payload without the
    version stamp, as always)."""

    game = RULE_SYSTEM
    report_serializer = s.MythrilReportSerializer
    submit_serializer = s.MythrilResultSubmitSerializer
    command_serializers = {"command": s.MythrilReportCommandSerializer}
    summaries = {
        "submit": "Mythril: enter a match's result (either coach or the commissioner)",
        "command": "Mythril: confirm, dispute or decide a result report",
    }


REPORTS = MythrilReportApi()
