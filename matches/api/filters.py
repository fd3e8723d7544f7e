"""Query filters of the matches API."""

import django_filters
from django.db.models import Q

from matches.models import Fixture, Result, SimulationBatch


class FixtureFilter(django_filters.FilterSet):
    league = django_filters.NumberFilter(field_name="season__league", help_text="League id.")
    team = django_filters.NumberFilter(method="filter_team", help_text="Team id, home or away.")

    class Meta:
        model = Fixture
        fields = ["season", "round", "status", "league", "team"]

    def filter_team(self, queryset, name, value):
        return queryset.filter(Q(home=value) | Q(away=value))


class ResultFilter(django_filters.FilterSet):
    season = django_filters.NumberFilter(field_name="fixture__season", help_text="Season id.")
    league = django_filters.NumberFilter(
        field_name="fixture__season__league", help_text="League id."
    )
    round = django_filters.NumberFilter(field_name="fixture__round", help_text="Round number.")
    team = django_filters.NumberFilter(method="filter_team", help_text="Team id, home or away.")

    class Meta:
        model = Result
        fields = ["season", "league", "round", "team", "winner", "decided_by"]

    def filter_team(self, queryset, name, value):
        return queryset.filter(Q(fixture__home=value) | Q(fixture__away=value))


class SimulationBatchFilter(django_filters.FilterSet):
    class Meta:
        model = SimulationBatch
        fields = ["season"]
