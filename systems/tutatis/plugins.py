"""Tutatis's answers to the plug-in points of the core apps and of load generation
(``core.plugins``), registered by :func:`register` from the app's ``ready()``."""

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse

from core import plugins as core
from core import registry
from core.exports import Table
from league import plugins as league
from league.models import League, Season, Team
from loadgen import plugins as loadgen
from matches import plugins as matches
from matches.models import Fixture, Result
from rules_engine import Dice
from systems.tutatis import (
    DECIDED_BY,
    RULE_SYSTEM,
    demo,
    kickoff,
    load,
    seasons,
    selectors,
    urls,
)
from systems.tutatis import corrections as tt_corrections
from systems.tutatis import exports as downloads
from systems.tutatis.api import fields, views
from systems.tutatis.forms import TutatisRulesForm
from systems.tutatis.models import ResultReport
from systems.tutatis.services import post_match, settings
from systems.tutatis.views import matches as match_views
from systems.tutatis.views import teams


class TeamViews(league.TeamViews):
    def team_page(self, request: HttpRequest, *, team: Team) -> HttpResponse:
        return teams.team_detail(request, team=team)

    def team_sheet(self, *, team: Team) -> dict[str, Any]:
        return fields.team_sheet(team=team)


class Rows(league.Rows):
    def league_related(self) -> Sequence[str]:
        return ["tutatis_rules"]


class ApiFields(league.ApiFields):
    def league_api_fields(self) -> Mapping[str, league.FieldFactory]:
        return {"tutatis_budget": fields.budget_field, "time_warp_tokens": fields.tokens_field}


class LeagueSettings(league.LeagueSettings):
    def settings_fields(self) -> Mapping[str, league.FieldFactory]:
        return {"tutatis_budget": fields.budget_setting, "time_warp_tokens": fields.tokens_setting}

    def settings_save(self, *, league: League, values: dict[str, Any]) -> None:
        settings.league_rules_save(league=league, values=values)


class RulesForm(league.RulesForm):
    def rules_form(self) -> type:
        return TutatisRulesForm


class Demo(league.Demo):
    def demo(self, commissioner: User) -> list[str]:
        return demo.build(commissioner)


class MatchPages(matches.MatchPages):
    def fixture_page(self, request: HttpRequest, *, fixture: Fixture) -> HttpResponse:
        return match_views.fixture_detail(request, fixture=fixture)

    def league_page_context(
        self, request: HttpRequest, *, league: League, season: Season | None
    ) -> Mapping[str, Any]:
        return teams.league_context(request, league=league, season=season)


class KickOff(matches.KickOff):
    def kick_off(self, fixture: Fixture) -> None:
        kickoff.kick_off(fixture)


class Readiness(matches.Readiness):
    def teams_not_ready(self, *, teams: list[Team]) -> Mapping[int, str]:
        return selectors.teams_not_ready(teams=teams)


class Results(matches.Results):
    def result_corrected(self, *, result: Result, before: dict[str, Any]) -> list[str]:
        return tt_corrections.result_corrected(result=result, before=before)

    def result_voided(self, *, fixture: Fixture, before: dict[str, Any]) -> list[str]:
        return tt_corrections.result_voided(fixture=fixture, before=before)


class TableResults(matches.ReportedResults):
    report_model = ResultReport

    def post_match_pending(self, *, season: Season) -> Sequence[Fixture]:
        return selectors.season_post_match_pending(season=season)


class Seasons(matches.Seasons):
    def season_rollover(self, *, team: Team, old_season: Season, new_season: Season) -> Any:
        return seasons.season_rollover(team=team, old_season=old_season, new_season=new_season)


class Roster(matches.Roster):
    def roster_rows(self, *, team: Team) -> Table:
        return downloads.roster_rows(team=team)


class Load(loadgen.Load):
    def load_teams(
        self, *, league: League, teams: Sequence[Mapping[str, Any]], dice: Dice
    ) -> list[Team]:
        return load.load_teams(league=league, teams=teams, dice=dice)

    def load_kick_off(self, *, fixtures: Sequence[Fixture], dice: Dice) -> None:
        load.load_kick_off(fixtures=fixtures, dice=dice)

    def load_results(self, *, fixtures: Sequence[Fixture], dice: Dice, by: User) -> list[Result]:
        return load.load_results(fixtures=fixtures, dice=dice, by=by)


def register() -> None:
    """The game, its sweep, then every plug-in point it answers."""
    registry.register(registry.Game(name=RULE_SYSTEM, decided_by=DECIDED_BY))
    for sweep in (post_match.post_match_sweep,):
        registry.register_sweep(f"{RULE_SYSTEM}.{sweep.__name__}", sweep)
    core.routes.register(
        RULE_SYSTEM,
        core.RouteLists(
            pages={"league": urls.league_patterns, "matches": urls.match_patterns},
            api_urls=urls.api_patterns,
            api_routes=[
                ("tutatis/team-lists", views.TeamListViewSet, "tutatis-teamlist"),
                ("tutatis/list-entries", views.ListEntryViewSet, "tutatis-listentry"),
                ("tutatis/players", views.PlayerViewSet, "tutatis-player"),
                ("tutatis/rolls", views.MatchRollViewSet, "tutatis-roll"),
                ("tutatis/result-reports", views.ResultReportViewSet, "tutatis-report"),
            ],
        ),
    )
    league.team_views.register(RULE_SYSTEM, TeamViews())
    league.rows.register(RULE_SYSTEM, Rows())
    league.api_fields.register(RULE_SYSTEM, ApiFields())
    league.league_settings.register(RULE_SYSTEM, LeagueSettings())
    league.rules_form.register(RULE_SYSTEM, RulesForm())
    league.demo.register(RULE_SYSTEM, Demo())
    matches.pages.register(RULE_SYSTEM, MatchPages())
    matches.kick_off.register(RULE_SYSTEM, KickOff())
    matches.readiness.register(RULE_SYSTEM, Readiness())
    matches.results.register(RULE_SYSTEM, Results())
    matches.table_results.register(RULE_SYSTEM, TableResults())
    matches.seasons.register(RULE_SYSTEM, Seasons())
    matches.roster.register(RULE_SYSTEM, Roster())
    loadgen.load.register(RULE_SYSTEM, Load())
