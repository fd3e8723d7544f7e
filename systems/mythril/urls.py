"""The Mythril league's pages in the core namespaces (``league:my_*`` under /leagues/,
``matches:my_*`` under /matches/) and its API commands (``api_patterns``, under /api/v1/)."""

from django.urls import path

from matches.table_results import urls as table_urls
from systems.mythril.api import views as api
from systems.mythril.views import match_pages, team_pages, trophy_pages

league_patterns = [
    path("<int:pk>/mythril-teams/new/", team_pages.team_create, name="my_team_create"),
    path("<int:pk>/mythril-teams/check/", team_pages.team_check, name="my_team_check"),
    path("<int:pk>/mythril-roster-data/", team_pages.roster_data, name="my_roster_data"),
    path("teams/<int:pk>/mythril-sheet/", team_pages.team_sheet, name="my_team_sheet"),
    path("teams/<int:pk>/mythril-hire/", team_pages.team_hire, name="my_hire"),
    path("teams/<int:pk>/mythril-apothecary/", team_pages.team_apothecary, name="my_apothecary"),
    path("teams/<int:pk>/mythril-lineup/", team_pages.team_lineup, name="my_lineup"),
    path("teams/<int:pk>/mythril-entry/", team_pages.matchday_enter, name="my_matchday_enter"),
    path("teams/<int:pk>/mythril-bet/", team_pages.team_bet, name="my_team_bet"),
    path("mythril-players/<int:pk>/fire/", team_pages.player_fire, name="my_fire"),
    path("mythril-players/<int:pk>/rename/", team_pages.player_rename, name="my_rename"),
    path("mythril-level-ups/<int:pk>/", team_pages.level_up_choose, name="my_level_up"),
    path(
        "seasons/<int:pk>/mythril-bets/<int:round>/",
        team_pages.matchday_bets,
        name="my_matchday_bets",
    ),
    path("seasons/<int:pk>/mythril-trophies/", trophy_pages.trophy_create, name="my_trophy_create"),
]

match_patterns = [
    *table_urls.page_patterns(match_pages.ROUTES, match_pages.PAGES),
    path("<int:pk>/mythril-sheet/", match_pages.match_sheet, name="my_match_sheet"),
]

api_patterns = [*api.API.patterns(), *table_urls.api_patterns(match_pages.ROUTES, api.REPORTS)]
