"""Rotzball's coach pages, in the ``league`` namespace where they have always been, and its
API commands (``api_patterns``, under /api/v1/)."""

from django.urls import path

from systems.rotzball.api import commands
from systems.rotzball.views import team_pages

league_patterns = [
    path("teams/<int:pk>/roster/", team_pages.roster, name="roster"),
    path("teams/<int:pk>/roster/<int:player_id>/", team_pages.player_edit, name="player_edit"),
    path(
        "teams/<int:pk>/roster/<int:player_id>/delete/",
        team_pages.player_delete,
        name="player_delete",
    ),
    path("teams/<int:pk>/lineup/", team_pages.lineup, name="lineup"),
    path("teams/<int:pk>/lineup/preview/", team_pages.lineup_preview, name="lineup_preview"),
    path("teams/<int:pk>/plan/", team_pages.match_plan, name="plan"),
]

api_patterns = [*commands.LINEUP.patterns(), *commands.PLAN.patterns()]
