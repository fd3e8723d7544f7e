from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TutatisConfig(AppConfig):
    """Tutatis: team lists, teams built within a budget, match-day rolls, results entered at
    the table and confirmed, injuries carried to the next match."""

    name = "systems.tutatis"
    label = "tutatis"
    verbose_name = _("Tutatis")

    def ready(self) -> None:
        from core import registry
        from matches.plugins import table_results
        from systems.tutatis import (
            DECIDED_BY,
            RULE_SYSTEM,
            demo,
            history,
            kickoff,
            load,
            seasons,
            selectors,
            tasks,  # noqa: F401  (registers its task, sent by name)
            urls,
        )
        from systems.tutatis import exports as downloads
        from systems.tutatis.api import fields, views
        from systems.tutatis.corrections import result_corrected, result_voided
        from systems.tutatis.forms import TutatisRulesForm
        from systems.tutatis.services import post_match, settings
        from systems.tutatis.table_results import TutatisResults
        from systems.tutatis.views import matches, teams

        registry.register(
            registry.Game(
                name=RULE_SYSTEM,
                roster_rows=downloads.roster_rows,
                season_rollover=seasons.season_rollover,
                post_match_pending=selectors.season_post_match_pending,
                kick_off=kickoff.kick_off,
                team_page=teams.team_detail,
                fixture_page=matches.fixture_detail,
                team_sheet=fields.team_sheet,
                teams_not_ready=selectors.teams_not_ready,
                league_page_context=teams.league_context,
                league_rules_form=TutatisRulesForm,
                league_related=["tutatis_rules"],
                league_api_fields={
                    "tutatis_budget": fields.budget_field,
                    "time_warp_tokens": fields.tokens_field,
                },
                league_settings_fields={
                    "tutatis_budget": fields.budget_setting,
                    "time_warp_tokens": fields.tokens_setting,
                },
                league_settings_save=settings.league_rules_save,
                decided_by=DECIDED_BY,
                result_corrected=result_corrected,
                result_voided=result_voided,
                sweeps=[post_match.post_match_sweep],
                demo=demo.build,
                load_teams=load.load_teams,
                load_kick_off=load.load_kick_off,
                load_results=load.load_results,
                page_urls={"league": urls.league_patterns, "matches": urls.match_patterns},
                api_urls=urls.api_patterns,
                api_routes=[
                    ("tutatis/team-lists", views.TeamListViewSet, "tutatis-teamlist"),
                    ("tutatis/list-entries", views.ListEntryViewSet, "tutatis-listentry"),
                    ("tutatis/players", views.PlayerViewSet, "tutatis-player"),
                    ("tutatis/rolls", views.MatchRollViewSet, "tutatis-roll"),
                    ("tutatis/result-reports", views.ResultReportViewSet, "tutatis-report"),
                ],
            )
        )
        table_results.register(RULE_SYSTEM, TutatisResults())
        history.register()
