"""A signed-in reader with no role in a league is served the page kept for visitors, with
their own header spliced in (``core.page_cache``); the league's commissioner and coaches get
pages rendered for them."""

import re
from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from betting.models import Bet
from league.models import League
from league.roles import holds_a_role
from matches.models import Fixture

from .conftest import text

TOKENS = re.compile(rb'(csrfmiddlewaretoken" value="|"X-CSRFToken": ")[^"]+')


def _tokens_blanked(content: bytes) -> bytes:
    """A page with its CSRF tokens blanked: each render masks the same secret anew."""
    return TOKENS.sub(rb"\1-", content)


def _state(response) -> object:
    return getattr(response.wsgi_request, "_page_cache", None)


def _pages(league: League) -> dict[str, tuple[str, dict]]:
    """Every page of ``league`` the cache keeps, as a reader reaches it."""
    team = league.teams.order_by("pk").first()
    fixtures = Fixture.objects.filter(season__league=league)
    played = fixtures.filter(result__isnull=False).order_by("pk").first()
    to_play = fixtures.filter(result__isnull=True).order_by("pk").first()
    league_page = reverse("league:detail", args=[league.pk])
    fragment = {"hx-request": "true", "hx-target": "round-fixtures"}
    pages = {
        "league": (league_page, {}),
        "round fragment": (f"{league_page}?round=1", fragment),
        "team": (reverse("league:team", args=[team.pk]), {}),
        "played fixture": (reverse("matches:fixture", args=[played.pk]), {}),
        "statistics": (reverse("league:statistics", args=[league.pk]), {}),
        "API league": (f"/api/v1/leagues/{league.pk}/", {"accept": "application/json"}),
    }
    if to_play is not None:
        pages["fixture to play"] = (reverse("matches:fixture", args=[to_play.pk]), {})
    return pages


@pytest.fixture
def leagues(db) -> list[League]:
    """One league of each game with a season played and bets settled (``generate_load``)."""
    call_command(
        "generate_load",
        "--leagues", "4", "--teams", "4", "--seasons", "1", "--punters", "3", "--seed", "11",
        "--jobs", "1",
        stdout=StringIO(),
    )  # fmt: skip
    return list(League.objects.order_by("rule_system"))


@pytest.fixture
def punter(leagues) -> User:
    """A user who bet in the leagues but runs none of them and coaches none of their teams."""
    bettors = Bet.objects.values_list("user_id", flat=True)
    user = User.objects.filter(pk__in=bettors).order_by("pk").first()
    assert not any(holds_a_role(user.pk, league.pk) for league in leagues)
    return user


def test_a_stranger_reads_the_kept_page_as_if_rendered_for_them_in_every_game(
    leagues, punter, settings
):
    """The shared copy with the reader's header is, byte for byte (but for the CSRF tokens'
    masks), the page their own render gives: every game's league, team, fixture and statistics
    page, a fragment and an API read."""
    reader = Client()
    reader.force_login(punter)
    for league in leagues:
        for name, (url, headers) in _pages(league).items():
            kept = Client().get(url, headers=headers)
            assert kept.status_code == 200 and "ETag" in kept, (league.rule_system, name)

            settings.PAGE_CACHE = True
            shared = reader.get(url, headers=headers)
            settings.PAGE_CACHE = False
            own = reader.get(url, headers=headers)
            settings.PAGE_CACHE = True

            where = (league.rule_system, name, url)
            assert _state(shared) == "shared", where
            assert _state(own) is None, where  # rendered by the view, for them
            assert _tokens_blanked(shared.content) == _tokens_blanked(own.content), where


def test_the_shared_page_carries_the_readers_header_and_a_working_csrf_token(
    pages, anonymous, stranger
):
    kept = anonymous.get(pages["league"])
    reader = Client(enforce_csrf_checks=True)
    reader.force_login(stranger)

    shared = reader.get(pages["league"])

    assert _state(shared) == "shared"
    assert "Sign in" in text(kept) and "Sign out" not in text(kept)
    assert "Sign out" in text(shared) and "My bets" in text(shared)
    assert "stranger" in text(shared).split()
    assert "ETag" not in shared and "Last-Modified" not in shared
    assert int(shared["Content-Length"]) == len(shared.content)  # the spliced page's, not the kept
    control = {part.strip() for part in shared["Cache-Control"].split(",")}
    assert control == {"private", "no-cache"}
    token = re.search(rb'"X-CSRFToken": "([^"]+)"', shared.content).group(1).decode()
    switched = reader.post(
        reverse("set_user_language"),
        {"language": "fr", "next": pages["league"]},
        headers={"x-csrftoken": token},
    )
    assert switched.status_code == 302  # the token the page carries is accepted
    assert anonymous.get(pages["league"]).content == kept.content  # nothing of theirs kept


def test_the_commissioner_the_coaches_and_a_superuser_get_their_own_page(
    pages, anonymous, commissioner, coach, league
):
    anonymous.get(pages["league"])
    anonymous.get(pages["team"])
    superuser = User.objects.create_superuser("root", "root@example.com", "pw")
    readers = ((commissioner, pages["league"]), (coach, pages["team"]), (superuser, pages["team"]))
    for user, url in readers:
        reader = Client()
        reader.force_login(user)

        own = reader.get(url)

        assert _state(own) == "private", user.username
        assert "private" in own["Cache-Control"]


def test_a_stranger_with_a_flash_message_pending_gets_their_own_page(
    pages, anonymous, stranger, league
):
    anonymous.get(pages["league"])
    reader = Client()
    reader.force_login(stranger)
    session = reader.session
    session["_messages"] = '[["__json_message", 0, 25, "Saved."]]'
    session.save()

    own = reader.get(pages["league"])

    assert _state(own) == "private"


def test_a_stranger_before_any_visitor_gets_their_own_page_and_nothing_is_kept(pages, stranger):
    reader = Client()
    reader.force_login(stranger)

    own = reader.get(pages["league"])
    first_visitor = Client().get(pages["league"])

    assert _state(own) == "private" and "Sign out" in text(own)
    assert isinstance(_state(first_visitor), tuple)  # a miss: the stranger's page was not kept


def test_holds_a_role_names_the_commissioner_and_the_coaches_only(
    league, team, commissioner, coach, stranger, django_assert_num_queries
):
    with django_assert_num_queries(1):
        stranger_holds = holds_a_role(stranger.pk, league.pk)

    assert holds_a_role(commissioner.pk, league.pk)
    assert holds_a_role(coach.pk, league.pk)
    assert not stranger_holds
