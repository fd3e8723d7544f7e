from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MythrilConfig(AppConfig):
    """The Mythril league: Blood Bowl house rules, roster data per league, results entered at
    the table, the post-match sequence in a worker, team bets on the ledger, trophies."""

    name = "systems.mythril"
    label = "mythril"
    verbose_name = _("Mythril league")

    def ready(self) -> None:
        from core import registry
        from matches.plugins import table_results
        from systems.mythril import (
            DECIDED_BY,
            RULE_SYSTEM,
            demo,
            history,
            kickoff,
            load,
            post_match,
            progression,
            receivers,  # noqa: F401  (a new league gets its settings and sample data)
            seasons,
            settings_store,
            standings,
            tasks,  # noqa: F401  (registers its tasks, sent by name)
            team_bets,
            teams,
            urls,
        )
        from systems.mythril import exports as downloads
        from systems.mythril import selectors as mythril_selectors
        from systems.mythril.api import fields
        from systems.mythril.corrections import result_corrected, result_voided
        from systems.mythril.league_rules_form import MythrilRulesForm
        from systems.mythril.table_results import MythrilResults
        from systems.mythril.views import match_pages, team_pages

        registry.register(
            registry.Game(
                name=RULE_SYSTEM,
                roster_rows=downloads.roster_rows,
                standings_rows=downloads.standings_rows,
                standings_counts=standings.standings_counts,
                season_champion=seasons.season_champion,
                season_rollover=seasons.season_rollover,
                post_match_pending=mythril_selectors.season_post_match_pending,
                kick_off=kickoff.kick_off,
                team_page=team_pages.team_detail,
                fixture_page=match_pages.fixture_detail,
                team_sheet=fields.team_sheet,
                league_page_context=team_pages.league_context,
                team_register=teams.mythril_team_register,
                team_related=["mythril"],
                team_api_fields={"treasury": fields.treasury_field},
                league_api_fields={"mythril_settings": fields.mythril_settings_field},
                league_settings_check=settings_store.league_rules_check,
                league_rules_form=MythrilRulesForm,
                league_settings_fields=fields.SETTINGS_FIELDS,
                league_settings_save=settings_store.league_rules_save,
                decided_by=DECIDED_BY,
                result_corrected=result_corrected,
                result_voided=result_voided,
                bets_void=team_bets.bets_void,
                demo=demo.build,
                load_teams=load.load_teams,
                load_kick_off=load.load_kick_off,
                load_results=load.load_results,
                page_urls={"league": urls.league_patterns, "matches": urls.match_patterns},
                api_urls=urls.api_patterns,
                sweeps=[post_match.post_match_sweep, team_bets.team_bets_sweep],
                progression_series=progression.progression_series,
            )
        )
        table_results.register(RULE_SYSTEM, MythrilResults())
        history.register()
