from django.urls import path

from stats.api import views

urlpatterns = [
    path(
        "leagues/<int:pk>/statistics/",
        views.LeagueLeaderboardsView.as_view(),
        name="league-statistics",
    ),
    path(
        "leagues/<int:pk>/statistics/records/",
        views.LeagueRecordsView.as_view(),
        name="league-records",
    ),
]
