"""The battles routes of ``/api/v1/``: ``register(router)`` adds the resources,
``urlpatterns`` holds the commands (``config/api/urls.py`` mounts both)."""

from django.urls import path
from rest_framework.routers import BaseRouter

from battles.api import commands, views


def register(router: BaseRouter) -> None:
    router.register("campaigns", views.CampaignViewSet, basename="campaign")
    router.register("armies", views.ArmyViewSet, basename="army")
    router.register("troops", views.TroopViewSet, basename="troop")
    router.register("battles", views.BattleViewSet, basename="battle")
    router.register("runs", views.BattleRunViewSet, basename="run")


RUN_COMMANDS = [
    ("step", commands.RunStepView),
    ("crucial-moment", commands.RunCrucialMomentView),
    ("skip-crucial-moment", commands.RunSkipCrucialMomentView),
    ("phase3-skill", commands.RunPhase3SkillView),
    ("resolve", commands.RunResolveView),
    ("confirm-casualties", commands.RunConfirmCasualtiesView),
]

urlpatterns = [
    path(
        "campaigns/<int:pk>/players/",
        commands.CampaignPlayersView.as_view(),
        name="campaign-players",
    ),
    path("armies/<int:pk>/history/", commands.ArmyHistoryView.as_view(), name="army-history"),
    path(
        "armies/<int:pk>/recover-wounded/",
        commands.ArmyRecoverWoundedView.as_view(),
        name="army-recover-wounded",
    ),
    path("battles/<int:pk>/odds/", commands.BattleOddsView.as_view(), name="battle-odds"),
    *[
        path(f"runs/<int:pk>/{command}/", view.as_view(), name=f"run-{command}")
        for command, view in RUN_COMMANDS
    ],
]
