"""Read-side queries for fixtures, results and simulation progress."""

from django.db.models import Count, Q, QuerySet

from league.models import Season, Team
from matches.models import Fixture, Result, SimulationBatch


def fixture_list(*, season: Season | None = None) -> QuerySet[Fixture]:
    fixtures = Fixture.objects.select_related("home", "away", "season__league", "result")
    return fixtures.filter(season=season) if season is not None else fixtures


def team_fixtures(*, team: Team) -> QuerySet[Fixture]:
    return fixture_list().filter(Q(home=team) | Q(away=team))


def result_list() -> QuerySet[Result]:
    return Result.objects.select_related(
        "fixture__home", "fixture__away", "fixture__season__league"
    )


def batch_progress(*, batch: SimulationBatch) -> dict[str, int]:
    """How many of the batch's fixtures are played: read from the fixtures, never counted twice."""
    counts = batch.fixtures.aggregate(
        total=Count("pk"), played=Count("pk", filter=Q(status=Fixture.Status.PLAYED))
    )
    return {"total": counts["total"], "played": counts["played"]}
