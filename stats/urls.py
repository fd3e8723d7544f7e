"""The statistics pages, under /leagues/ (namespace ``league``, ``config.urls``)."""

from django.urls import path

from stats.views import pages

league_patterns = [
    path("<int:pk>/statistics/", pages.league_statistics, name="statistics"),
    path(
        "<int:pk>/statistics.<str:fmt>",
        pages.league_statistics_download,
        name="statistics_export",
    ),
]
