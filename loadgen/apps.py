from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LoadgenConfig(AppConfig):
    """Generated volume for load tests (``manage.py generate_load``): every game's leagues,
    rosters, seasons played, punters and bets, built through the services and their bulk
    variants. It sits below the games, which register their bulk builders on its plug-in
    point (``loadgen.plugins.load``), and above betting and the core apps it fills."""

    name = "loadgen"
    verbose_name = _("Load generation")
