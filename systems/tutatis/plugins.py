"""Tutatis's answers to the plug-in points of the core apps and of load generation
(``core.plugins``), registered by :func:`register` from the app's ``ready()``."""

from django.utils.translation import gettext_lazy as _

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
                ("tutatis/team-lists", views.TeamListViewSet, "tutatis-teamlist"),
                ("tutatis/list-entries", views.ListEntryViewSet, "tutatis-listentry"),
                ("tutatis/players", views.PlayerViewSet, "tutatis-player"),
                ("tutatis/rolls", views.MatchRollViewSet, "tutatis-roll"),
                ("tutatis/result-reports", views.ResultReportViewSet, "tutatis-report"),
            ],
        ),
    )
    league.team_views.answer(
        RULE_SYSTEM, team_page=team_pages.team_detail, team_sheet=fields.team_sheet
    )
    league.rows.answer(RULE_SYSTEM, league_related=["tutatis_rules"])
    league.api_fields.answer(
        RULE_SYSTEM,
        league_api_fields={
            "tutatis_budget": fields.budget_field,
            "time_warp_tokens": fields.tokens_field,
        },
    )
    league.league_settings.answer(
        RULE_SYSTEM,
        settings_fields={
            "tutatis_budget": fields.budget_setting,
            "time_warp_tokens": fields.tokens_setting,
        },
        settings_save=settings.league_rules_save,
    )
    league.rules_form.answer(RULE_SYSTEM, rules_form=TutatisRulesForm)
    league.demo.answer(RULE_SYSTEM, demo=demos.build)
    matches.pages.answer(
        RULE_SYSTEM,
        fixture_page=match_pages.fixture_detail,
        league_page_context=team_pages.league_context,
    )
    matches.kick_off.register(RULE_SYSTEM, kickoff.KICK_OFF)
    matches.readiness.answer(RULE_SYSTEM, teams_not_ready=selectors.teams_not_ready)
    matches.results.answer(
        RULE_SYSTEM,
        result_corrected=tt_corrections.result_corrected,
        result_voided=tt_corrections.result_voided,
    )
    matches.table_results.register(RULE_SYSTEM, TutatisResults())
    matches.seasons.answer(RULE_SYSTEM, season_rollover=seasons.season_rollover)
    tournaments.metrics.answer(
        RULE_SYSTEM,
        score_labels={
            "victory_point_difference": _("Victory point difference"),
            "victory_points": _("Victory points"),
        },
    )
    stats.statistics.answer(
        RULE_SYSTEM,
        record_keys=statistics_read.RECORD_KEYS,
        statistics=statistics_read.STATISTICS,
        lines=statistics_read.lines,
    )
    award_points.season_awards.answer(
        RULE_SYSTEM,
        kinds=season_awards.KINDS,
        statistic_lines=statistics_read.lines,
        team_players=season_awards.team_players,
    )
    matches.roster.answer(RULE_SYSTEM, roster_rows=downloads.roster_rows)
    loadgen.load.answer(
        RULE_SYSTEM,
        load_teams=load.load_teams,
        load_entry=load.load_entry,
    )
