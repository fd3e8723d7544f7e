"""Head-to-head (``matches.head_to_head``): two teams across their league's seasons, two
coaches in each game they met in; forfeits, cancelled fixtures and other opponents left out;
the pages, the fixture panel and the API, in English and French."""

from datetime import UTC, datetime, timedelta

import pytest
from django.urls import reverse

from core.registry import FORFEIT
from matches import head_to_head
from matches.models import Fixture
from tests.factories import (
    FixtureFactory,
    LeagueFactory,
    ResultFactory,
    SeasonFactory,
    TeamFactory,
    UserFactory,
)

pytestmark = pytest.mark.django_db

START = datetime(2026, 3, 2, 18, tzinfo=UTC)


def _played(season, home, away, home_score, away_score, days, **result):
    fixture = FixtureFactory(
        season=season,
        home=home,
        away=away,
        kickoff=START + timedelta(days=days),
        round=days // 7 + 1,
        status=Fixture.Status.PLAYED,
    )
    return ResultFactory(fixture=fixture, home_score=home_score, away_score=away_score, **result)


@pytest.fixture
def world():
    ann, bob = UserFactory(username="ann"), UserFactory(username="bob")
    league = LeagueFactory(name="Rotz League", rule_system="rotzball")
    first, second = (
        SeasonFactory(league=league, name="2025"),
        SeasonFactory(league=league, name="2026"),
    )
    wolves = TeamFactory(league=league, name="Wolves", coach=ann)
    bears = TeamFactory(league=league, name="Bears", coach=bob)
    crows = TeamFactory(league=league, name="Crows")
    _played(first, wolves, bears, 2, 1, 0)  # won
    _played(first, bears, wolves, 1, 1, 7)  # drawn
    _played(second, wolves, bears, 0, 3, 14)  # lost
    _played(second, bears, wolves, 0, 2, 21, decided_by=FORFEIT)  # a forfeit: not counted
    _played(second, wolves, crows, 5, 0, 28)  # another opponent
    FixtureFactory(season=second, round=9, home=wolves, away=bears, status=Fixture.Status.CANCELLED)
    other_game = LeagueFactory(name="Killpower Cup", rule_system="killpower")
    cup = SeasonFactory(league=other_game, name="Cup")
    pit = TeamFactory(league=other_game, name="Pit Dogs", coach=bob)
    gators = TeamFactory(league=other_game, name="Gators", coach=ann)
    _played(cup, pit, gators, 30, 42, 35)  # ann wins as the away side
    return {
        "ann": ann,
        "bob": bob,
        "wolves": wolves,
        "bears": bears,
        "crows": crows,
        "gators": gators,
    }


def test_two_teams_across_seasons_from_the_first_sides_view(world):
    record = head_to_head.teams_head_to_head(team=world["wolves"], other=world["bears"])

    assert (record.played, record.won, record.drawn, record.lost) == (3, 1, 1, 1)
    assert (record.scored, record.conceded) == (2 + 1 + 0, 1 + 1 + 3)
    assert [m.outcome for m in record.meetings] == ["lost", "drawn", "won"]  # newest first
    assert [m.season for m in record.meetings] == ["2026", "2025", "2025"]

    mirrored = head_to_head.teams_head_to_head(team=world["bears"], other=world["wolves"])
    assert (mirrored.won, mirrored.drawn, mirrored.lost) == (1, 1, 1)
    assert (mirrored.scored, mirrored.conceded) == (5, 3)


def test_two_coaches_one_record_per_game(world):
    records = head_to_head.coaches_head_to_head(coach=world["ann"], other=world["bob"])

    by_game = {r.game: r for r in records}
    assert set(by_game) == {"rotzball", "killpower"}
    assert (by_game["rotzball"].won, by_game["rotzball"].drawn, by_game["rotzball"].lost) == (
        1,
        1,
        1,
    )
    killpower = by_game["killpower"]
    assert (killpower.played, killpower.won, killpower.scored, killpower.conceded) == (1, 1, 42, 30)


def test_teams_of_different_leagues_have_no_head_to_head(world, client):
    assert (
        head_to_head.teams_pair_get(team_id=world["wolves"].pk, other_id=world["gators"].pk) is None
    )
    url = reverse("matches:head_to_head_teams", args=[world["wolves"].pk, world["gators"].pk])
    assert client.get(url).status_code == 404


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["Wolves against Bears", "Latest meetings"]),
        ("fr", ["Wolves contre Bears", "Dernières rencontres"]),
    ],
)
def test_the_teams_page_in_both_languages(world, client, language, words):
    url = reverse("matches:head_to_head_teams", args=[world["wolves"].pk, world["bears"].pk])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()

    for word in words:
        assert word in page
    assert page.count('data-outcome="') == 3


def test_the_coaches_page_lists_each_game(world, client):
    url = reverse("matches:head_to_head_coaches", args=[world["ann"].pk, world["bob"].pk])
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()

    assert 'id="game-killpower"' in page and 'id="game-rotzball"' in page
    assert (
        client.get(
            reverse("matches:head_to_head_coaches", args=[world["ann"].pk, world["ann"].pk])
        ).status_code
        == 404
    )


def test_the_fixture_panel_shows_the_teams_and_the_coaches(world, client):
    fixture = FixtureFactory(
        season=world["wolves"].league.seasons.first(),
        round=10,
        home=world["wolves"],
        away=world["bears"],
    )

    page = client.get(
        reverse("matches:head_to_head_panel", args=[fixture.pk]), HTTP_ACCEPT_LANGUAGE="fr"
    ).content.decode()

    assert "Face-à-face" in page
    assert "data-played>3<" in page
    assert reverse("matches:head_to_head_coaches", args=[world["ann"].pk, world["bob"].pk]) in page


def test_the_api(world, client):
    teams = client.get(
        f"/api/v1/teams/{world['wolves'].pk}/head-to-head/{world['bears'].pk}/"
    ).json()
    coaches = client.get(
        f"/api/v1/coaches/{world['bob'].pk}/head-to-head/{world['ann'].pk}/"
    ).json()

    assert (teams["played"], teams["won"], teams["drawn"], teams["lost"], teams["game"]) == (
        3,
        1,
        1,
        1,
        "rotzball",
    )
    assert teams["meetings"][0]["outcome"] == "lost"
    killpower = next(g for g in coaches["games"] if g["game"] == "killpower")
    assert (killpower["lost"], killpower["scored"], killpower["conceded"]) == (1, 30, 42)
    assert (
        client.get(
            f"/api/v1/teams/{world['wolves'].pk}/head-to-head/{world['gators'].pk}/"
        ).status_code
        == 404
    )
