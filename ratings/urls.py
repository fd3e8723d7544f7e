"""The ratings pages: a league's under /leagues/ (namespace ``league``, ``config.urls``), a
coach's under /coaches/ (namespace ``ratings``)."""

from django.urls import path

from ratings.views import public

app_name = "ratings"

league_patterns = [path("<int:pk>/ratings/", public.league_ratings, name="ratings")]

urlpatterns = [path("<int:pk>/ratings/", public.coach_ratings, name="coach")]
