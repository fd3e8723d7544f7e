"""Rotzball's chances for a season's forecast: every fixture left priced by the simulation its
odds are priced from (``preview.fixture_odds``), over ``FORECAST_MATCHES`` matches, each kept
per fixture and line-up, so a forecast after a result simulates only the fixtures whose
line-ups changed."""

import math

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
    """The seeds of the fixtures simulated from now on (each fixture's seed is its id), played
    alone (``odds``) or side by side (``odds_many``)."""
    calls: list[int] = []
    simulate, simulate_many = preview.odds, preview.odds_many

    def counted(*args, **kwargs):
        calls.append(kwargs["seed"])
        return simulate(*args, **kwargs)

    def counted_many(games, **kwargs):
        calls.extend(seed for _home, _away, seed in games)
        return simulate_many(games, **kwargs)

    monkeypatch.setattr(preview, "odds", counted)
    monkeypatch.setattr(preview, "odds_many", counted_many)
    return calls


def test_the_batch_gives_each_fixture_the_engines_chances_and_none_without_a_line_up(left):
    chances = preview.fixtures_chances(left)

    assert preview.FORECAST_MATCHES == 2_000
    assert preview.fixture_chances(left[0]) != {  # fewer matches than the odds: another draw
        side: round(p, 4) for side, p in preview.fixture_odds(left[0])["probabilities"].items()
    }
    assert chances[left[0].pk] == preview.fixture_chances(left[0])
    assert chances[left[1].pk] == preview.fixture_chances(left[1])
    assert chances[left[2].pk] is None
    assert chances[left[0].pk] != chances[left[1].pk]  # each fixture its own seed and ground


def test_a_fixtures_forecast_chance_is_within_the_sampling_error_of_its_odds(left):
    """Both are estimates of the same chance: 2,000 and 20,000 matches, a combined standard
    error of at most 1.2 points; four of them is a bound a correct estimate passes by far."""
    chances = preview.fixtures_chances(left)
    bound = 4 * math.sqrt(0.25 / preview.FORECAST_MATCHES + 0.25 / preview.BETTING_MATCHES)

    for fixture in left[:2]:
        betting = preview.fixture_odds(fixture)["probabilities"]["home"]
        assert abs(chances[fixture.pk]["home"] - betting) < bound


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
    assert again[left[0].pk] == preview.fixture_chances(fresh[0])
