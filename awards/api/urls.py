"""The awards' API routes (``config.api.urls``)."""

from django.urls import path

from awards.api import views

urlpatterns = [
    path("seasons/<int:pk>/awards/", views.SeasonAwardsView.as_view(), name="season-awards"),
    path("teams/<int:pk>/awards/", views.TeamAwardsView.as_view(), name="team-awards"),
    path("awards/<int:pk>/", views.AwardRevokeView.as_view(), name="award-revoke"),
]
