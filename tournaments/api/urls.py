"""The tournaments' API routes (``config.api.urls``): the viewset, then one view per command."""

from django.urls import path

from tournaments.api import views

routes = [("tournaments", views.TournamentViewSet, "tournament")]

urlpatterns = [
    path(
        "tournaments/<int:pk>/rounds/",
        views.TournamentRoundsView.as_view(),
        name="tournament-rounds",
    ),
    path(
        "tournaments/<int:pk>/standings/",
        views.TournamentStandingsView.as_view(),
        name="tournament-standings",
    ),
    path(
        "tournaments/<int:pk>/bracket/",
        views.TournamentBracketView.as_view(),
        name="tournament-bracket",
    ),
    path("tournaments/<int:pk>/pair/", views.TournamentPairView.as_view(), name="tournament-pair"),
    path("tournaments/<int:pk>/swap/", views.TournamentSwapView.as_view(), name="tournament-swap"),
    path(
        "tournaments/<int:pk>/publish/",
        views.TournamentPublishView.as_view(),
        name="tournament-publish",
    ),
    path(
        "tournaments/<int:pk>/enter/",
        views.TournamentEnterView.as_view(),
        name="tournament-enter",
    ),
    path(
        "tournaments/<int:pk>/withdraw/",
        views.TournamentWithdrawView.as_view(),
        name="tournament-withdraw",
    ),
]
