"""Campaign pages (mounted at /campaigns/), by audience as ``league.urls``."""

from django.urls import path

from battles.views import editor, game_master, public, runs

app_name = "battles"

public_patterns = [
    path("", public.campaign_list, name="campaign_list"),
    path("<int:pk>/", public.campaign_detail, name="campaign"),
    path("armies/<int:pk>/", public.army_detail, name="army"),
    path("armies/<int:pk>/card/", public.army_sheet, name="army_sheet"),
    path("battles/<int:pk>/", public.battle_detail, name="battle"),
    path("battles/<int:pk>/odds/", public.battle_odds, name="battle_odds"),
    path("runs/<int:pk>/", public.run_detail, name="run"),
]

editor_patterns = [
    path("<int:pk>/armies/new/", game_master.army_create, name="army_create"),
    path("armies/<int:pk>/edit/", editor.army_edit, name="army_edit"),
    path("armies/<int:pk>/edit/preview/", editor.army_preview, name="army_preview"),
]

game_master_patterns = [
    path("new/", game_master.campaign_create, name="create"),
    path("<int:pk>/settings/", game_master.campaign_edit, name="settings"),
    path("<int:pk>/players/new/", game_master.player_add, name="player_add"),
    path("<int:pk>/battles/new/", game_master.battle_create, name="battle_create"),
    path("battles/<int:pk>/edit/", game_master.battle_edit, name="battle_edit"),
    path("armies/<int:pk>/recover/", game_master.army_recover, name="army_recover"),
    path("battles/<int:pk>/runs/new/", runs.run_start, name="run_start"),
    path("runs/<int:pk>/step/", runs.run_step, name="run_step"),
    path("runs/<int:pk>/crucial-moment/", runs.run_decide, name="run_decide"),
    path("runs/<int:pk>/phase3-skill/", runs.run_skill, name="run_skill"),
    path("runs/<int:pk>/resolve/", runs.run_resolve, name="run_resolve"),
    path("runs/<int:pk>/casualties/", runs.casualties_confirm, name="casualties_confirm"),
]

urlpatterns = public_patterns + editor_patterns + game_master_patterns
