from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LoadgenConfig(AppConfig):
    """Generated volume for load tests (``manage.py generate_load``): every game's leagues,
    rosters, seasons played, punters and bets, built through the services and their bulk
    variants. It sits in the top layer beside the games and reaches them through the
    registry only."""

    name = "loadgen"
    verbose_name = _("Load generation")
