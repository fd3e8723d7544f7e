"""The Mythril league's answers to the plug-in points of the core apps, of betting and of load
generation (``core.plugins``), registered by :func:`register` from the app's ``ready()``."""

from collections.abc import Mapping, Sequence
from typing import Any

from awards import plugins as award_points
from betting import plugins as betting
from core import plugins as core
from core import registry
from league import plugins as league
from loadgen import plugins as loadgen
from matches import plugins as matches
from stats import plugins as stats
from systems.mythril import (
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
from systems.mythril import awards as season_awards
from systems.mythril import corrections as my_corrections
from systems.mythril import demo as demos
from systems.mythril import exports as downloads
from systems.mythril import statistics as statistics_read
from systems.mythril.api import fields
from systems.mythril.forms import MythrilRulesForm
from systems.mythril.services import post_match, team_bets, teams
from systems.mythril.services import settings as settings_store
from systems.mythril.table_results import MythrilResults
from systems.mythril.views import match_pages, team_pages
from tournaments import plugins as tournaments


class TeamViews(league.TeamViews):
    team_page = staticmethod(team_pages.team_detail)
    team_sheet = staticmethod(fields.team_sheet)


class Teams(league.Teams):
    team_register = staticmethod(teams.mythril_team_register)


class Rows(league.Rows):
    def team_related(self) -> Sequence[str]:
        return ["mythril"]


class ApiFields(league.ApiFields):
    def team_api_fields(self) -> Mapping[str, league.FieldFactory]:
        return {"treasury": fields.treasury_field}

    def league_api_fields(self) -> Mapping[str, league.FieldFactory]:
        return {"mythril_settings": fields.mythril_settings_field}


class LeagueSettings(league.LeagueSettings):
    def settings_fields(self) -> Mapping[str, league.FieldFactory]:
        return fields.SETTINGS_FIELDS

    settings_save = staticmethod(settings_store.league_rules_save)
    settings_check = staticmethod(settings_store.league_rules_check)


class RulesForm(league.RulesForm):
    def rules_form(self) -> type:
        return MythrilRulesForm


class Demo(league.Demo):
    demo = staticmethod(demos.build)


class MatchPages(matches.MatchPages):
    fixture_page = staticmethod(match_pages.fixture_detail)
    league_page_context = staticmethod(team_pages.league_context)


class KickOff(matches.KickOff):
    kick_off = staticmethod(kickoff.kick_off)


class Results(matches.Results):
    result_corrected = staticmethod(my_corrections.result_corrected)
    result_voided = staticmethod(my_corrections.result_voided)


class Seasons(matches.Seasons):
    season_champion = staticmethod(seasons.season_champion)
    season_rollover = staticmethod(seasons.season_rollover)


class Standings(matches.Standings):
    standings_rows = staticmethod(downloads.standings_rows)
    standings_counts = staticmethod(standings.standings_counts)


class Roster(matches.Roster):
    roster_rows = staticmethod(downloads.roster_rows)


class ProgressionSeries(matches.ProgressionSeries):
    progression_series = staticmethod(progression.progression_series)


class BetsVoid(betting.BetsVoid):
    bets_void = staticmethod(team_bets.bets_void)


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


def register() -> None:
    """The game, its sweeps, then every plug-in point it answers."""
    registry.register(registry.Game(name=RULE_SYSTEM, decided_by=DECIDED_BY))
    for sweep in (post_match.post_match_sweep, team_bets.team_bets_sweep):
        registry.register_sweep(f"{RULE_SYSTEM}.{sweep.__name__}", sweep)
    core.routes.register(
        RULE_SYSTEM,
        core.RouteLists(
            pages={"league": urls.league_patterns, "matches": urls.match_patterns},
            api_urls=urls.api_patterns,
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
    matches.results.register(RULE_SYSTEM, Results())
    matches.table_results.register(RULE_SYSTEM, MythrilResults())
    matches.seasons.register(RULE_SYSTEM, Seasons())
    tournaments.metrics.register(RULE_SYSTEM, Metrics())
    stats.statistics.register(RULE_SYSTEM, Statistics())
    award_points.season_awards.register(RULE_SYSTEM, season_awards.MythrilAwards())
    matches.standings.register(RULE_SYSTEM, Standings())
    matches.roster.register(RULE_SYSTEM, Roster())
    matches.progression.register(RULE_SYSTEM, ProgressionSeries())
    betting.bets_void.register(RULE_SYSTEM, BetsVoid())
    loadgen.load.register(RULE_SYSTEM, Load())
