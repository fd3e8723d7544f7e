from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class MatchesConfig(AppConfig):
    name = "matches"
    verbose_name = _("Matches")
    large_tables = (
        "matches_fixture",
        "matches_result",
        "matches_resultcorrection",
        "matches_simulationbatch",
        "matches_simulationbatch_fixtures",
    )
    """Tables that grow with the leagues (``core.query_plans``): list requests reach them
    through an index."""

    def ready(self) -> None:
        from core import registry
        from matches import (
            history,
            receivers,  # noqa: F401  (keeps the standings with every result written)
            tasks,  # noqa: F401  (registers its task: services send it by name)
        )
        from matches.deadlines import deadlines_sweep
        from matches.services import fixtures_sweep_due

        registry.register_sweep("matches.fixtures_sweep_due", fixtures_sweep_due)
        registry.register_sweep("matches.deadlines", deadlines_sweep)
        history.register()
        _cache_pages()


def _cache_pages() -> None:
    """A fixture's page (its match report once played) and its API read, and the API's lists
    of one league's fixtures and results, cached for anonymous readers until its league changes
    (core.page_cache)."""
    from core import page_cache
    from league.models import League, Season
    from matches.models import Fixture

    page_cache.cache_route("matches:fixture", model=Fixture)
    page_cache.cache_route("api:fixture-detail", model=Fixture)
    one_league = {"season": Season, "league": League}  # the filters that name a league
    page_cache.cache_list_route("api:fixture-list", by=one_league)
    page_cache.cache_list_route("api:result-list", by=one_league)
