"""Killpower Ball's answers to the plug-in points of the core apps, of betting and of load
generation (``core.plugins``), registered by :func:`register` from the app's ``ready()``."""

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse

from core import plugins as core
from core import registry
from core.exports import Table
from core.progression import Progression
from league import plugins as league
from league.models import League, Season, Team
from loadgen import plugins as loadgen
from matches import plugins as matches
from matches.models import Fixture, Result
from rules_engine import Dice
from systems.killpower import (
    DECIDED_BY,
    RULE_SYSTEM,
    demo,
    kickoff,
    load,
    post_match,
    progression,
    seasons,
    selectors,
    services,
    standings,
    urls,
)
from systems.killpower import corrections as kp_corrections
from systems.killpower import exports as downloads
from systems.killpower.api import fields, gladiators, team_sheet
from systems.killpower.api import matches as api_matches
from systems.killpower.league_rules_form import KillpowerRulesForm
from systems.killpower.models import ResultReport
from systems.killpower.views import league_pages, match_pages


class TeamViews(league.TeamViews):
    def team_page(self, request: HttpRequest, *, team: Team) -> HttpResponse:
        return league_pages.team_detail(request, team=team)

    def team_sheet(self, *, team: Team) -> dict[str, Any]:
        return team_sheet.team_sheet(team=team)


class Teams(league.Teams):
    def team_register(
        self,
        *,
        league: League,
        name: str,
        coach: User | None,
        primary_colour: str,
        secondary_colour: str,
    ) -> Team:
        return services.killpower_team_register(
            league=league,
            name=name,
            coach=coach,
            primary_colour=primary_colour,
            secondary_colour=secondary_colour,
        )

    def team_power(self, *, team: Team) -> selectors.TeamPower:
        return selectors.team_power(team=team)


class Rows(league.Rows):
    def team_related(self) -> Sequence[str]:
        return ["killpower"]

    def team_prefetches(self) -> Sequence[Prefetch]:
        return [selectors.living_prefetch()]


class ApiFields(league.ApiFields):
    def team_api_fields(self) -> Mapping[str, league.FieldFactory]:
        return {"ranking_points": fields.ranking_points_field}


class LeagueSettings(league.LeagueSettings):
    def settings_check(self, *, league: League, has_fixtures: bool) -> None:
        services.league_rules_check(league=league, has_fixtures=has_fixtures)


class RulesForm(league.RulesForm):
    def rules_form(self) -> type:
        return KillpowerRulesForm


class Demo(league.Demo):
    def demo(self, commissioner: User) -> list[str]:
        return demo.build(commissioner)


class MatchPages(matches.MatchPages):
    def fixture_page(self, request: HttpRequest, *, fixture: Fixture) -> HttpResponse:
        return match_pages.fixture_detail(request, fixture=fixture)

    def league_page_context(
        self, request: HttpRequest, *, league: League, season: Season | None
    ) -> Mapping[str, Any]:
        return league_pages.league_context(request, league=league, season=season)


class KickOff(matches.KickOff):
    def kick_off(self, fixture: Fixture) -> None:
        kickoff.kick_off(fixture)


class Readiness(matches.Readiness):
    def teams_not_ready(self, *, teams: list[Team]) -> Mapping[int, str]:
        return selectors.teams_not_ready(teams=teams)


class Outcomes(matches.Outcomes):
    def outcomes(self, fixture: Fixture) -> tuple[str, ...]:
        return selectors.bet_outcomes(fixture)


class Results(matches.Results):
    def result_check(
        self,
        *,
        fixture: Fixture,
        home_score: int,
        away_score: int,
        winner: str,
        decided_by: str,
    ) -> Mapping[str, str]:
        return kp_corrections.result_check(
            fixture=fixture,
            home_score=home_score,
            away_score=away_score,
            winner=winner,
            decided_by=decided_by,
        )

    def result_corrected(self, *, result: Result, before: dict[str, Any]) -> list[str]:
        return kp_corrections.result_corrected(result=result, before=before)

    def result_voided(self, *, fixture: Fixture, before: dict[str, Any]) -> list[str]:
        return kp_corrections.result_voided(fixture=fixture, before=before)

    def fixture_awarded(self, *, fixture: Fixture, result: Result) -> None:
        kp_corrections.fixture_awarded(fixture=fixture, result=result)


class TableResults(matches.ReportedResults):
    report_model = ResultReport

    def post_match_pending(self, *, season: Season) -> Sequence[Fixture]:
        return selectors.season_post_match_pending(season=season)


class Seasons(matches.Seasons):
    def season_champion(self, *, season: Season) -> Team | None:
        return seasons.season_champion(season=season)

    def season_archive(self, *, season: Season) -> dict[str, Any]:
        return seasons.season_archive(season=season)

    def season_rollover(self, *, team: Team, old_season: Season, new_season: Season) -> Any:
        return seasons.season_rollover(team=team, old_season=old_season, new_season=new_season)


class Standings(matches.Standings):
    def standings_rows(self, *, season: Season) -> Table:
        return downloads.standings_rows(season=season)

    def standings_counts(
        self, *, season_id: int, team_ids: Iterable[int]
    ) -> Mapping[int, dict[str, int]]:
        return standings.standings_counts(season_id=season_id, team_ids=team_ids)


class Roster(matches.Roster):
    def roster_rows(self, *, team: Team) -> Table:
        return downloads.roster_rows(team=team)


class ProgressionSeries(matches.ProgressionSeries):
    def progression_series(self, *, team: Team) -> Progression | None:
        return progression.progression_series(team=team)


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
                ("gladiators", gladiators.GladiatorViewSet, "gladiator"),
                ("result-reports", api_matches.ResultReportViewSet, "resultreport"),
            ],
        ),
    )
    league.team_views.register(RULE_SYSTEM, TeamViews())
    league.teams.register(RULE_SYSTEM, Teams())
    league.rows.register(RULE_SYSTEM, Rows())
    league.api_fields.register(RULE_SYSTEM, ApiFields())
    league.league_settings.register(RULE_SYSTEM, LeagueSettings())
    league.rules_form.register(RULE_SYSTEM, RulesForm())
    league.demo.register(RULE_SYSTEM, Demo())
    matches.pages.register(RULE_SYSTEM, MatchPages())
    matches.kick_off.register(RULE_SYSTEM, KickOff())
    matches.readiness.register(RULE_SYSTEM, Readiness())
    matches.outcomes.register(RULE_SYSTEM, Outcomes())
    matches.results.register(RULE_SYSTEM, Results())
    matches.table_results.register(RULE_SYSTEM, TableResults())
    matches.seasons.register(RULE_SYSTEM, Seasons())
    matches.standings.register(RULE_SYSTEM, Standings())
    matches.roster.register(RULE_SYSTEM, Roster())
    matches.progression.register(RULE_SYSTEM, ProgressionSeries())
    loadgen.load.register(RULE_SYSTEM, Load())
