"""The ratings pages, under /ratings/ (namespace ``ratings``)."""

from django.urls import path

from ratings.views import fixtures

app_name = "ratings"

urlpatterns = [
    path("fixtures/<int:pk>/panel/", fixtures.fixture_panel, name="fixture_panel"),
]
