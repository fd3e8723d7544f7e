"""The forecast page, under /leagues/ in the ``league`` namespace (``config.urls``)."""

from django.urls import path

from forecasts.views import public

league_patterns = [
    path(
        "<int:pk>/seasons/<int:season_id>/forecast/",
        public.season_forecast,
        name="forecast",
    ),
]
