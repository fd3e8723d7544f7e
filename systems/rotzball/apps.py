from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RotzballConfig(AppConfig):
    """Rotzball: players, line-ups and match plans; its matches are simulated by the workers."""

    name = "systems.rotzball"
    label = "rotzball"
    verbose_name = _("Rotzball")

    def ready(self) -> None:
        from core import registry
        from systems.rotzball import (
            DECIDED_BY,
            RULE_SYSTEM,
            demo,
            documents,
            history,
            kickoff,
            load,
            preview,
            seasons,
            selectors,
            services,
            urls,
        )
        from systems.rotzball import exports as downloads
        from systems.rotzball.api import fields, sheets, views
        from systems.rotzball.forms import RotzballRulesForm
        from systems.rotzball.views import pages

        registry.register(
            registry.Game(
                name=RULE_SYSTEM,
                roster_rows=downloads.roster_rows,
                result_book_lines=downloads.result_book_lines,
                season_rollover=seasons.season_rollover,
                kick_off=kickoff.kick_off,
                kick_off_many=kickoff.kick_off_many,
                team_page=pages.team_detail,
                fixture_page=pages.fixture_detail,
                team_sheet=sheets.team_sheet,
                league_rules_form=RotzballRulesForm,
                decided_by=DECIDED_BY,
                teams_not_ready=selectors.teams_not_ready,
                team_related=["match_plan"],
                league_related=["rotzball_rules"],
                team_api_fields={"tactic": fields.tactic_field},
                league_api_fields={"coach_rule": fields.coach_rule_field},
                league_settings_fields={"coach_rule": fields.coach_rule_setting},
                league_settings_save=services.league_rules_save,
                demo=demo.build,
                load_teams=load.load_teams,
                load_kick_off=load.load_kick_off,
                documents={
                    "record": documents.MATCH_RECORD,
                    "sheet": documents.TEAM_SHEET,
                    "options": documents.OPTIONS,
                },
                page_urls={"league": urls.league_patterns},
                api_urls=urls.api_patterns,
                api_routes=[("players", views.PlayerViewSet, "player")],
                bet_outcomes=lambda fixture: ("home", "away"),
                odds=preview.fixture_odds,
            )
        )
        history.register()
