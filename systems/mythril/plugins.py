"""The Mythril league's answers to the plug-in points of the core apps, of betting and of load
generation (``core.plugins``), registered by :func:`register` from the app's ``ready()``."""

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
    selectors,
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
    league.team_views.answer(
        RULE_SYSTEM, team_page=team_pages.team_detail, team_sheet=fields.team_sheet
    )
    league.teams.answer(RULE_SYSTEM, team_register=teams.mythril_team_register)
    league.rows.answer(
        RULE_SYSTEM,
        team_related=["mythril"],
        league_related=["mythril_settings"],
        teams_read=selectors.treasuries_read,
    )
    league.api_fields.answer(
        RULE_SYSTEM,
        team_api_fields={"treasury": fields.treasury_field},
        league_api_fields={"mythril_settings": fields.mythril_settings_field},
    )
    league.league_settings.answer(
        RULE_SYSTEM,
        settings_fields=fields.SETTINGS_FIELDS,
        settings_save=settings_store.league_rules_save,
        settings_check=settings_store.league_rules_check,
    )
    league.rules_form.answer(RULE_SYSTEM, rules_form=MythrilRulesForm)
    league.demo.answer(RULE_SYSTEM, demo=demos.build)
    matches.pages.answer(
        RULE_SYSTEM,
        fixture_page=match_pages.fixture_detail,
        league_page_context=team_pages.league_context,
    )
    matches.kick_off.register(RULE_SYSTEM, kickoff.KICK_OFF)
    matches.results.answer(
        RULE_SYSTEM,
        result_corrected=my_corrections.result_corrected,
        result_voided=my_corrections.result_voided,
    )
    matches.table_results.register(RULE_SYSTEM, MythrilResults())
    matches.seasons.answer(
        RULE_SYSTEM,
        season_champion=seasons.season_champion,
        season_rollover=seasons.season_rollover,
    )
    tournaments.metrics.answer(
        RULE_SYSTEM,
        score_labels=tiebreaks.SCORE_LABELS,
        own_labels=tiebreaks.LABELS,
        own_metrics=tiebreaks.own_metrics,
    )
    stats.statistics.answer(
        RULE_SYSTEM,
        record_keys=statistics_read.RECORD_KEYS,
        statistics=statistics_read.STATISTICS,
        lines=statistics_read.lines,
    )
    award_points.season_awards.register(RULE_SYSTEM, season_awards.MythrilAwards())
    matches.standings.answer(
        RULE_SYSTEM,
        standings_rows=downloads.standings_rows,
        standings_counts=standings.standings_counts,
    )
    matches.roster.answer(RULE_SYSTEM, roster_rows=downloads.roster_rows)
    matches.progression.answer(RULE_SYSTEM, progression_series=progression.progression_series)
    betting.bets_void.answer(RULE_SYSTEM, bets_void=team_bets.bets_void)
    loadgen.load.answer(
        RULE_SYSTEM,
        load_teams=load.load_teams,
        load_kick_off=load.load_kick_off,
        load_results=load.load_results,
    )
