"""What the cache serves and the HTTP headers that go with it, on the pages and API reads of a
league: a second anonymous read served without a query, validators and 304s, Vary and
Cache-Control, no CSRF token nor cookie in a shared page, nothing of a signed-in user's kept,
language, time zone and htmx fragments kept apart."""

import pytest
from django.core.cache import caches
from django.test import Client, override_settings
from django.urls import reverse
from django.utils.http import http_date
from knox.models import AuthToken
from rest_framework.test import APIClient

from tests.caching.conftest import text

pytestmark = pytest.mark.django_db

NAMES = [
    "league",
    "team",
    "fixture",
    "api-league",
    "api-team",
    "api-fixture",
    "api-standings",
    "api-fixtures",
    "api-results",
    "api-teams",
    "api-seasons",
]


@pytest.mark.parametrize("name", NAMES)
def test_a_second_anonymous_read_is_served_from_the_cache(
    name, pages, anonymous, django_assert_num_queries
):
    first = anonymous.get(pages[name])

    with django_assert_num_queries(0):
        second = anonymous.get(pages[name])

    assert first.status_code == second.status_code == 200
    assert second.content == first.content
    assert second["ETag"] == first["ETag"]
    assert second["Content-Type"] == first["Content-Type"]


@pytest.mark.parametrize("name", NAMES)
def test_a_reader_with_no_session_is_served_before_the_sessions_and_the_user(
    name, pages, anonymous
):
    """A hit for a reader with no session cookie, no token and no flash message is answered in
    front of the sessions, the user, CSRF and the URL resolver, with every header the rendered
    answer left the stack with (the security policy, the language, Vary)."""
    rendered = anonymous.get(pages[name])
    served = anonymous.get(pages[name])

    assert not hasattr(rendered.wsgi_request, "_page_cache_early_hit")
    assert served.wsgi_request._page_cache_early_hit
    assert not hasattr(served.wsgi_request, "user")  # AuthenticationMiddleware never ran
    assert not hasattr(served.wsgi_request, "resolver_match") or (
        served.wsgi_request.resolver_match is None
    )
    assert served.content == rendered.content
    for header in (
        "Content-Type",
        "Content-Language",
        "Content-Security-Policy",
        "X-Frame-Options",
        "Vary",
        "ETag",
        "Last-Modified",
        "Cache-Control",
    ):
        assert served[header] == rendered[header], header


def test_an_anonymous_reader_with_a_session_cookie_is_served_after_the_sessions(pages, anonymous):
    rendered = anonymous.get(pages["league"])
    anonymous.cookies["sessionid"] = "not-a-session"
    served = anonymous.get(pages["league"])

    assert not getattr(served.wsgi_request, "_page_cache_early_hit", False)
    assert not served.wsgi_request.user.is_authenticated
    assert served.content == rendered.content
    assert served["ETag"] == rendered["ETag"]


@pytest.mark.parametrize("name", NAMES)
def test_anonymous_answers_carry_validators_and_public_short_cache_control(
    name, pages, anonymous, settings
):
    response = anonymous.get(pages[name])

    assert response["ETag"].startswith('"') and response["Last-Modified"]
    control = {part.strip() for part in response["Cache-Control"].split(",")}
    assert control == {
        "public",
        f"max-age={settings.PAGE_CACHE_MAX_AGE}",
        f"s-maxage={settings.PAGE_CACHE_MAX_AGE}",
    }
    vary = {part.strip().lower() for part in response["Vary"].split(",")}
    assert {"cookie", "accept-language", "accept", "hx-request", "hx-target"} <= vary
    assert not response.cookies  # no CSRF nor session cookie to share


@pytest.mark.parametrize("name", ["league", "team", "fixture"])
def test_a_shared_page_carries_no_csrf_token(name, pages, anonymous):
    for response in (anonymous.get(pages[name]), anonymous.get(pages[name])):
        assert b"csrfmiddlewaretoken" not in response.content
        assert b"X-CSRFToken" not in response.content


@pytest.mark.parametrize("name", NAMES)
def test_if_none_match_gets_a_304_with_no_body(name, pages, anonymous):
    etag = anonymous.get(pages[name])["ETag"]

    again = anonymous.get(pages[name], headers={"if-none-match": etag})
    other = anonymous.get(pages[name], headers={"if-none-match": '"something-else"'})

    assert again.status_code == 304 and again.content == b""
    assert again["ETag"] == etag
    assert other.status_code == 200


def test_if_modified_since_gets_a_304_until_the_page_changes(pages, anonymous, league):
    first = anonymous.get(pages["league"])

    same = anonymous.get(pages["league"], headers={"if-modified-since": first["Last-Modified"]})
    older = anonymous.get(pages["league"], headers={"if-modified-since": http_date(0)})

    assert same.status_code == 304
    assert older.status_code == 200


def test_a_signed_in_reader_gets_their_own_page_never_cached(pages, browser_of, coach):
    anonymous_page = Client().get(pages["league"])
    signed_in = browser_of(coach).get(pages["league"])
    after = Client().get(pages["league"])

    assert "coach" not in text(anonymous_page).split()
    assert "Sign out" in text(signed_in)  # rendered for them, not the anonymous copy
    assert "ETag" not in signed_in
    control = {part.strip() for part in signed_in["Cache-Control"].split(",")}
    assert control == {"private", "no-cache"}
    assert after.content == anonymous_page.content  # nothing of theirs kept for others
    assert "Sign out" not in text(after)


def test_an_api_token_reader_is_not_served_the_anonymous_copy(pages, coach):
    Client().get(pages["api-team"])
    _instance, token = AuthToken.objects.create(user=coach)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")

    response = client.get(pages["api-team"])

    assert "ETag" not in response
    assert "private" in response["Cache-Control"]


def test_languages_are_kept_apart(pages, anonymous):
    english = anonymous.get(pages["league"], headers={"accept-language": "en"})
    french = anonymous.get(pages["league"], headers={"accept-language": "fr"})
    english_again = anonymous.get(pages["league"], headers={"accept-language": "en"})

    assert 'lang="fr"' in french.content.decode()
    assert 'lang="en"' in english.content.decode()
    assert english_again.content == english.content
    assert french["ETag"] != english["ETag"]


def test_time_zones_are_kept_apart(pages, anonymous):
    """The fixture page shows its kick-off in the reader's zone (the ``tz`` cookie)."""
    anonymous.cookies["tz"] = "Pacific/Kiritimati"  # UTC+14
    far_east = anonymous.get(pages["fixture"])
    anonymous.cookies["tz"] = "Pacific/Pago_Pago"  # UTC-11
    far_west = anonymous.get(pages["fixture"])
    del anonymous.cookies["tz"]
    site = anonymous.get(pages["fixture"])

    assert far_east["ETag"] != far_west["ETag"] != site["ETag"]
    assert far_east.content != far_west.content


def test_an_htmx_fragment_is_never_served_as_the_whole_page(pages, anonymous):
    fragment = anonymous.get(
        pages["league"] + "?round=1",
        headers={"hx-request": "true", "hx-target": "round-fixtures"},
    )
    whole = anonymous.get(pages["league"] + "?round=1")
    fragment_again = anonymous.get(
        pages["league"] + "?round=1",
        headers={"hx-request": "true", "hx-target": "round-fixtures"},
    )

    assert b"<html" not in fragment.content
    assert b"<html" in whole.content
    assert fragment_again.content == fragment.content


def test_the_query_string_is_part_of_the_key(pages, anonymous, season):
    plain = anonymous.get(pages["league"])
    chosen = anonymous.get(pages["league"] + "?round=1")

    assert plain["ETag"] != chosen["ETag"]


@pytest.mark.parametrize(
    "query",
    [
        "/api/v1/teams/?coach=coach",  # no league named
        "/api/v1/fixtures/?status=played",
        "/api/v1/fixtures/?season={season}&season={season}",  # named twice
        "/api/v1/fixtures/?season=not-a-number",
        "/api/v1/fixtures/?season=999999",  # no such season
    ],
)
def test_a_list_that_names_no_one_league_is_rendered_each_time(query, season, anonymous):
    path = query.format(season=season.pk)

    first, second = anonymous.get(path), anonymous.get(path)

    for response in (first, second):
        assert "ETag" not in response
        assert response["Cache-Control"] == "no-cache"
    assert not getattr(second.wsgi_request, "_page_cache_early_hit", False)


def test_a_list_is_kept_under_the_league_its_filter_names(pages, anonymous, league, season):
    by_season = anonymous.get(pages["api-fixtures"])
    by_league = anonymous.get(f"/api/v1/fixtures/?league={league.pk}")

    assert by_season["ETag"].startswith(f'"{league.pk}-')
    assert by_league["ETag"].startswith(f'"{league.pk}-')
    assert by_season["ETag"] != by_league["ETag"]  # two answers, one league


def test_a_page_that_is_not_found_is_not_cached(anonymous):
    response = anonymous.get(reverse("league:team", args=[999_999]))

    assert response.status_code == 404
    assert "ETag" not in response


@pytest.fixture
def redis_down():
    """The production cache backend, pointed at a port where nothing listens."""
    dead = {
        "default": {
            "BACKEND": "core.cache.FailOpenRedisCache",
            "LOCATION": "redis://127.0.0.1:9/0",
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
    with override_settings(CACHES=dead):
        caches._settings = caches.settings = caches.configure_settings(None)
        yield
    caches._settings = caches.settings = caches.configure_settings(None)


@pytest.mark.parametrize("name", NAMES)
def test_with_redis_down_pages_are_served_fresh_and_uncached(
    name, pages, anonymous, redis_down, league
):
    first = anonymous.get(pages[name])
    league.description = "Changed while Redis was down."
    league.save()  # the version cannot be bumped: nothing was cached under it either
    second = anonymous.get(pages[name])

    for response in (first, second):
        assert response.status_code == 200
        assert "ETag" not in response and "Last-Modified" not in response
        assert response["Cache-Control"] == "no-cache"
    if name == "league":
        assert "Changed while Redis was down." in text(second)


@pytest.mark.parametrize("name", ["league", "api-standings"])
def test_a_new_release_renders_again_what_the_previous_one_kept(
    name, pages, anonymous, settings, django_assert_max_num_queries
):
    """A deploy whose league nothing changed: the page the old code kept is not served by the
    new one (it is rendered again, with a new ETag), whichever way the release is named."""
    from core.release import release

    settings.RELEASE = "2026.11.30-a"
    release.cache_clear()
    old = anonymous.get(pages[name])
    settings.RELEASE = "2026.11.30-b"
    release.cache_clear()
    try:
        new = anonymous.get(pages[name])
        assert not getattr(new.wsgi_request, "_page_cache_early_hit", False)
        assert new["ETag"] != old["ETag"]
        assert anonymous.get(pages[name], HTTP_IF_NONE_MATCH=old["ETag"]).status_code == 200
        with django_assert_max_num_queries(0):
            kept = anonymous.get(pages[name])  # the new release keeps its own
        assert kept["ETag"] == new["ETag"]
    finally:
        release.cache_clear()
