"""Events the notifications app publishes itself, from a stored result: every game's results
go through ``Result``, so one receiver tells of every fixture played (``fixture.played``)
and, for games played at the table where a report was confirmed or decided,
``result.confirmed``. Published inside the result's transaction: sent only if it commits."""

from core import registry
from matches.events import fixture_publish, result_data
from matches.models import Fixture, Result


def result_published(*, result: Result) -> None:
    fixture = Fixture.objects.select_related("season__league", "home", "away").get(
        pk=result.fixture_id
    )
    extra = result_data(result)
    kinds = ["fixture.played"]
    if fixture.season.league.rule_system not in registry.simulated_names():
        kinds.append("result.confirmed")
    for kind in kinds:  # keyed by the result: a voided fixture played again is told again
        fixture_publish(kind, fixture=fixture, key=f"{kind}:{fixture.pk}:{result.pk}", extra=extra)
