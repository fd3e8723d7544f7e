from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class KillpowerConfig(AppConfig):
    """Killpower Ball: gladiators, results entered at the table, the post-match sequence in a
    worker, championships and tournaments."""

    name = "systems.killpower"
    label = "killpower"
    verbose_name = _("Killpower Ball")

    def ready(self) -> None:
        from core import registry
        from matches.plugins import table_results
        from systems.killpower import (
            DECIDED_BY,
            RULE_SYSTEM,
            demo,
            history,
            kickoff,
            load,
            post_match,
            progression,
            seasons,
            selectors,
            services,
            standings,
            tasks,  # noqa: F401  (registers its task, sent by name)
            urls,
        )
        from systems.killpower import exports as downloads
        from systems.killpower.api import fields, gladiators, matches, team_sheet
        from systems.killpower.corrections import (
            fixture_awarded,
            result_check,
            result_corrected,
            result_voided,
        )
        from systems.killpower.league_rules_form import KillpowerRulesForm
        from systems.killpower.table_results import KillpowerResults
        from systems.killpower.views import league_pages, match_pages

        registry.register(
            registry.Game(
                name=RULE_SYSTEM,
                roster_rows=downloads.roster_rows,
                standings_rows=downloads.standings_rows,
                standings_counts=standings.standings_counts,
                season_archive=seasons.season_archive,
                season_champion=seasons.season_champion,
                season_rollover=seasons.season_rollover,
                post_match_pending=selectors.season_post_match_pending,
                kick_off=kickoff.kick_off,
                team_page=league_pages.team_detail,
                fixture_page=match_pages.fixture_detail,
                team_sheet=team_sheet.team_sheet,
                league_page_context=league_pages.league_context,
                team_register=services.killpower_team_register,
                team_power=selectors.team_power,
                teams_not_ready=selectors.teams_not_ready,
                team_prefetches=[selectors.living_prefetch],
                team_related=["killpower"],
                team_api_fields={"ranking_points": fields.ranking_points_field},
                league_settings_check=services.league_rules_check,
                league_rules_form=KillpowerRulesForm,
                decided_by=DECIDED_BY,
                result_check=result_check,
                result_corrected=result_corrected,
                result_voided=result_voided,
                fixture_awarded=fixture_awarded,
                demo=demo.build,
                load_teams=load.load_teams,
                load_kick_off=load.load_kick_off,
                load_results=load.load_results,
                page_urls={"league": urls.league_patterns, "matches": urls.match_patterns},
                api_urls=urls.api_patterns,
                api_routes=[
                    ("gladiators", gladiators.GladiatorViewSet, "gladiator"),
                    ("result-reports", matches.ResultReportViewSet, "resultreport"),
                ],
                sweeps=[post_match.post_match_sweep],
                bet_outcomes=selectors.bet_outcomes,
                progression_series=progression.progression_series,
            )
        )
        table_results.register(RULE_SYSTEM, KillpowerResults())
        history.register()
