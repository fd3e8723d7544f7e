"""Anonymous reads of a league's pages and API, served from the shared cache until the league
changes, with the HTTP validators and cache headers that go with them.

The apps name the routes cached (:func:`cache_route`: a URL name and the model its ``pk`` is a
row of: the league, a team, a fixture, a season); :class:`PageCacheMiddleware` does the rest:

* **who**: anonymous ``GET`` and ``HEAD`` requests only (no session user, no ``Authorization``
  header, no pending flash message). A signed-in user's page is rendered for them and sent
  ``Cache-Control: private, no-cache``.
* **key**: the league's version (``core.league_versions``, moved on by every change of the
  league), the active language and time zone (the ``tz`` cookie), the htmx headers (a fragment
  is never served as the whole page), ``Accept`` (the API's JSON or browsable pages) and the
  path with its query string.
* **what is kept**: a ``200`` that sets no cookie and used no CSRF token (a form of the
  visitor's), for at most ``PAGE_CACHE_TTL`` seconds (only to bound the memory: a version that
  moved on makes the entry unreachable at once).
* **HTTP**: ``ETag`` (the league, its version and the key), ``Last-Modified`` (when the entry was
  rendered), ``304`` on a matching ``If-None-Match``/``If-Modified-Since`` (Django's
  ``get_conditional_response``, the machinery of ``@condition``), ``Cache-Control: public,
  max-age, s-maxage`` of ``PAGE_CACHE_MAX_AGE`` seconds (short: a proxy cannot be told of a
  change) and ``Vary`` on what the key varies on.

While Redis cannot be reached the league's version is unknown: the page is rendered for each
request and sent ``Cache-Control: no-cache``, without validators; never stale, never a 500.
"""

import contextlib
import hashlib
import time
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import models
from django.http import HttpRequest, HttpResponse
from django.utils import timezone, translation
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.http import http_date

from core import league_versions
from core.cache import Unreachable, shared

VARY = ("Cookie", "Accept-Language", "Accept", "Authorization", "HX-Request", "HX-Target")
HTMX_HEADERS = ("HX-Request", "HX-Target", "HX-Boosted", "HX-History-Restore-Request")
KEPT_HEADERS = ("Content-Type", "Content-Language", "Allow", "Link")


@dataclass(frozen=True)
class _Route:
    model: type[models.Model]
    kwarg: str


_routes: dict[str, _Route] = {}


def cache_route(view_name: str, *, model: type[models.Model], kwarg: str = "pk") -> None:
    """Cache the anonymous answers of the route ``view_name`` (``"namespace:name"``), whose URL
    argument ``kwarg`` is the primary key of a row of ``model`` (which reaches the league)."""
    _routes[view_name] = _Route(model=model, kwarg=kwarg)


def routes() -> dict[str, type[models.Model]]:
    """The cached routes and the model each one's ``pk`` names."""
    return {name: route.model for name, route in sorted(_routes.items())}


def _anonymous(request: HttpRequest) -> bool:
    user = getattr(request, "user", None)
    return (
        not (user is not None and user.is_authenticated)
        and "HTTP_AUTHORIZATION" not in request.META
        and "messages" not in request.COOKIES
    )


def _key(request: HttpRequest, league_id: int, version: str) -> tuple[str, str]:
    """The cache key and the ETag of the request's answer at ``version``."""
    parts = [
        translation.get_language() or "",
        timezone.get_current_timezone_name(),
        request.META.get("HTTP_ACCEPT", ""),
        *(request.headers.get(name, "") for name in HTMX_HEADERS),
        request.get_full_path(),
    ]
    digest = hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]
    return f"page:{league_id}:{version}:{digest}", f'"{league_id}-{version}-{digest[:16]}"'


def _headers(response: HttpResponse, *, etag: str, rendered_at: float) -> HttpResponse:
    response["ETag"] = etag
    response["Last-Modified"] = http_date(rendered_at)
    patch_cache_control(
        response,
        public=True,
        max_age=settings.PAGE_CACHE_MAX_AGE,
        s_maxage=settings.PAGE_CACHE_MAX_AGE,
    )
    patch_vary_headers(response, VARY)
    return response


def _storable(request: HttpRequest, response: HttpResponse) -> bool:
    """A page any anonymous visitor may get: nothing of this visitor's in it."""
    session = getattr(request, "session", None)
    return (
        response.status_code == 200
        and not response.streaming
        and not response.cookies
        and not response.has_header("Cache-Control")
        and not request.META.get("CSRF_COOKIE_NEEDS_UPDATE")
        and not (session is not None and session.modified)
    )


class PageCacheMiddleware:
    """Serves and keeps the cached routes' anonymous answers (after the middleware that set
    the user, the language, the time zone and ``request.htmx``)."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        state = getattr(request, "_page_cache", None)
        if state is None or state == "hit":
            return response
        if state == "private":
            patch_cache_control(response, private=True, no_cache=True)
            patch_vary_headers(response, VARY)
            return response
        if state == "bypass":
            patch_cache_control(response, no_cache=True)
            patch_vary_headers(response, VARY)
            return response
        key, etag = state
        if not _storable(request, response):
            patch_cache_control(response, no_cache=True)
            patch_vary_headers(response, VARY)
            return response
        rendered_at = time.time()
        entry = (
            response.content,
            [(name, response[name]) for name in KEPT_HEADERS if response.has_header(name)],
            rendered_at,
        )
        with contextlib.suppress(Unreachable):
            shared("set", key, entry, settings.PAGE_CACHE_TTL)
        _headers(response, etag=etag, rendered_at=rendered_at)
        return get_conditional_response(
            request, etag=etag, last_modified=int(rendered_at), response=response
        )

    def process_view(
        self, request: HttpRequest, view_func: Any, view_args: Any, view_kwargs: dict
    ) -> HttpResponse | None:
        match = request.resolver_match
        route = _routes.get(match.view_name) if match is not None else None
        if route is None or request.method not in ("GET", "HEAD") or not settings.PAGE_CACHE:
            return None
        if not _anonymous(request):
            request._page_cache = "private"  # type: ignore[attr-defined]
            return None
        request._page_cache = "bypass"  # type: ignore[attr-defined]
        try:
            pk = int(view_kwargs.get(route.kwarg, ""))
        except ValueError:
            return None
        league_id = league_versions.league_of(route.model, pk)
        version = league_versions.version_get(league_id) if league_id is not None else None
        if version is None:
            return None
        request.shared_page = True  # type: ignore[attr-defined]  # base.html: no CSRF token
        key, etag = _key(request, league_id, version)
        try:
            entry = shared("get", key)
        except Unreachable:
            return None
        if entry is None:
            request._page_cache = (key, etag)  # type: ignore[attr-defined]
            return None
        request._page_cache = "hit"  # type: ignore[attr-defined]
        content, headers, rendered_at = entry
        response = HttpResponse(content)
        for name, value in headers:
            response[name] = value
        _headers(response, etag=etag, rendered_at=rendered_at)
        return get_conditional_response(
            request, etag=etag, last_modified=int(rendered_at), response=response
        )
