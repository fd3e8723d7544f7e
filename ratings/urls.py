"""The ratings pages: a league's under /leagues/ (namespace ``league``, ``config.urls``); a
coach's (``/coaches/<id>/ratings/``) and a fixture's ratings panel
(``/ratings/fixtures/<id>/panel/``), namespace ``ratings``."""

from django.urls import path

from ratings.views import fixtures, public

app_name = "ratings"

league_patterns = [path("<int:pk>/ratings/", public.league_ratings, name="ratings")]

urlpatterns = [
    path("coaches/<int:pk>/ratings/", public.coach_ratings, name="coach"),
    path("ratings/fixtures/<int:pk>/panel/", fixtures.fixture_panel, name="fixture_panel"),
]
