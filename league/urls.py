"""League pages (mounted at /leagues/), by audience as in Tabbycat's urls_public/urls_admin."""

from django.urls import path

from league.views import coach, commissioner, killpower, public

app_name = "league"

public_patterns = [
    path("", public.league_list, name="list"),
    path("<int:pk>/", public.league_detail, name="detail"),
    path("teams/<int:pk>/", public.team_detail, name="team"),
    path("teams/<int:pk>/sheet/", killpower.team_sheet, name="kp_team_sheet"),
    path("gladiators/<int:pk>/", killpower.gladiator_detail, name="gladiator"),
]

coach_patterns = [
    path("teams/<int:pk>/roster/", coach.roster, name="roster"),
    path("teams/<int:pk>/roster/<int:player_id>/", coach.player_edit, name="player_edit"),
    path("teams/<int:pk>/roster/<int:player_id>/delete/", coach.player_delete,
         name="player_delete"),
    path("teams/<int:pk>/lineup/", coach.lineup, name="lineup"),
    path("teams/<int:pk>/lineup/preview/", coach.lineup_preview, name="lineup_preview"),
    path("teams/<int:pk>/plan/", coach.match_plan, name="plan"),
    path("teams/<int:pk>/raises/", killpower.raises, name="kp_raises"),
]

commissioner_patterns = [
    path("new/", commissioner.league_create, name="create"),
    path("<int:pk>/settings/", commissioner.league_settings, name="settings"),
    path("<int:pk>/seasons/new/", commissioner.season_create, name="season_create"),
    path("<int:pk>/teams/new/", commissioner.team_register, name="team_register"),
    path("<int:pk>/fixtures/generate/", commissioner.fixtures_generate, name="fixtures_generate"),
    path("<int:pk>/fixtures/new/", commissioner.fixture_schedule, name="fixture_schedule"),
    path("<int:pk>/simulate/", commissioner.simulate, name="simulate"),
    path("<int:pk>/simulations/<int:batch_id>/", commissioner.batch, name="batch"),
    path("<int:pk>/killpower-teams/new/", killpower.team_create, name="kp_team_create"),
    path("<int:pk>/tournament/new/", killpower.tournament_create, name="kp_tournament_create"),
    path("<int:pk>/results/", killpower.results_queue, name="kp_queue"),
]

urlpatterns = public_patterns + coach_patterns + commissioner_patterns
