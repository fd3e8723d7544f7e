"""The fixtures, results and seasons lists answer from the rows' values
(``core.api.value_rows``) what DRF's serializers answer from model instances, field for field;
a serializer with a field that is not a column's value is refused when it is read."""

from datetime import UTC, datetime, timedelta
from unittest.mock import patch

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework import serializers

from core.api import value_rows
from core.api.value_rows import ValueRows
from league.api.serializers import SeasonSerializer
from league.models import Season
from matches import selectors
from matches.api.serializers import FixtureSerializer, ResultSerializer
from matches.models import Fixture, ResultCorrection
from tests.factories import FixtureFactory, ResultFactory, SeasonFactory, TeamFactory


@pytest.fixture
def played_and_ahead(league, season, team, other_team):
    """Every shape a row takes: played (one result corrected, one a draw), scheduled, locked
    with a problem, a knock-out fixture with its bracket position, and another season's."""
    third = TeamFactory(league=league, name="Boars & <Bears>")
    played = FixtureFactory(
        season=season, round=1, home=team, away=other_team, status=Fixture.Status.PLAYED,
        kickoff=datetime(2026, 3, 1, 18, 30, 15, 250000, tzinfo=UTC),
    )  # fmt: skip
    corrected = ResultFactory(fixture=played, home_score=3, away_score=1, seed=2**40)
    ResultCorrection.objects.create(
        fixture=played, result=corrected, kind=ResultCorrection.Kind.CORRECTED, reason="typo"
    )
    drawn = FixtureFactory(
        season=season, round=1, home=third, away=team, status=Fixture.Status.PLAYED
    )
    ResultFactory(fixture=drawn, home_score=2, away_score=2, decided_by="turns")
    FixtureFactory(season=season, round=2, home=other_team, away=third)
    FixtureFactory(
        season=season, round=3, home=team, away=third, locked_at=timezone.now(),
        problem="Wolves' line-up is short", bracket_position=4,
        kickoff=timezone.now() + timedelta(days=3),
    )  # fmt: skip
    FixtureFactory(season=SeasonFactory(league=league, name="2627"), round=1, home=third, away=team)
    return season


def _drf(serializer_class, queryset) -> list:
    return serializer_class(list(queryset), many=True).data


@pytest.mark.django_db
def test_fixtures_list_answers_as_drf_serializes_every_row(api_as, league, played_and_ahead):
    with patch.object(value_rows, "_shaped", wraps=value_rows._shaped) as shaped:
        answer = api_as(None).get("/api/v1/fixtures/", {"league": league.pk}).json()
    assert shaped.called  # answered from the values, not from model instances
    expected = _drf(
        FixtureSerializer,
        selectors.fixture_rows()
        .filter(season__league=league)
        .order_by("-season_id", "round", "kickoff", "pk"),
    )
    assert answer["count"] == 5
    assert answer["results"] == expected
    played = [row for row in answer["results"] if row["result"] is not None]
    assert sorted((r["result"]["home_score"], r["result"]["away_score"]) for r in played) == [
        (2, 2),
        (3, 1),
    ]


@pytest.mark.django_db
def test_results_list_answers_as_drf_serializes_every_row(api_as, league, played_and_ahead):
    with patch.object(value_rows, "_shaped", wraps=value_rows._shaped) as shaped:
        answer = api_as(None).get("/api/v1/results/", {"league": league.pk}).json()
    assert shaped.called
    expected = _drf(
        ResultSerializer,
        selectors.results_corrected(selectors.result_rows())
        .filter(fixture__season__league=league)
        .order_by("-created_at", "-pk"),
    )
    assert answer["results"] == expected
    assert [row["corrected"] for row in answer["results"]] == [False, True]
    assert answer["results"][1]["seed"] == 2**40
    # in the site's time zone, as DRF writes it
    assert answer["results"][1]["fixture"]["kickoff"] == "2026-03-01T19:30:15.250000+01:00"


@pytest.mark.django_db
def test_seasons_list_answers_as_drf_serializes_every_row(api_as, league, season, team):
    SeasonFactory(league=league, name="2627")
    Season.objects.filter(pk=season.pk).update(champion=team, finished_at=timezone.now())
    SeasonFactory(league=SeasonFactory().league, name="elsewhere")
    with patch.object(value_rows, "_shaped", wraps=value_rows._shaped) as shaped:
        answer = api_as(None).get("/api/v1/seasons/", {"league": league.pk}).json()
    assert shaped.called
    expected = _drf(SeasonSerializer, Season.objects.filter(league=league))
    assert answer["count"] == 2
    assert answer["results"] == expected
    assert [row["champion"] for row in answer["results"]] == [
        None,
        {"id": team.pk, "name": team.name},
    ]


@pytest.mark.django_db
def test_lists_page_filter_and_order_as_before(api_as, league, season, played_and_ahead):
    client = api_as(None)
    first = client.get("/api/v1/fixtures/", {"season": season.pk, "page_size": 2}).json()
    second = client.get(
        "/api/v1/fixtures/", {"season": season.pk, "page_size": 2, "page": 2}
    ).json()
    assert first["count"] == second["count"] == 4
    assert [r["round"] for r in first["results"] + second["results"]] == [1, 1, 2, 3]
    assert first["next"].endswith(f"/api/v1/fixtures/?page=2&page_size=2&season={season.pk}")
    newest = client.get("/api/v1/results/", {"league": league.pk, "ordering": "created_at"})
    assert [r["corrected"] for r in newest.json()["results"]] == [True, False]


@pytest.mark.django_db
def test_lists_count_and_choose_a_page_without_the_teams_joined(api_as, league, played_and_ahead):
    with CaptureQueriesContext(connection) as queries:
        answer = api_as(None).get("/api/v1/results/", {"league": league.pk, "page_size": 1})
    assert answer.json()["count"] == 2
    count, page = (query["sql"] for query in queries.captured_queries[-2:])
    assert count.startswith("SELECT COUNT(*)") and "league_team" not in count
    chosen = page[page.index(" IN (SELECT ") :]  # the page's ids: no team read for them
    assert "LIMIT 1" in chosen and "league_team" not in chosen


@pytest.mark.django_db
def test_lists_export_the_same_rows_as_csv(api_as, league, played_and_ahead):
    answer = api_as(None).get("/api/v1/results/", {"league": league.pk, "format": "csv"})
    assert answer.status_code == 200
    lines = answer.content.decode().splitlines()
    assert len(lines) == 3  # the header and the two results
    assert "fixture.home.name" in lines[0]
    assert "Boars & <Bears>" in answer.content.decode()


def test_a_field_not_read_from_a_column_is_refused_when_the_class_is_read():
    class Shown(FixtureSerializer):
        label = serializers.SerializerMethodField()

        class Meta(FixtureSerializer.Meta):
            fields = [*FixtureSerializer.Meta.fields, "label"]

        def get_label(self, fixture) -> str:
            return str(fixture)

    with pytest.raises(TypeError, match=r"Shown\.label: SerializerMethodField"):
        ValueRows(Shown)
