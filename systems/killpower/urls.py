"""Killpower Ball's pages, each in the core namespace whose address it has always had
(``league:kp_team_sheet`` under /leagues/, ``matches:kp_result`` under /matches/), and its
API commands (``api_patterns``, under /api/v1/)."""

from django.urls import path

from matches.table_results import urls as table_urls
from systems.killpower.api import gladiators, matches
from systems.killpower.views import league_pages, match_pages

league_patterns = [
    path("teams/<int:pk>/sheet/", league_pages.team_sheet, name="kp_team_sheet"),
    path("gladiators/<int:pk>/", league_pages.gladiator_detail, name="gladiator"),
    path("gladiators/<int:pk>/rename/", league_pages.gladiator_rename, name="kp_gladiator_rename"),
    path("teams/<int:pk>/raises/", league_pages.raises, name="kp_raises"),
    path("<int:pk>/killpower-teams/new/", league_pages.team_create, name="kp_team_create"),
    path("<int:pk>/tournament/new/", league_pages.tournament_create, name="kp_tournament_create"),
    path("<int:pk>/results/", league_pages.results_queue, name="kp_queue"),
]

match_patterns = [
    path("<int:pk>/referee-sheet/", match_pages.referee_sheet, name="kp_referee_sheet"),
    path("<int:pk>/kick-off/", match_pages.kick_off, name="kp_kick_off"),
    path("reports/<int:pk>/", match_pages.report_detail, name="kp_report"),
    *table_urls.page_patterns(match_pages.ROUTES, match_pages.PAGES),
    path("reports/<int:pk>/correct/", match_pages.report_correct, name="kp_report_correct"),
]

api_patterns = [
    *gladiators.COMMISSIONER.patterns(),
    *gladiators.ROSTER.patterns(),
    *matches.COMMISSIONER.patterns(),
    *matches.READ.patterns(),
    path("result-reports/queue/", matches.ResultQueueView.as_view(), name="resultreport-queue"),
    *table_urls.api_patterns(match_pages.ROUTES, matches.REPORTS),
]
"""The API's commands, each declared once (``CommandRoutes``), and the reports' views (the
workflow's)."""
