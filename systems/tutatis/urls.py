"""Tutatis pages in the core namespaces (``league:tt_*`` under /leagues/, ``matches:tt_*``
under /matches/) and its API commands (under /api/v1/tutatis/)."""

from django.urls import path

from matches.table_results import urls as table_urls
from systems.tutatis.api import commands, views
from systems.tutatis.views import match_pages, team_pages

league_patterns = [
    path("teams/<int:pk>/tutatis/roster/", team_pages.roster, name="tt_roster"),
    path("teams/<int:pk>/tutatis/list/", team_pages.team_list_choose, name="tt_team_list"),
    path("teams/<int:pk>/tutatis/sheet/", team_pages.team_sheet, name="tt_team_sheet"),
    path("<int:pk>/tutatis/lists/", team_pages.team_lists, name="tt_lists"),
    path(
        "<int:pk>/tutatis/lists/<int:list_pk>/copy/", team_pages.team_list_copy, name="tt_list_copy"
    ),
    path("tutatis/entries/<int:pk>/edit/", team_pages.entry_edit, name="tt_entry_edit"),
    path("tutatis/players/<int:pk>/<str:verb>/", team_pages.player_action, name="tt_player"),
]

match_patterns = [
    path("<int:pk>/tutatis/roll/", match_pages.roll, name="tt_roll"),
    path("tutatis/rolls/<int:pk>/time-warp/", match_pages.time_warp, name="tt_time_warp"),
    *table_urls.page_patterns(match_pages.ROUTES, match_pages.PAGES),
    path("<int:pk>/tutatis/sheet/", match_pages.match_sheet, name="tt_match_sheet"),
]

api_patterns = [
    *commands.API.patterns(),
    *table_urls.api_patterns(match_pages.ROUTES, views.REPORTS),
]
