from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StatsConfig(AppConfig):
    name = "stats"
    verbose_name = _("Statistics")

    def ready(self) -> None:
        _cache_pages()


def _cache_pages() -> None:
    """The statistics are read from every result of the league (all time: every season's), the
    dearest reads of a league: their anonymous answers are kept under the league's version,
    which every result, correction and void moves on (core.page_cache)."""
    from core import page_cache
    from league.models import League

    for route in (
        "league:statistics",
        "league:statistics_export",
        "api:league-statistics",
        "api:league-records",
    ):
        page_cache.cache_route(route, model=League)
