from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeagueConfig(AppConfig):
    name = "league"
    verbose_name = _("Leagues")
    large_tables = (
        "league_season",
        "league_team",
    )
    """Tables that grow with the leagues (``core.query_plans``): list requests reach them
    through an index."""

    def ready(self) -> None:
        from core import accounts
        from league import history
        from league.account_section import SECTION

        accounts.register_section(SECTION)
        history.register()
        _cache_pages()


def _cache_pages() -> None:
    """Every change of a league bumps its version; its public pages and API reads are cached
    under it for anonymous readers, and for signed-in readers who hold no role in the league
    (core.league_versions, core.page_cache)."""
    from core import league_versions, page_cache
    from league import plugins, roles
    from league.models import League, Season, Team

    league_versions.watch(League)
    # what the leagues list shows: the leagues, their team counts, the games' league settings
    league_versions.list_shows(League, Team, plugins.league_related_models)
    page_cache.cache_route("league:detail", model=League)
    page_cache.cache_route("league:team", model=Team)
    page_cache.cache_route("api:league-detail", model=League)
    page_cache.cache_route("api:team-detail", model=Team)
    page_cache.cache_route("api:season-detail", model=Season)
    page_cache.cache_route("api:season-standings", model=Season)
    page_cache.cache_list_route("api:season-list", by={"league": League})
    page_cache.cache_list_route("api:team-list", by={"league": League})
    # the leagues list names every league: kept until a row it shows changes
    page_cache.cache_route("league:list", model=None)
    page_cache.cache_route("api:league-list", model=None)
    page_cache.share_with_signed_in(roles.holds_a_role)
