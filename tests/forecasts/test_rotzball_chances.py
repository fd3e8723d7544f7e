"""Rotzball's chances for a season's forecast: every fixture left priced as its odds are
(``preview.fixture_odds``), each simulation kept per fixture and line-up, so a forecast after a
result simulates only the fixtures whose line-ups changed."""

import pytest

from matches.models import Fixture
from systems.rotzball.models import MatchPlan, Tactic
from systems.rotzball.selectors import preview
from tests.factories import FixtureFactory, TeamFactory

pytestmark = pytest.mark.django_db


@pytest.fixture
def left(season, team, other_team):
    """Three fixtures left, the third against a team without a line-up."""
    idle = TeamFactory(league=season.league, name="Idle")
    made = [
        FixtureFactory(season=season, round=2, home=team, away=other_team),
        FixtureFactory(season=season, round=3, home=other_team, away=team),
        FixtureFactory(season=season, round=4, home=idle, away=team),
    ]
    return list(
        Fixture.objects.select_related("season__league", "home", "away")
        .filter(pk__in=[f.pk for f in made])
        .order_by("round")
    )


def _counting(monkeypatch) -> list[int]:
    calls: list[int] = []
    simulate = preview.odds

    def counted(*args, **kwargs):
        calls.append(kwargs["seed"])
        return simulate(*args, **kwargs)

    monkeypatch.setattr(preview, "odds", counted)
    return calls


def test_the_batch_gives_each_fixture_its_odds_and_none_without_a_line_up(left):
    chances = preview.fixtures_chances(left)

    assert chances[left[0].pk] == preview.fixture_odds(left[0])["probabilities"]
    assert chances[left[1].pk] == preview.fixture_odds(left[1])["probabilities"]
    assert chances[left[2].pk] is None
    assert chances[left[0].pk] != chances[left[1].pk]  # each fixture its own seed and ground


def test_a_second_forecast_simulates_nothing_until_a_line_up_changes(left, team, monkeypatch):
    first = preview.fixtures_chances(left)
    calls = _counting(monkeypatch)

    assert preview.fixtures_chances(left) == first
    assert calls == []

    MatchPlan.objects.update_or_create(team=team, defaults={"tactic": Tactic.DEFENSIVE})
    fresh = list(
        Fixture.objects.select_related("season__league", "home", "away")
        .filter(pk__in=[f.pk for f in left])
        .order_by("round")
    )
    again = preview.fixtures_chances(fresh)

    assert sorted(calls) == sorted([left[0].pk, left[1].pk])  # both of Wolves' priced fixtures
    assert again[left[0].pk] == preview.fixture_odds(fresh[0])["probabilities"]
