"""Rotzball's answers to the plug-in points of the core apps, of betting and of load
generation (``core.plugins``), registered by :func:`register` from the app's ``ready()``."""

from collections.abc import Mapping, Sequence
from typing import Any

from awards import plugins as award_points
from betting import plugins as betting
from core import plugins as core
from core import registry
from forecasts import plugins as forecasts
from league import plugins as league
from loadgen import plugins as loadgen
from matches import plugins as matches
from matches.models import Fixture
from stats import plugins as stats
from systems.rotzball import (
    DECIDED_BY,
    RULE_SYSTEM,
    documents,
    kickoff,
    load,
    seasons,
    services,
    tiebreaks,
    urls,
)
from systems.rotzball import awards as season_awards
from systems.rotzball import demo as demos
from systems.rotzball import exports as downloads
from systems.rotzball import statistics as statistics_read
from systems.rotzball.api import fields, sheets, views
from systems.rotzball.forms import RotzballRulesForm
from systems.rotzball.selectors import preview
from systems.rotzball.selectors import teams as selectors
from systems.rotzball.views import match_pages, team_pages
from tournaments import plugins as tournaments


class TeamViews(league.TeamViews):
    team_page = staticmethod(team_pages.team_detail)
    team_sheet = staticmethod(sheets.team_sheet)


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

    settings_save = staticmethod(services.league_rules_save)


class RulesForm(league.RulesForm):
    def rules_form(self) -> type:
        return RotzballRulesForm


class Demo(league.Demo):
    demo = staticmethod(demos.build)


class MatchPages(matches.MatchPages):
    fixture_page = staticmethod(match_pages.fixture_detail)


class KickOff(matches.KickOff):
    kick_off = staticmethod(kickoff.kick_off)
    kick_off_many = staticmethod(kickoff.kick_off_many)


class Readiness(matches.Readiness):
    teams_not_ready = staticmethod(selectors.teams_not_ready)


class Outcomes(matches.Outcomes):
    def outcomes(self, fixture: Fixture) -> tuple[str, ...]:
        return ("home", "away")  # a match always has a winner


class Seasons(matches.Seasons):
    season_rollover = staticmethod(seasons.season_rollover)


class Roster(matches.Roster):
    roster_rows = staticmethod(downloads.roster_rows)


class ResultBook(matches.ResultBook):
    result_book_lines = staticmethod(downloads.result_book_lines)


class Odds(betting.Odds):
    odds = staticmethod(preview.fixture_odds)


class Chances(forecasts.Chances):
    def fixture_chances(self, fixture: Fixture) -> dict[str, float] | None:
        """The engine's chances, the very computation the odds are priced from."""
        odds = preview.fixture_odds(fixture)
        return None if odds is None else odds["probabilities"]

    def fixtures_chances(self, fixtures: list[Fixture]) -> dict[int, dict[str, float] | None]:
        """The same chances for every fixture left, kept per fixture and line-up."""
        return preview.fixtures_chances(fixtures)


class Load(loadgen.Load):
    load_teams = staticmethod(load.load_teams)
    load_kick_off = staticmethod(load.load_kick_off)


class Metrics(tournaments.Metrics):
    def metric_labels(self) -> Mapping[str, Any]:
        return tiebreaks.LABELS

    result_metrics = staticmethod(tiebreaks.result_metrics)


class Statistics(stats.Statistics):
    record_keys = statistics_read.RECORD_KEYS

    def statistics(self) -> Sequence[stats.Statistic]:
        return statistics_read.STATISTICS

    lines = staticmethod(statistics_read.lines)


class RecordFields(matches.RecordFields):
    def record_api_fields(self) -> Mapping[str, Any]:
        return fields.record_fields()


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
    matches.record_fields.register(RULE_SYSTEM, RecordFields())
    matches.readiness.register(RULE_SYSTEM, Readiness())
    matches.outcomes.register(RULE_SYSTEM, Outcomes())
    matches.seasons.register(RULE_SYSTEM, Seasons())
    tournaments.metrics.register(RULE_SYSTEM, Metrics())
    stats.statistics.register(RULE_SYSTEM, Statistics())
    award_points.season_awards.register(RULE_SYSTEM, season_awards.RotzballAwards())
    matches.roster.register(RULE_SYSTEM, Roster())
    matches.result_book.register(RULE_SYSTEM, ResultBook())
    betting.odds.register(RULE_SYSTEM, Odds())
    forecasts.chances.register(RULE_SYSTEM, Chances())
    loadgen.load.register(RULE_SYSTEM, Load())
