"""A fixture's history in the API: the fixture's changes and its result's."""

from drf_spectacular.utils import extend_schema

from league.api.history import ObjectHistoryView
from league.models import League
from matches.models import Fixture


@extend_schema(summary="List a fixture's recent changes, its result's included")
class FixtureHistoryView(ObjectHistoryView):
    model = Fixture

    def league_of(self, instance: Fixture) -> League:
        return instance.season.league
