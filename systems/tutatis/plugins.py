"""Tutatis's answers to the plug-in points of the core apps and of load generation
(``core.plugins``), registered by :func:`register` from the app's ``ready()``."""

from collections.abc import Mapping, Sequence
from typing import Any

from awards import plugins as award_points
from core import plugins as core
from core import registry
from league import plugins as league
from loadgen import plugins as loadgen
from matches import plugins as matches
from stats import plugins as stats
from systems.tutatis import (
    DECIDED_BY,
    RULE_SYSTEM,
    kickoff,
    load,
    seasons,
    selectors,
    tiebreaks,
    urls,
)
from systems.tutatis import awards as season_awards
from systems.tutatis import corrections as tt_corrections
from systems.tutatis import demo as demos
from systems.tutatis import exports as downloads
from systems.tutatis import statistics as statistics_read
from systems.tutatis.api import fields, views
from systems.tutatis.forms import TutatisRulesForm
from systems.tutatis.services import post_match, settings
from systems.tutatis.table_results import TutatisResults
from systems.tutatis.views import match_pages, team_pages
from tournaments import plugins as tournaments


class TeamViews(league.TeamViews):
    team_page = staticmethod(team_pages.team_detail)
    team_sheet = staticmethod(fields.team_sheet)


class Rows(league.Rows):
    def league_related(self) -> Sequence[str]:
        return ["tutatis_rules"]


class ApiFields(league.ApiFields):
    def league_api_fields(self) -> Mapping[str, league.FieldFactory]:
        return {"tutatis_budget": fields.budget_field, "time_warp_tokens": fields.tokens_field}


class LeagueSettings(league.LeagueSettings):
    def settings_fields(self) -> Mapping[str, league.FieldFactory]:
        return {"tutatis_budget": fields.budget_setting, "time_warp_tokens": fields.tokens_setting}

    settings_save = staticmethod(settings.league_rules_save)


class RulesForm(league.RulesForm):
    def rules_form(self) -> type:
        return TutatisRulesForm


class Demo(league.Demo):
    demo = staticmethod(demos.build)


class MatchPages(matches.MatchPages):
    fixture_page = staticmethod(match_pages.fixture_detail)
    league_page_context = staticmethod(team_pages.league_context)


class KickOff(matches.KickOff):
    kick_off = staticmethod(kickoff.kick_off)
    kick_off_many = staticmethod(kickoff.kick_off_many)


class Readiness(matches.Readiness):
    teams_not_ready = staticmethod(selectors.teams_not_ready)


class Results(matches.Results):
    result_corrected = staticmethod(tt_corrections.result_corrected)
    result_voided = staticmethod(tt_corrections.result_voided)


class Seasons(matches.Seasons):
    season_rollover = staticmethod(seasons.season_rollover)


class Roster(matches.Roster):
    roster_rows = staticmethod(downloads.roster_rows)


class Load(loadgen.Load):
    load_teams = staticmethod(load.load_teams)
    load_entry = staticmethod(load.load_entry)


class Metrics(tournaments.Metrics):
    def metric_labels(self) -> Mapping[str, Any]:
        return tiebreaks.LABELS

    result_metrics = staticmethod(tiebreaks.result_metrics)


class Statistics(stats.Statistics):
    record_keys = statistics_read.RECORD_KEYS

    def statistics(self) -> Sequence[stats.Statistic]:
        return statistics_read.STATISTICS

    lines = staticmethod(statistics_read.lines)


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
    matches.table_results.register(RULE_SYSTEM, TutatisResults())
    matches.seasons.register(RULE_SYSTEM, Seasons())
    tournaments.metrics.register(RULE_SYSTEM, Metrics())
    stats.statistics.register(RULE_SYSTEM, Statistics())
    award_points.season_awards.register(RULE_SYSTEM, season_awards.TutatisAwards())
    matches.roster.register(RULE_SYSTEM, Roster())
    loadgen.load.register(RULE_SYSTEM, Load())
