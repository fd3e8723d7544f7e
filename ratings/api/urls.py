from django.urls import path

from ratings.api import views

urlpatterns = [
    path("leagues/<int:pk>/ratings/", views.LeagueRatingsView.as_view(), name="league-ratings"),
    path("coaches/<int:pk>/ratings/", views.CoachRatingsView.as_view(), name="coach-ratings"),
]
