"""League pages (mounted at /leagues/), by audience as in Tabbycat's urls_public/urls_admin.

The namespace ``league`` also holds the matches app's season pages and each game's pages
(``core.plugins.page_urls("league")``); ``config.urls`` puts them together.
"""

from django.urls import path

from league.views import commissioner, history, public

public_patterns = [
    path("", public.league_list, name="list"),
    path("teams/<int:pk>/", public.team_detail, name="team"),
    path("<int:pk>/history/", history.league_history, name="history"),
]

commissioner_patterns = [
    path("new/", commissioner.league_create, name="create"),
    path("<int:pk>/settings/", commissioner.league_settings, name="settings"),
    path("<int:pk>/seasons/new/", commissioner.season_create, name="season_create"),
    path("<int:pk>/teams/new/", commissioner.team_register, name="team_register"),
]

urlpatterns = public_patterns + commissioner_patterns
