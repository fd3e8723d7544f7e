"""The REST API, version 1: a browsable router root, plus one small view per domain command."""

from django.urls import path
from rest_framework.routers import DefaultRouter

from battles.api import urls as battle_urls
from league.api import auth
from league.api import commands as league_commands
from league.api import killpower as league_killpower
from league.api import views as league_views
from matches.api import commands as match_commands
from matches.api import killpower as match_killpower
from matches.api import views as match_views

app_name = "api"

router = DefaultRouter()
router.register("leagues", league_views.LeagueViewSet, basename="league")
router.register("seasons", league_views.SeasonViewSet, basename="season")
router.register("teams", league_views.TeamViewSet, basename="team")
router.register("players", league_views.PlayerViewSet, basename="player")
router.register("fixtures", match_views.FixtureViewSet, basename="fixture")
router.register("results", match_views.ResultViewSet, basename="result")
router.register(
    "simulation-batches", match_views.SimulationBatchViewSet, basename="simulationbatch"
)
router.register("gladiators", league_killpower.GladiatorViewSet, basename="gladiator")
router.register("result-reports", match_killpower.ResultReportViewSet, basename="resultreport")
battle_urls.register(router)

killpower_urls = [
    path(
        "killpower-teams/",
        league_killpower.KillpowerTeamCreateView.as_view(),
        name="killpower-team-create",
    ),
    path(
        "gladiators/<int:pk>/raise/",
        league_killpower.GladiatorRaiseView.as_view(),
        name="gladiator-raise",
    ),
    path(
        "fixtures/<int:pk>/result-reports/",
        match_killpower.FixtureResultSubmitView.as_view(),
        name="fixture-result-submit",
    ),
    path(
        "fixtures/<int:pk>/kick-off/",
        match_killpower.FixtureKickOffView.as_view(),
        name="fixture-kick-off",
    ),
    path(
        "fixtures/<int:pk>/post-match/",
        match_killpower.FixturePostMatchView.as_view(),
        name="fixture-post-match",
    ),
    path(
        "fixtures/<int:pk>/referee-sheet/",
        match_killpower.FixtureRefereeSheetView.as_view(),
        name="fixture-referee-sheet",
    ),
    path(
        "result-reports/queue/",
        match_killpower.ResultQueueView.as_view(),
        name="resultreport-queue",
    ),
    *[
        path(
            f"result-reports/<int:pk>/{command}/",
            view.as_view(),
            name=f"resultreport-{command}",
        )
        for command, view in (
            ("confirm", match_killpower.ResultConfirmView),
            ("dispute", match_killpower.ResultDisputeView),
            ("decide", match_killpower.ResultDecideView),
        )
    ],
    path(
        "seasons/<int:pk>/tournament/",
        match_killpower.SeasonTournamentView.as_view(),
        name="season-tournament",
    ),
    path(
        "seasons/<int:pk>/bracket/",
        match_killpower.SeasonBracketView.as_view(),
        name="season-bracket",
    ),
    path(
        "seasons/<int:pk>/ranking/",
        match_killpower.SeasonRankingView.as_view(),
        name="season-ranking",
    ),
]

urlpatterns = [
    path("auth/token/", auth.TokenLoginView.as_view(), name="token"),
    path("auth/logout/", auth.TokenLogoutView.as_view(), name="logout"),
    path("me/", auth.MeView.as_view(), name="me"),
    path("teams/<int:pk>/sheet/", league_commands.TeamSheetView.as_view(), name="team-sheet"),
    path("teams/<int:pk>/lineup/", league_commands.TeamLineupView.as_view(), name="team-lineup"),
    path(
        "teams/<int:pk>/match-plan/",
        league_commands.TeamMatchPlanView.as_view(),
        name="team-match-plan",
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
        "seasons/<int:pk>/standings/",
        match_commands.SeasonStandingsView.as_view(),
        name="season-standings",
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
    *killpower_urls,
    *battle_urls.urlpatterns,
    *router.urls,
]
