"""Rotzball's answers to the plug-in points of the core apps, of betting and of load
generation (``core.plugins``), registered by :func:`register` from the app's ``ready()``."""

from django.utils.translation import gettext_lazy as _

from awards import plugins as award_points
from betting import plugins as betting
from core import plugins as core
from core import registry
from forecasts import plugins as forecasts
from league import plugins as league
from loadgen import plugins as loadgen
from matches import plugins as matches
from stats import plugins as stats
from systems.rotzball import (
    DECIDED_BY,
    RULE_SYSTEM,
    awards,
    demo,
    documents,
    exports,
    kickoff,
    load,
    services,
    statistics,
    urls,
)
from systems.rotzball.api import fields, sheets, views
from systems.rotzball.forms import RotzballRulesForm
from systems.rotzball.selectors import preview
from systems.rotzball.selectors import teams as selectors
from systems.rotzball.views import match_pages, team_pages
from tournaments import plugins as tournaments


class Chances(forecasts.Chances):
    """The engine's chances, the computation the odds are priced from over fewer matches
    (``preview.FORECAST_MATCHES``), kept per fixture and line-up."""

    fixture_chances = staticmethod(preview.fixture_chances)
    fixtures_chances = staticmethod(preview.fixtures_chances)


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
    league.team_views.answer(
        RULE_SYSTEM, team_page=team_pages.team_detail, team_sheet=sheets.team_sheet
    )
    league.rows.answer(RULE_SYSTEM, team_related=["match_plan"], league_related=["rotzball_rules"])
    league.api_fields.answer(
        RULE_SYSTEM,
        team_api_fields={"tactic": fields.tactic_field},
        league_api_fields={"coach_rule": fields.coach_rule_field},
    )
    league.league_settings.answer(
        RULE_SYSTEM,
        settings_fields={"coach_rule": fields.coach_rule_setting},
        settings_save=services.league_rules_save,
    )
    league.rules_form.answer(RULE_SYSTEM, rules_form=RotzballRulesForm)
    league.demo.answer(RULE_SYSTEM, demo=demo.build)
    matches.pages.answer(RULE_SYSTEM, fixture_page=match_pages.fixture_detail)
    matches.record_fields.answer(RULE_SYSTEM, record_api_fields=fields.record_fields)
    matches.kick_off.register(RULE_SYSTEM, kickoff.KICK_OFF)
    matches.readiness.answer(RULE_SYSTEM, teams_not_ready=selectors.teams_not_ready)
    matches.outcomes.answer(RULE_SYSTEM, outcomes=("home", "away"))  # a match always has a winner
    # No season_rollover: the rules keep nothing from one match to the next (no injury,
    # fatigue or experience), so a team starts a new season with its roster as it is.
    tournaments.metrics.answer(
        RULE_SYSTEM,
        score_labels={"goal_difference": _("Goal difference"), "goals_for": _("Goals scored")},
    )
    stats.statistics.answer(
        RULE_SYSTEM,
        record_keys=statistics.RECORD_KEYS,
        statistics=statistics.STATISTICS,
        lines=statistics.lines,
    )
    award_points.season_awards.answer(
        RULE_SYSTEM,
        kinds=awards.KINDS,
        statistic_lines=statistics.lines,
        team_players=awards.team_players,
    )
    matches.roster.answer(RULE_SYSTEM, roster_rows=exports.roster_rows)
    matches.result_book.answer(RULE_SYSTEM, result_book_lines=exports.result_book_lines)
    betting.odds.answer(RULE_SYSTEM, odds=preview.fixture_odds)
    forecasts.chances.register(RULE_SYSTEM, Chances())
    loadgen.load.answer(RULE_SYSTEM, load_teams=load.load_teams, load_kick_off=load.load_kick_off)
