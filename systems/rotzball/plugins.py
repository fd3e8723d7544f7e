"""Rotzball's answers to the plug-in points of the core apps, of betting and of load
generation (``core.plugins``), registered by :func:`register` from the app's ``ready()``."""

from collections.abc import Mapping, Sequence
from typing import Any

from django.http import HttpRequest, HttpResponse

from betting import plugins as betting
from core import plugins as core
from core import registry
from league import plugins as league
from league.models import League, Team
from loadgen import plugins as loadgen
from matches import plugins as matches
from matches.models import Fixture, Result
from rules_engine import Dice
from systems.rotzball import (
    DECIDED_BY,
    RULE_SYSTEM,
    demo,
    documents,
    kickoff,
    load,
    preview,
    seasons,
    selectors,
    services,
    urls,
)
from systems.rotzball import exports as downloads
from systems.rotzball.api import fields, sheets, views
from systems.rotzball.forms import RotzballRulesForm
from systems.rotzball.views import pages


class TeamViews(league.TeamViews):
    def team_page(self, request: HttpRequest, *, team: Team) -> HttpResponse:
        return pages.team_detail(request, team=team)

    def team_sheet(self, *, team: Team) -> dict[str, Any]:
        return sheets.team_sheet(team=team)


class Rows(league.Rows):
    def team_related(self) -> Sequence[str]:
        return ["match_plan"]

    def league_related(self) -> Sequence[str]:
        return ["rotzball_rules"]


class ApiFields(league.ApiFields):
    def team_api_fields(self) -> Mapping[str, league.FieldFactory]:
        return {"tactic": fields.tactic_field}

    def league_api_fields(self) -> Mapping[str, league.FieldFactory]:
        return {"coach_rule": fields.coach_rule_field}


class LeagueSettings(league.LeagueSettings):
    def settings_fields(self) -> Mapping[str, league.FieldFactory]:
        return {"coach_rule": fields.coach_rule_setting}

    def settings_save(self, *, league: League, values: dict[str, Any]) -> None:
        services.league_rules_save(league=league, values=values)


class RulesForm(league.RulesForm):
    def rules_form(self) -> type:
        return RotzballRulesForm


class Demo(league.Demo):
    def demo(self, commissioner: Any) -> list[str]:
        return demo.build(commissioner)


class MatchPages(matches.MatchPages):
    def fixture_page(self, request: HttpRequest, *, fixture: Fixture) -> HttpResponse:
        return pages.fixture_detail(request, fixture=fixture)


class KickOff(matches.KickOff):
    def kick_off(self, fixture: Fixture) -> None:
        kickoff.kick_off(fixture)

    def kick_off_many(self, *, fixtures: list[Fixture]) -> Mapping[int, list[str]]:
        return kickoff.kick_off_many(fixtures=fixtures)


class Readiness(matches.Readiness):
    def teams_not_ready(self, *, teams: list[Team]) -> Mapping[int, str]:
        return selectors.teams_not_ready(teams=teams)


class Outcomes(matches.Outcomes):
    def outcomes(self, fixture: Fixture) -> tuple[str, ...]:
        return ("home", "away")  # a match always has a winner


class Seasons(matches.Seasons):
    def season_rollover(self, *, team: Team, old_season: Any, new_season: Any) -> Any:
        return seasons.season_rollover(team=team, old_season=old_season, new_season=new_season)


class Roster(matches.Roster):
    def roster_rows(self, *, team: Team) -> Any:
        return downloads.roster_rows(team=team)


class ResultBook(matches.ResultBook):
    def result_book_lines(self, *, result: Result) -> list[str]:
        return downloads.result_book_lines(result=result)


class Odds(betting.Odds):
    def odds(self, fixture: Fixture) -> dict[str, Any] | None:
        return preview.fixture_odds(fixture)


class Load(loadgen.Load):
    def load_teams(
        self, *, league: League, teams: Sequence[Mapping[str, Any]], dice: Dice
    ) -> list[Team]:
        return load.load_teams(league=league, teams=teams, dice=dice)

    def load_kick_off(self, *, fixtures: Sequence[Fixture], dice: Dice) -> None:
        load.load_kick_off(fixtures=fixtures, dice=dice)


def register() -> None:
    """The game, then every plug-in point it answers."""
    registry.register(
        registry.Game(
            name=RULE_SYSTEM,
            decided_by=DECIDED_BY,
            documents={
                "record": documents.MATCH_RECORD,
                "sheet": documents.TEAM_SHEET,
                "options": documents.OPTIONS,
            },
        )
    )
    core.routes.register(
        RULE_SYSTEM,
        core.RouteLists(
            pages={"league": urls.league_patterns},
            api_urls=urls.api_patterns,
            api_routes=[("players", views.PlayerViewSet, "player")],
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
    matches.outcomes.register(RULE_SYSTEM, Outcomes())
    matches.seasons.register(RULE_SYSTEM, Seasons())
    matches.roster.register(RULE_SYSTEM, Roster())
    matches.result_book.register(RULE_SYSTEM, ResultBook())
    betting.odds.register(RULE_SYSTEM, Odds())
    loadgen.load.register(RULE_SYSTEM, Load())
