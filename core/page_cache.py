"""Anonymous reads of a league's pages and API, served from the shared cache until the league
changes, with the HTTP validators and cache headers that go with them.

The apps name the routes cached (:func:`cache_route`: a URL name and the model its ``pk`` is a
row of: the league, a team, a fixture, a season); :class:`PageCacheMiddleware` does the rest:

* **who**: anonymous ``GET`` and ``HEAD`` requests (no session user, no ``Authorization``
  header, no pending flash message) are served and kept. A signed-in user who holds no role in
  the league (:func:`share_with_signed_in`: not its commissioner, coaching none of its teams)
  sees what a visitor sees but for the site's header: a page kept is served to them with their
  own header spliced in (:func:`_personalised`), one small template, sent ``Cache-Control:
  private, no-cache``. Any other signed-in page is rendered for its reader, never kept.
* **key**: the league's version (``core.league_versions``, moved on by every change of the
  league), the active language and time zone (the ``tz`` cookie), the htmx headers (a fragment
  is never served as the whole page), ``Accept`` (the API's JSON or browsable pages), the
  path with its query string and the release (``core.release``: a deploy never serves what the
  code before it rendered).
* **what is kept**: a ``200`` that sets no cookie and used no CSRF token (a form of the
  visitor's), for at most ``PAGE_CACHE_TTL`` seconds (only to bound the memory: a version that
  moved on makes the entry unreachable at once).
* **HTTP**: ``ETag`` (the league, its version and the key), ``Last-Modified`` (when the entry was
  rendered), ``304`` on a matching ``If-None-Match``/``If-Modified-Since`` (Django's
  ``get_conditional_response``, the machinery of ``@condition``), ``Cache-Control: public,
  max-age, s-maxage`` of ``PAGE_CACHE_MAX_AGE`` seconds (short: a proxy cannot be told of a
  change) and ``Vary`` on what the key varies on.

Two middleware share the work. :class:`PageCacheMiddleware`, after the middleware that set the
user, the language, the time zone and ``request.htmx``, decides (``process_view``, the route
resolved) and serves a hit to any anonymous reader. :class:`EarlyPageCacheMiddleware`, in front
of the sessions, keeps each answer as it leaves the whole stack (every header the other
middleware added) and serves a hit to a reader who carries no session cookie, no
``Authorization`` header and no flash message, before the sessions, the user, CSRF, django-csp,
django-axes and the URL resolver run: the route is matched by the cached routes' own patterns
and the language and time zone are read from the request as ``LocaleMiddleware`` and
``core.user_preferences`` read them, so both find the same key.

The leagues list (a route cached with ``model=None``) is keyed by the list's version
(``league_versions.list_version_get``), moved on by a change to a row it shows.

An API list filtered to one league (:func:`cache_list_route`: a season's fixtures, a league's
teams, ``/api/v1/fixtures/?season=12``) is a league's read too: its query string names the row
that reaches the league (``season=12``), and the other filters only narrow what that league
holds, so its answer is cached under that league's version like a page. A list that names no
league (``/api/v1/teams/?coach=ann``), or names one parameter twice, is rendered each time.

While Redis cannot be reached the league's version is unknown: the page is rendered for each
request and sent ``Cache-Control: no-cache``, without validators; never stale, never a 500.
"""

import contextlib
import hashlib
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import models
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.urls import get_resolver
from django.utils import timezone, translation
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.http import http_date

from core import league_versions
from core.cache import Unreachable, shared
from core.release import release
from core.time_zones import is_zone
from core.user_preferences import BROWSER_ZONE_COOKIE

VARY = ("Cookie", "Accept-Language", "Accept", "Authorization", "HX-Request", "HX-Target")
HTMX_HEADERS = ("HX-Request", "HX-Target", "HX-Boosted", "HX-History-Restore-Request")
_HTMX_META = tuple("HTTP_" + name.upper().replace("-", "_") for name in HTMX_HEADERS)
NOT_KEPT_HEADERS = {"date", "set-cookie"}
NOT_SHARED_HEADERS = {"etag", "last-modified", "cache-control", "content-length"}
"""What a kept page loses when it is served to a signed-in reader: its public validators and
caching, and its length (``CommonMiddleware`` sets the spliced page's)."""
LIST = "list"
"""The ``league`` part of the key and ETag of a route that lists every league."""


@dataclass(frozen=True)
class _Route:
    model: type[models.Model] | None
    kwarg: str
    by_query: tuple[tuple[str, type[models.Model]], ...] = ()
    """A list route's query parameters that name the row reaching its league, in order."""


_routes: dict[str, _Route] = {}
_patterns: list[tuple[re.Pattern[str], _Route]] | None = None
_holds_a_role: Callable[[int, int], bool] | None = None

HEADER_TEMPLATE = "site_header.html"
HEADER_START, HEADER_END = b'<header class="site-header">', b"</header>"
SHARED_BODY = b"<body>"
"""How ``base.html`` opens the body of a shared page: without the reader's CSRF header."""


def cache_route(view_name: str, *, model: type[models.Model] | None, kwarg: str = "pk") -> None:
    """Cache the anonymous answers of the route ``view_name`` (``"namespace:name"``), whose URL
    argument ``kwarg`` is the primary key of a row of ``model`` (which reaches the league);
    ``model=None``: a route that lists the leagues, kept until any league changes."""
    global _patterns
    _routes[view_name] = _Route(model=model, kwarg=kwarg)
    _patterns = None


def cache_list_route(view_name: str, *, by: dict[str, type[models.Model]]) -> None:
    """Cache the anonymous answers of the list route ``view_name`` when its query string names
    one league: by the first of ``by``'s parameters it carries, the primary key of a row of that
    parameter's model (``{"season": Season, "league": League}``)."""
    global _patterns
    _routes[view_name] = _Route(model=None, kwarg="", by_query=tuple(by.items()))
    _patterns = None


def share_with_signed_in(holds_a_role: Callable[[int, int], bool]) -> None:
    """Serve a league's kept pages to a signed-in reader too, unless ``holds_a_role(user_id,
    league_id)``: the pages show that user more than a visitor (the league's app says who)."""
    global _holds_a_role
    _holds_a_role = holds_a_role


def _route_patterns() -> list[tuple[re.Pattern[str], _Route]]:
    """The URL patterns of the cached routes, as ``reverse()`` composes them (the namespaces'
    prefixes, then the route's own), matched against ``path_info`` without the resolver's
    walk through every route of the site."""
    global _patterns
    if _patterns is None:
        found = []
        for name, route in _routes.items():
            *namespaces, view = name.split(":")
            resolver, prefix = get_resolver(), ""
            for namespace in namespaces:
                extra, resolver = resolver.namespace_dict[namespace]
                prefix += extra
            for _possibilities, pattern, _defaults, _converters in resolver.reverse_dict.getlist(
                view
            ):
                found.append((re.compile("/" + prefix + pattern), route))
        _patterns = found
    return _patterns


def _anonymous(request: HttpRequest) -> bool:
    user = getattr(request, "user", None)
    return (
        not (user is not None and user.is_authenticated)
        and "HTTP_AUTHORIZATION" not in request.META
        and "messages" not in request.COOKIES
    )


def _stranger(request: HttpRequest, row: Any) -> bool:
    """A signed-in reader a league's page shows nothing more than it shows a visitor: no role
    in the league (nor a superuser), no API token, no flash message pending."""
    user = request.user  # type: ignore[attr-defined]
    if (
        _holds_a_role is None
        or not user.is_authenticated
        or user.is_superuser
        or row is None
        or row[0] is None  # the leagues list shows a signed-in user their teams
        or "HTTP_AUTHORIZATION" in request.META
        or "messages" in request.COOKIES
        or request.session.get("_messages")  # type: ignore[attr-defined]
    ):
        return False
    try:
        league_id = league_versions.league_of(row[0], int(row[1]))
    except (TypeError, ValueError):
        return False
    return league_id is not None and not _holds_a_role(user.pk, league_id)


def _personalised(request: HttpRequest, content: bytes) -> bytes:
    """A kept page with the signed-in reader's own header (their name, links and forms) and
    CSRF token in place of a visitor's; a fragment or an API read has neither, and is sent as
    it was kept."""
    start = content.find(HEADER_START)
    if start == -1:
        return content
    end = content.index(HEADER_END, start) + len(HEADER_END)
    header = render_to_string(HEADER_TEMPLATE, request=request).strip().encode()
    body = b'<body hx-headers=\'{"X-CSRFToken": "%s"}\'>' % get_token(request).encode()
    return content[:start].replace(SHARED_BODY, body, 1) + header + content[end:]


def _digest(request: HttpRequest, *, language: str, zone: str) -> str:
    """What tells the request's answer apart from the others of the same version."""
    parts = [
        language,
        zone,
        request.META.get("HTTP_ACCEPT", ""),
        *(request.META.get(name, "") for name in _HTMX_META),  # not request.headers: all built
        request.scheme,
        request.META.get("HTTP_HOST", ""),  # the API's links are absolute
        request.get_full_path(),
        release(),  # a deploy's new code never serves the old one's answers
    ]
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()[:32]


def _row(route: _Route, query: Any, kwargs: dict) -> tuple[type[models.Model] | None, Any] | None:
    """The model and primary key of the row whose league the answer is kept under: from the URL
    (``kwargs``) or, for a list route, its ``query`` string; ``(None, None)`` for the leagues
    list; ``None`` when a list names no league, or one parameter twice."""
    if not route.by_query:
        return route.model, kwargs.get(route.kwarg)
    for name, model in route.by_query:
        values = query.getlist(name)
        if values:
            return (model, values[0]) if len(values) == 1 else None
    return None


def _lookup(
    row: tuple[type[models.Model] | None, Any] | None, digest: str
) -> tuple[str, str, Any] | None:
    """The key and ETag of the answer for ``row`` (:func:`_row`) at its league's current
    version (the list's for the leagues list), and the entry kept under it (``None``: none yet),
    read in one round trip; ``None`` when there is no such row or Redis cannot be reached."""
    if row is None:
        return None
    model, pk = row
    league_id = None
    if model is not None:
        try:
            league_id = league_versions.league_of(model, int(pk))
        except (TypeError, ValueError):
            return None
        if league_id is None:
            return None
    league = LIST if league_id is None else str(league_id)
    version, entry = league_versions.versioned_get(league_id, f"page:{league}:", f":{digest}")
    if version is None:
        return None
    return f"page:{league}:{version}:{digest}", f'"{league}-{version}-{digest[:16]}"', entry


def _from_entry(request: HttpRequest, entry: Any, etag: str) -> HttpResponse:
    """The answer kept in ``entry`` (with every header it left the stack with), or a ``304``
    when the request's validators match it."""
    content, headers, rendered_at = entry
    response = HttpResponse(content)
    for name, value in headers:
        response[name] = value
    return get_conditional_response(
        request, etag=etag, last_modified=int(rendered_at), response=response
    )


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
    """Decides, once the route is resolved, whether an answer is cached and under which key, and
    serves a hit to any anonymous reader (after the middleware that set the user, the language,
    the time zone and ``request.htmx``). :class:`EarlyPageCacheMiddleware` keeps the answers."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        state = getattr(request, "_page_cache", None)
        if state is None or state == "hit":
            return response
        if state in ("private", "shared"):
            patch_cache_control(response, private=True, no_cache=True)
            patch_vary_headers(response, VARY)
            return response
        if state == "bypass" or not _storable(request, response):
            request._page_cache = "bypass"  # type: ignore[attr-defined]
            patch_cache_control(response, no_cache=True)
            patch_vary_headers(response, VARY)
            return response
        etag = state[1]
        rendered_at = time.time()
        request._page_cache_rendered_at = rendered_at  # type: ignore[attr-defined]
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
        row = _row(route, request.GET, view_kwargs)
        if not _anonymous(request):
            request._page_cache = "private"  # type: ignore[attr-defined]
            return self._shared(request, row) if _stranger(request, row) else None
        request._page_cache = "bypass"  # type: ignore[attr-defined]
        found = _lookup(row, _active_digest(request))
        if found is None:
            return None
        request.shared_page = True  # type: ignore[attr-defined]  # base.html: no CSRF token
        key, etag, entry = found
        if entry is None:
            request._page_cache = (key, etag)  # type: ignore[attr-defined]
            return None
        request._page_cache = "hit"  # type: ignore[attr-defined]
        return _from_entry(request, entry, etag)

    @staticmethod
    def _shared(request: HttpRequest, row: Any) -> HttpResponse | None:
        """The kept page, if any, served to a signed-in stranger with their own header; its
        validators and public caching left out (it is theirs now). ``None``: rendered for them."""
        found = _lookup(row, _active_digest(request))
        if found is None or found[2] is None:
            return None
        content, headers, _rendered_at = found[2]
        response = HttpResponse(_personalised(request, content))
        for name, value in headers:
            if name.lower() not in NOT_SHARED_HEADERS:
                response[name] = value
        request._page_cache = "shared"  # type: ignore[attr-defined]
        return response


def _active_digest(request: HttpRequest) -> str:
    """The digest under the language and time zone activated for the request."""
    return _digest(
        request,
        language=translation.get_language() or "",
        zone=timezone.get_current_timezone_name(),
    )


def _plainly_anonymous(request: HttpRequest) -> bool:
    """No session, no API token, no flash message: the reader is anonymous before the
    sessions and the user are read."""
    cookies = request.COOKIES
    return (
        settings.SESSION_COOKIE_NAME not in cookies
        and "messages" not in cookies
        and "HTTP_AUTHORIZATION" not in request.META
    )


def _zone_of(request: HttpRequest) -> str:
    """The time zone ``core.user_preferences`` activates for an anonymous reader."""
    zone = request.COOKIES.get(BROWSER_ZONE_COOKIE, "")
    return zone if zone and is_zone(zone) else timezone.get_default_timezone_name()


class EarlyPageCacheMiddleware:
    """In front of the sessions: keeps each cached route's answer as it leaves the whole stack,
    and serves a hit to a reader plainly anonymous (:func:`_plainly_anonymous`) at once."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if (
            request.method in ("GET", "HEAD")
            and settings.PAGE_CACHE
            and _plainly_anonymous(request)
        ):
            hit = self._hit(request)
            if hit is not None:
                return hit
        response = self.get_response(request)
        state = getattr(request, "_page_cache", None)
        if isinstance(state, tuple) and response.status_code == 200 and not response.cookies:
            entry = (
                response.content,
                [(n, v) for n, v in response.items() if n.lower() not in NOT_KEPT_HEADERS],
                request._page_cache_rendered_at,  # type: ignore[attr-defined]
            )
            with contextlib.suppress(Unreachable):
                shared("set", state[0], entry, settings.PAGE_CACHE_TTL)
        return response

    def _hit(self, request: HttpRequest) -> HttpResponse | None:
        path = request.path_info
        for pattern, route in _route_patterns():
            match = pattern.fullmatch(path)
            if match is None:
                continue
            digest = _digest(
                request,
                language=translation.get_language_from_request(request),
                zone=_zone_of(request),
            )
            found = _lookup(_row(route, request.GET, match.groupdict()), digest)
            if found is None or found[2] is None:
                return None
            _key, etag, entry = found
            request._page_cache = "hit"  # type: ignore[attr-defined]
            request._page_cache_early_hit = True  # type: ignore[attr-defined]
            return _from_entry(request, entry, etag)
        return None
