"""The leagues list (the page and the API's list), cached for anonymous readers under a version
moved on by every change to what it shows (a league, its teams, a game's league settings, an
account closed): such a change, made through the real service and committed, shows on the next
anonymous read; a result leaves the list cached. These tests commit (``transaction=True``)."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from core import league_versions
from core.services import user_close
from league import services as league_services
from matches import services as match_services
from matches.models import Fixture
from tests.caching.conftest import text

pytestmark = pytest.mark.django_db(transaction=True)

LIST_PAGE = reverse("league:list")
LIST_API = "/api/v1/leagues/"


def seen(response) -> str:
    if response["Content-Type"].startswith("application/json"):
        return response.content.decode()
    return text(response)


def cached_then_changed(path: str, change, *, before: str, after: str) -> None:
    """``path`` is read anonymously (the second read from the cache, with no query) and shows
    ``before``; ``change()`` commits; the next anonymous read shows ``after``."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = Client()
    first = client.get(path)
    with CaptureQueriesContext(connection) as queries:
        second = client.get(path)
    assert first.status_code == second.status_code == 200
    assert len(queries) == 0, "the second read was not served from the cache"
    assert second.wsgi_request._page_cache_early_hit  # in front of the sessions
    assert second.content == first.content
    assert before in seen(second) and after not in seen(second)
    version = league_versions.list_version_get()

    change()

    new = client.get(path)
    assert new.status_code == 200
    assert after in seen(new), f"stale: {after!r} missing from {path}"
    assert league_versions.list_version_get() != version
    assert new["ETag"] != second["ETag"]


@pytest.mark.parametrize("path", [LIST_PAGE, LIST_API])
def test_a_league_renamed(path, league):
    cached_then_changed(
        path,
        lambda: league_services.league_update(league=league, name="Altdorf Shield"),
        before=league.name,
        after="Altdorf Shield",
    )


@pytest.mark.parametrize("path", [LIST_PAGE, LIST_API])
def test_a_league_created(path, league, commissioner):
    cached_then_changed(
        path,
        lambda: league_services.league_create(
            commissioner=commissioner, name="Nuln Cup", rule_system="rotzball"
        ),
        before=league.name,
        after="Nuln Cup",
    )


def test_a_team_registered_counts_on_the_next_read(league):
    count = league.teams.filter(retired_at__isnull=True).count()
    cached_then_changed(
        LIST_API,
        lambda: league_services.team_register(league=league, name="Ostland Owls"),
        before=f'"team_count":{count}',
        after=f'"team_count":{count + 1}',
    )


def test_a_result_moves_its_leagues_version_and_leaves_the_list_cached(
    season, team, other_team, settings
):
    """The list shows nothing a result changes (names, commissioners, team counts, the games'
    league settings): after one, the cached list is still served, and it is what the list
    rendered afresh shows."""
    fixture = Fixture.objects.create(
        season=season, round=1, home=team, away=other_team, kickoff=timezone.now()
    )
    client = Client()
    client.get(LIST_API)
    listed, league = (
        league_versions.list_version_get(),
        league_versions.version_get(season.league_id),
    )

    match_services.fixture_simulate(fixture_id=fixture.pk, seed=5)

    assert league_versions.version_get(season.league_id) != league
    assert league_versions.list_version_get() == listed
    cached = client.get(LIST_API)
    assert cached.wsgi_request._page_cache_early_hit
    settings.PAGE_CACHE = False
    assert Client().get(LIST_API).content == cached.content


def test_a_games_league_setting_shown_in_the_list_moves_it_on(league, commissioner):
    """A Rotzball league's coach rule is in the API's list (joined through league.rows)."""
    from rest_framework.test import APIClient

    client = APIClient()
    client.force_authenticate(commissioner)

    def change() -> None:
        answer = client.patch(
            f"/api/v1/leagues/{league.pk}/", {"coach_rule": "difference"}, format="json"
        )
        assert answer.status_code == 200, answer.json()

    cached_then_changed(
        LIST_API, change, before='"coach_rule":"test"', after='"coach_rule":"difference"'
    )


def test_a_change_the_list_shows_in_a_transaction_of_others_moves_it_once(league, season):
    """Bumps wait for the commit, once per transaction: an unlisted change (a fixture) then a
    listed one (the league renamed) move the list on together."""
    from django.db import transaction

    listed = league_versions.list_version_get()
    with transaction.atomic():
        league_versions.league_changed(league.pk, listed=False)
        assert league_versions.list_version_get() == listed  # nothing before the commit
        league_services.league_update(league=league, name="Talabheim Cup")
    assert league_versions.list_version_get() != listed


def test_a_closed_account_leaves_the_cached_list(league, commissioner):
    """A commissioner's name is on the list: closing their account erases it from the next
    read (and from every cached page), though no league changed."""
    commissioner.first_name, commissioner.last_name = "Magnus", "Pious"
    commissioner.save()
    cached_then_changed(
        LIST_PAGE,
        lambda: user_close(user=commissioner),
        before="Magnus Pious",
        after=f"deleted-user-{commissioner.pk}",
    )


def test_a_signed_in_reader_gets_their_own_list_never_cached(league, browser_of, coach):
    anonymous = Client().get(LIST_PAGE)
    signed_in = browser_of(coach).get(LIST_PAGE)
    after = Client().get(LIST_PAGE)

    assert "New league" in text(signed_in) and "New league" not in text(anonymous)
    assert "ETag" not in signed_in
    assert {part.strip() for part in signed_in["Cache-Control"].split(",")} == {
        "private",
        "no-cache",
    }
    assert after.content == anonymous.content
