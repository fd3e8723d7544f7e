"""Match pages (mounted at /matches/), and the season pages that join the ``league`` namespace
(``league_patterns``, mounted at /leagues/ by ``config.urls``)."""

from django.urls import path

from matches.views import commissioner, league_page, public, season

urlpatterns = [
    path("<int:pk>/", public.fixture_detail, name="fixture"),
    path("<int:pk>/reschedule/", commissioner.fixture_reschedule, name="reschedule"),
    path("<int:pk>/cancel/", commissioner.fixture_cancel, name="cancel"),
]

league_patterns = [
    path("<int:pk>/", league_page.league_detail, name="detail"),
    path("<int:pk>/fixtures/generate/", season.fixtures_generate, name="fixtures_generate"),
    path("<int:pk>/fixtures/new/", season.fixture_schedule, name="fixture_schedule"),
    path("<int:pk>/simulate/", season.simulate, name="simulate"),
    path("<int:pk>/simulations/<int:batch_id>/", season.batch, name="batch"),
]
