"""The REST API, version 1: a browsable router root, plus one small view per domain command.

The core apps' endpoints are listed here; each game's come from its registration
(``core.plugins.routes``), and the campaigns' from ``battles.api.urls``.
"""

from django.urls import path
from rest_framework.routers import DefaultRouter

from awards.api import urls as award_urls
from battles.api import urls as battle_urls
from betting.api import urls as betting_urls
from core import plugins
from core.api import accounts
from core.url_groups import by_first_segment
from forecasts.api import urls as forecast_urls
from league.api import auth
from league.api import commands as league_commands
from league.api import history as league_history
from league.api import views as league_views
from matches.api import charts as match_charts
from matches.api import commands as match_commands
from matches.api import corrections
from matches.api import deadlines as match_deadlines
from matches.api import head_to_head as match_head_to_head
from matches.api import history as match_history
from matches.api import seasons as season_commands
from matches.api import views as match_views
from notifications.api import urls as notification_urls
from ratings.api import urls as rating_urls
from stats.api import urls as stats_urls
from tournaments.api import urls as tournament_urls

app_name = "api"

router = DefaultRouter()
router.register("leagues", league_views.LeagueViewSet, basename="league")
router.register("seasons", league_views.SeasonViewSet, basename="season")
router.register("teams", league_views.TeamViewSet, basename="team")
router.register("fixtures", match_views.FixtureViewSet, basename="fixture")
router.register("results", match_views.ResultViewSet, basename="result")
router.register(
    "simulation-batches", match_views.SimulationBatchViewSet, basename="simulationbatch"
)
for prefix, viewset, basename in plugins.api_routes():
    router.register(prefix, viewset, basename=basename)
battle_urls.register(router)
for prefix, viewset, basename in betting_urls.routes:
    router.register(prefix, viewset, basename=basename)
for prefix, viewset, basename in notification_urls.routes:
    router.register(prefix, viewset, basename=basename)
for prefix, viewset, basename in tournament_urls.routes:
    router.register(prefix, viewset, basename=basename)

patterns = [
    path("auth/register/", accounts.RegisterView.as_view(), name="register"),
    path("auth/token/", auth.TokenLoginView.as_view(), name="token"),
    path("auth/logout/", auth.TokenLogoutView.as_view(), name="logout"),
    path("me/", auth.MeView.as_view(), name="me"),
    path("me/tokens/", accounts.TokenListView.as_view(), name="me-tokens"),
    path("me/tokens/<str:token_key>/", accounts.TokenRevokeView.as_view(), name="me-token-revoke"),
    path("me/close/", accounts.CloseAccountView.as_view(), name="me-close"),
    path("teams/<int:pk>/sheet/", league_commands.TeamSheetView.as_view(), name="team-sheet"),
    path(
        "leagues/<int:pk>/history/",
        league_history.LeagueHistoryView.as_view(),
        name="league-history",
    ),
    path(
        "teams/<int:pk>/head-to-head/<int:other>/",
        match_head_to_head.TeamsHeadToHeadView.as_view(),
        name="teams-head-to-head",
    ),
    path(
        "coaches/<int:pk>/head-to-head/<int:other>/",
        match_head_to_head.CoachesHeadToHeadView.as_view(),
        name="coaches-head-to-head",
    ),
    path("teams/<int:pk>/history/", league_history.TeamHistoryView.as_view(), name="team-history"),
    path(
        "fixtures/<int:pk>/history/",
        match_history.FixtureHistoryView.as_view(),
        name="fixture-history",
    ),
    path(
        "seasons/<int:pk>/generate-fixtures/",
        match_commands.SeasonGenerateFixturesView.as_view(),
        name="season-generate-fixtures",
    ),
    path(
        "seasons/<int:pk>/fixtures/",
        match_commands.SeasonFixtureScheduleView.as_view(),
        name="season-fixture-schedule",
    ),
    path(
        "seasons/<int:pk>/simulate/",
        match_commands.SeasonSimulateView.as_view(),
        name="season-simulate",
    ),
    path(
        "seasons/<int:pk>/positions/",
        match_charts.SeasonPositionsView.as_view(),
        name="season-positions",
    ),
    path(
        "teams/<int:pk>/progression/",
        match_charts.TeamProgressionView.as_view(),
        name="team-progression",
    ),
    path(
        "seasons/<int:pk>/standings/",
        match_commands.SeasonStandingsView.as_view(),
        name="season-standings",
    ),
    path(
        "seasons/<int:pk>/finish/", season_commands.SeasonFinishView.as_view(), name="season-finish"
    ),
    path(
        "leagues/<int:pk>/seasons/",
        season_commands.LeagueSeasonStartView.as_view(),
        name="league-season-start",
    ),
    path(
        "leagues/<int:pk>/all-time/",
        season_commands.LeagueAllTimeView.as_view(),
        name="league-all-time",
    ),
    path(
        "leagues/<int:pk>/champions/",
        season_commands.LeagueChampionsView.as_view(),
        name="league-champions",
    ),
    path("teams/<int:pk>/retire/", season_commands.TeamRetireView.as_view(), name="team-retire"),
    path(
        "teams/<int:pk>/reinstate/",
        season_commands.TeamReinstateView.as_view(),
        name="team-reinstate",
    ),
    path(
        "fixtures/<int:pk>/simulate/",
        match_commands.FixtureSimulateView.as_view(),
        name="fixture-simulate",
    ),
    path(
        "fixtures/<int:pk>/cancel/",
        match_commands.FixtureCancelView.as_view(),
        name="fixture-cancel",
    ),
    path(
        "fixtures/<int:pk>/reschedule/",
        match_commands.FixtureRescheduleView.as_view(),
        name="fixture-reschedule",
    ),
    path(
        "fixtures/<int:pk>/correct/",
        corrections.FixtureCorrectView.as_view(),
        name="fixture-correct",
    ),
    path("fixtures/<int:pk>/void/", corrections.FixtureVoidView.as_view(), name="fixture-void"),
    path("fixtures/<int:pk>/award/", corrections.FixtureAwardView.as_view(), name="fixture-award"),
    path(
        "fixtures/<int:pk>/corrections/",
        corrections.FixtureCorrectionsView.as_view(),
        name="fixture-corrections",
    ),
    path(
        "fixtures/<int:pk>/extend/",
        match_deadlines.FixtureExtendView.as_view(),
        name="fixture-extend",
    ),
    path(
        "fixtures/<int:pk>/kickoff-proposals/",
        match_deadlines.KickoffProposalsView.as_view(),
        name="fixture-kickoff-proposals",
    ),
    path(
        "kickoff-proposals/<int:pk>/accept/",
        match_deadlines.KickoffAcceptView.as_view(),
        name="kickoff-proposal-accept",
    ),
    path(
        "seasons/<int:pk>/deadlines/",
        match_deadlines.SeasonDeadlinesView.as_view(),
        name="season-deadlines",
    ),
    path(
        "leagues/<int:pk>/late-fixtures/",
        match_deadlines.LateFixturesView.as_view(),
        name="league-late-fixtures",
    ),
    *betting_urls.urlpatterns,
    *notification_urls.urlpatterns,
    *rating_urls.urlpatterns,
    *stats_urls.urlpatterns,
    *forecast_urls.urlpatterns,
    *tournament_urls.urlpatterns,
    *award_urls.urlpatterns,
    *plugins.api_urls(),
    *battle_urls.urlpatterns,
    *router.urls,
]
"""Every view of the API in the order they are tried, flat; served nested by their first segment
(``core.url_groups``)."""
urlpatterns = by_first_segment(patterns)
