"""Events the notifications app publishes itself, from a stored result: every game's results
go through ``Result``, so one receiver tells of every fixture played (``fixture.played``)
and, for games played at the table where a report was confirmed or decided,
``result.confirmed``. Published inside the result's transaction: sent only if it commits."""

from core import registry
from core.events import Event, publish_event, publish_many
from matches.events import fixture_event, result_data
from matches.models import Fixture, Result


def result_published(*, result: Result) -> None:
    fixture = Fixture.objects.select_related("season__league", "home", "away").get(
        pk=result.fixture_id
    )
    for event in _events(result, fixture):
        publish_event(event)


def results_published(*, results: list[Result]) -> None:
    """:func:`result_published` for results written together, their events sent together
    (``core.events.publish_many``) and their fixtures read in one query (or none, when the
    results carry them loaded with their season and teams)."""
    loaded = {
        result.fixture_id: result.fixture
        for result in results
        if Result.fixture.is_cached(result)
        and Fixture.season.is_cached(result.fixture)
        and Fixture.home.is_cached(result.fixture)
        and Fixture.away.is_cached(result.fixture)
    }
    missing = [result.fixture_id for result in results if result.fixture_id not in loaded]
    if missing:
        fixtures = Fixture.objects.select_related("season__league", "home", "away")
        loaded.update(fixtures.in_bulk(missing))
    publish_many(
        event for result in results for event in _events(result, loaded[result.fixture_id])
    )


def _events(result: Result, fixture: Fixture) -> list[Event]:
    extra = result_data(result)
    kinds = ["fixture.played"]
    if fixture.season.league.rule_system not in registry.simulated_names():
        kinds.append("result.confirmed")
    return [  # keyed by the result: a voided fixture played again is told again
        fixture_event(kind, fixture=fixture, key=f"{kind}:{fixture.pk}:{result.pk}", extra=extra)
        for kind in kinds
    ]
