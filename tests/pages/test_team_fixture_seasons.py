"""A team page lists one season's fixtures, the newest by default, with a chooser of the
others (``matches.selectors.team_fixture_seasons``): the page stays the same size from one
year to the next. Rotzball's and Killpower's pages, each drawn by its game."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.factories import FixtureFactory, SeasonFactory
from tests.pages.conftest import soup

pytestmark = pytest.mark.django_db


@pytest.fixture(params=["rotzball", "killpower"])
def two_seasons(request):
    """A team with a fixture in an earlier season and one in the newest, of either game."""
    if request.param == "rotzball":
        league, home, away = (
            request.getfixturevalue(name) for name in ("league", "team", "other_team")
        )
        earlier = request.getfixturevalue("season")
    else:
        league, home, away = (
            request.getfixturevalue(name) for name in ("kp_league", "titanos", "viking")
        )
        earlier = request.getfixturevalue("kp_season")
    newest = SeasonFactory(league=league, name="Next year")
    now = timezone.now()
    old = FixtureFactory(
        season=earlier, round=1, home=home, away=away, kickoff=now - timedelta(days=300)
    )
    new = FixtureFactory(
        season=newest, round=1, home=away, away=home, kickoff=now + timedelta(days=3)
    )
    return home, (earlier, old), (newest, new)


def _fixture_links(page) -> set[str]:
    table = page.find(id="fixtures-title").find_parent("section")
    return {a["href"] for a in table.find_all("a", href=lambda h: h and h.startswith("/matches/"))}


def test_the_newest_season_s_fixtures_are_shown_with_a_chooser_of_the_others(browser, two_seasons):
    team, (earlier, _old), (newest, new) = two_seasons

    page = soup(browser().get(reverse("league:team", args=[team.pk])))

    assert _fixture_links(page) == {new.get_absolute_url()}
    chooser = page.find("select", attrs={"name": "season"})
    options = [
        (option["value"], option.has_attr("selected")) for option in chooser.find_all("option")
    ]
    assert options == [(str(newest.pk), True), (str(earlier.pk), False)]


def test_an_earlier_season_is_shown_when_chosen(browser, two_seasons):
    team, (earlier, old), (_newest, _new) = two_seasons

    page = soup(browser().get(reverse("league:team", args=[team.pk]), {"season": earlier.pk}))

    assert _fixture_links(page) == {old.get_absolute_url()}
    chosen = page.find("select", attrs={"name": "season"}).find("option", selected=True)
    assert chosen["value"] == str(earlier.pk)


@pytest.mark.parametrize("wanted", ["999999", "not-a-season"])
def test_a_season_that_is_not_the_team_s_shows_the_newest(browser, two_seasons, wanted):
    team, _earlier, (_newest, new) = two_seasons

    page = soup(browser().get(reverse("league:team", args=[team.pk]), {"season": wanted}))

    assert _fixture_links(page) == {new.get_absolute_url()}


def test_a_team_in_one_season_only_has_no_chooser(browser, team, played_fixture):
    page = soup(browser().get(reverse("league:team", args=[team.pk])))

    assert page.find("select", attrs={"name": "season"}) is None
    assert _fixture_links(page) == {played_fixture.get_absolute_url()}
