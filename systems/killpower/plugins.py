"""Killpower Ball's answers to the plug-in points of the core apps, of betting and of load
generation (``core.plugins``), registered by :func:`register` from the app's ``ready()``."""

from collections.abc import Mapping, Sequence
from typing import Any

from django.db.models import Prefetch

from awards import plugins as award_points
from core import plugins as core
from core import registry
from league import plugins as league
from loadgen import plugins as loadgen
from matches import plugins as matches
from stats import plugins as stats
from systems.killpower import (
    DECIDED_BY,
    RULE_SYSTEM,
    kickoff,
    load,
    progression,
    seasons,
    standings,
    tiebreaks,
    urls,
)
from systems.killpower import awards as season_awards
from systems.killpower import corrections as kp_corrections
from systems.killpower import demo as demos
from systems.killpower import exports as downloads
from systems.killpower import statistics as statistics_read
from systems.killpower.api import fields, gladiators, record_fields
from systems.killpower.api import matches as api_matches
from systems.killpower.api import team_sheet as sheets
from systems.killpower.forms.rules import KillpowerRulesForm
from systems.killpower.selectors import gladiators as selectors
from systems.killpower.services import post_match
from systems.killpower.services import teams as services
from systems.killpower.table_results import KillpowerResults
from systems.killpower.views import league_pages, match_pages
from tournaments import plugins as tournaments


class TeamViews(league.TeamViews):
    team_page = staticmethod(league_pages.team_detail)
    team_sheet = staticmethod(sheets.team_sheet)


class Teams(league.Teams):
    team_register = staticmethod(services.killpower_team_register)
    team_power = staticmethod(selectors.team_power)


class Rows(league.Rows):
    def team_related(self) -> Sequence[str]:
        return ["killpower"]

    def team_prefetches(self) -> Sequence["Prefetch[Any]"]:
        return [selectors.living_prefetch()]


class ApiFields(league.ApiFields):
    def team_api_fields(self) -> Mapping[str, league.FieldFactory]:
        return {"ranking_points": fields.ranking_points_field}


class LeagueSettings(league.LeagueSettings):
    settings_check = staticmethod(services.league_rules_check)


class RulesForm(league.RulesForm):
    def rules_form(self) -> type:
        return KillpowerRulesForm


class Demo(league.Demo):
    demo = staticmethod(demos.build)


class MatchPages(matches.MatchPages):
    fixture_page = staticmethod(match_pages.fixture_detail)
    league_page_context = staticmethod(league_pages.league_context)


class KickOff(matches.KickOff):
    kick_off = staticmethod(kickoff.kick_off)


class Readiness(matches.Readiness):
    teams_not_ready = staticmethod(selectors.teams_not_ready)


class Outcomes(matches.Outcomes):
    outcomes = staticmethod(selectors.bet_outcomes)


class Results(matches.Results):
    result_check = staticmethod(kp_corrections.result_check)
    result_corrected = staticmethod(kp_corrections.result_corrected)
    result_voided = staticmethod(kp_corrections.result_voided)
    fixture_awarded = staticmethod(kp_corrections.fixture_awarded)


class Seasons(matches.Seasons):
    season_champion = staticmethod(seasons.season_champion)
    season_archive = staticmethod(seasons.season_archive)
    season_rollover = staticmethod(seasons.season_rollover)


class Standings(matches.Standings):
    standings_rows = staticmethod(downloads.standings_rows)
    standings_counts = staticmethod(standings.standings_counts)


class Roster(matches.Roster):
    roster_rows = staticmethod(downloads.roster_rows)


class ProgressionSeries(matches.ProgressionSeries):
    progression_series = staticmethod(progression.progression_series)


class Load(loadgen.Load):
    load_teams = staticmethod(load.load_teams)
    load_kick_off = staticmethod(load.load_kick_off)
    load_results = staticmethod(load.load_results)


class Metrics(tournaments.Metrics):
    def metric_labels(self) -> Mapping[str, Any]:
        return tiebreaks.LABELS

    result_metrics = staticmethod(tiebreaks.result_metrics)


class Statistics(stats.Statistics):
    record_keys = statistics_read.RECORD_KEYS

    def statistics(self) -> Sequence[stats.Statistic]:
        return statistics_read.STATISTICS

    lines = staticmethod(statistics_read.lines)
    player_url = staticmethod(statistics_read.player_url)


class RecordFields(matches.RecordFields):
    def record_api_fields(self) -> Mapping[str, Any]:
        return record_fields.record_fields()


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
    matches.record_fields.register(RULE_SYSTEM, RecordFields())
    matches.readiness.register(RULE_SYSTEM, Readiness())
    matches.outcomes.register(RULE_SYSTEM, Outcomes())
    matches.results.register(RULE_SYSTEM, Results())
    matches.table_results.register(RULE_SYSTEM, KillpowerResults())
    matches.seasons.register(RULE_SYSTEM, Seasons())
    tournaments.metrics.register(RULE_SYSTEM, Metrics())
    stats.statistics.register(RULE_SYSTEM, Statistics())
    award_points.season_awards.register(RULE_SYSTEM, season_awards.KillpowerAwards())
    matches.standings.register(RULE_SYSTEM, Standings())
    matches.roster.register(RULE_SYSTEM, Roster())
    matches.progression.register(RULE_SYSTEM, ProgressionSeries())
    loadgen.load.register(RULE_SYSTEM, Load())
