"""Match pages (mounted at /matches/)."""

from django.urls import path

from matches.views import commissioner, public

app_name = "matches"

urlpatterns = [
    path("<int:pk>/", public.fixture_detail, name="fixture"),
    path("<int:pk>/reschedule/", commissioner.fixture_reschedule, name="reschedule"),
    path("<int:pk>/cancel/", commissioner.fixture_cancel, name="cancel"),
]
