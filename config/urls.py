"""The root URLs: each app's pages under the prefix and namespace they have always had.

A namespace may gather several apps: ``league`` (under /leagues/) holds the league app's pages,
the matches app's season pages and every game's league pages; ``matches`` (under /matches/)
the fixture pages and every game's match pages (``core.plugins.page_urls``).
"""

from django.contrib import admin
from django.urls import include, path
from django.views.decorators.csrf import csrf_exempt
from django.views.generic import RedirectView
from django.views.i18n import set_language
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from core import plugins
from core.views.health import healthz
from forecasts import urls as forecast_urls
from league import urls as league_urls
from matches import urls as match_urls
from ratings import urls as rating_urls
from stats import urls as stats_urls
from tournaments import urls as tournament_urls

league_pages = [
    *league_urls.urlpatterns,
    *match_urls.league_patterns,
    *rating_urls.league_patterns,
    *stats_urls.league_patterns,
    *forecast_urls.league_patterns,
    *tournament_urls.league_patterns,
    *plugins.page_urls("league"),
]
match_pages = [*match_urls.urlpatterns, *plugins.page_urls("matches")]

urlpatterns = [
    # first: no pattern before it matched a path under api/v1/, and the API is the busiest
    path("api/v1/", include("config.api.urls")),
    path("", RedirectView.as_view(pattern_name="league:list", permanent=False)),
    path("healthz", healthz, name="healthz"),
    path("accounts/", include("core.urls_accounts")),
    path("accounts/", include("allauth.urls")),
    # A visitor's language is a preference of theirs alone, chosen from every page: an anonymous
    # page carries no CSRF token, so that it can be cached for all (core.page_cache).
    path("i18n/setlang/", csrf_exempt(set_language), name="set_language"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="swagger-ui"),
    path("leagues/", include((league_pages, "league"))),
    path("", include("notifications.urls")),
    path("matches/", include((match_pages, "matches"))),
    path("campaigns/", include("battles.urls")),
    path("betting/", include("betting.urls")),
    path("", include("ratings.urls")),
    path("", include("awards.urls")),
]
