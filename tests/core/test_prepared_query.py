"""core.prepared_query compiles a queryset once and builds its rows as Django does: the same
objects, related objects, deferred fields and annotations as the queryset itself. It leans on
Django's internals (the compiler, the related populators), so these tests are what tells a
Django upgrade that broke it."""

import pytest
from django.db.models import BooleanField, ExpressionWrapper, Q
from django.db.models.functions import Now

from core.prepared_query import PreparedQuery
from matches.models import Fixture
from tests.factories import FixtureFactory

pytestmark = pytest.mark.django_db


def _fixture_row(fixture_id: int, status: str):
    return (
        Fixture.objects.select_related("season__league", "home")
        .defer("home_sheet", "away_sheet", "season__archive")
        .annotate(ahead=ExpressionWrapper(Q(kickoff__gt=Now()), output_field=BooleanField()))
        .filter(pk=fixture_id, status=status)
        .order_by()
    )


rows = PreparedQuery(_fixture_row, (int, str))


def _state(fixture: Fixture) -> dict:
    """What a reader of the row sees: its columns, the related rows, what is deferred."""
    return {
        "columns": {f.attname: getattr(fixture, f.attname) for f in Fixture._meta.concrete_fields
                    if f.attname not in fixture.get_deferred_fields()},
        "deferred": fixture.get_deferred_fields(),
        "season": (fixture.season.pk, fixture.season.name, fixture.season.get_deferred_fields()),
        "league": (fixture.season.league.pk, fixture.season.league.name),
        "home": (fixture.home.pk, fixture.home.name),
        "ahead": fixture.ahead,
    }  # fmt: skip


def test_rows_are_those_of_the_queryset(season, team, other_team):
    first = FixtureFactory(season=season, home=team, away=other_team)
    second = FixtureFactory(season=season, home=other_team, away=team)
    for fixture in (first, second):
        (prepared,) = rows(fixture.pk, "scheduled")
        (plain,) = _fixture_row(fixture.pk, "scheduled")
        assert _state(prepared) == _state(plain)
        assert prepared.pk == fixture.pk
    assert rows(first.pk, "played") == []
    assert rows(10**9, "scheduled") == []


def test_related_rows_are_cached_and_deferred_fields_load_on_demand(
    season, team, other_team, django_assert_num_queries
):
    fixture = FixtureFactory(season=season, home=team, away=other_team)
    (prepared,) = rows(fixture.pk, "scheduled")
    with django_assert_num_queries(0):
        assert prepared.season.league.name == season.league.name
        assert prepared.home.name == team.name
    assert "home_sheet" in prepared.get_deferred_fields()
    with django_assert_num_queries(1):
        assert prepared.home_sheet == fixture.home_sheet


def test_a_value_must_reach_the_sql_once():
    twice = PreparedQuery(lambda pk: Fixture.objects.filter(Q(pk=pk) | Q(home_id=pk)), (int,))
    with pytest.raises(ValueError, match="2 parameters"):
        twice(1)
    with pytest.raises(TypeError):
        PreparedQuery(lambda when: Fixture.objects.filter(kickoff=when), (float,))
