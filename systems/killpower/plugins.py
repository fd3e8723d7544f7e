"""Killpower Ball's answers to the plug-in points of the core apps, of betting and of load
generation (``core.plugins``), registered by :func:`register` from the app's ``ready()``."""

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
from systems.killpower.selectors import standings
from systems.killpower.services import post_match
from systems.killpower.services import teams as services
from systems.killpower.table_results import KillpowerResults
from systems.killpower.views import league_pages, match_pages
from tournaments import plugins as tournaments


def register() -> None:
    """The game, its sweep, then every plug-in point it answers."""
    registry.register(registry.Game(name=RULE_SYSTEM, decided_by=DECIDED_BY))
    registry.register_sweep(f"{RULE_SYSTEM}.post_match_sweep", post_match.post_match_sweep)
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
    league.team_views.answer(
        RULE_SYSTEM, team_page=league_pages.team_detail, team_sheet=sheets.team_sheet
    )
    league.teams.answer(
        RULE_SYSTEM,
        team_register=services.killpower_team_register,
        team_power=selectors.team_power,
    )
    league.rows.answer(
        RULE_SYSTEM,
        team_related=["killpower"],
        teams_read=selectors.living_read,
    )
    league.api_fields.answer(
        RULE_SYSTEM, team_api_fields={"ranking_points": fields.ranking_points_field}
    )
    league.league_settings.answer(RULE_SYSTEM, settings_check=services.league_rules_check)
    league.rules_form.answer(RULE_SYSTEM, rules_form=KillpowerRulesForm)
    league.demo.answer(RULE_SYSTEM, demo=demos.build)
    matches.pages.answer(
        RULE_SYSTEM,
        fixture_page=match_pages.fixture_detail,
        league_page_context=league_pages.league_context,
    )
    matches.kick_off.register(RULE_SYSTEM, kickoff.KICK_OFF)
    matches.record_fields.answer(RULE_SYSTEM, record_api_fields=record_fields.record_fields)
    matches.readiness.answer(RULE_SYSTEM, teams_not_ready=selectors.teams_not_ready)
    matches.outcomes.answer(RULE_SYSTEM, outcomes=selectors.bet_outcomes)
    matches.results.answer(
        RULE_SYSTEM,
        result_check=kp_corrections.result_check,
        result_corrected=kp_corrections.result_corrected,
        result_voided=kp_corrections.result_voided,
        fixture_awarded=kp_corrections.fixture_awarded,
    )
    matches.table_results.register(RULE_SYSTEM, KillpowerResults())
    matches.seasons.answer(
        RULE_SYSTEM,
        season_champion=seasons.season_champion,
        season_archive=seasons.season_archive,
        season_rollover=seasons.season_rollover,
        crowns_by_points=False,  # the top of the ranking points table, not of league points
    )
    tournaments.metrics.answer(
        RULE_SYSTEM, own_labels=tiebreaks.LABELS, own_metrics=tiebreaks.own_metrics
    )
    stats.statistics.answer(
        RULE_SYSTEM,
        record_keys=statistics_read.RECORD_KEYS,
        statistics=statistics_read.STATISTICS,
        lines=statistics_read.lines,
        player_url=statistics_read.player_url,
    )
    award_points.season_awards.answer(
        RULE_SYSTEM,
        kinds=season_awards.KINDS,
        statistic_lines=statistics_read.lines,
        team_players=season_awards.team_players,
        player_url=season_awards.player_url,
        match_score=season_awards.match_score,
        score_fields=season_awards.SCORE_FIELDS,
    )
    matches.standings.answer(
        RULE_SYSTEM,
        standings_rows=downloads.standings_rows,
        standings_counts=standings.standings_counts,
    )
    matches.roster.answer(RULE_SYSTEM, roster_rows=downloads.roster_rows)
    matches.progression.answer(RULE_SYSTEM, progression_series=progression.progression_series)
    loadgen.load.answer(
        RULE_SYSTEM,
        load_teams=load.load_teams,
        load_entry=load.load_entry,
        load_results=load.load_results,
    )
