"""Filters of the Killpower Ball lists: gladiators and result reports."""

import django_filters
from django.db.models import Q

from systems.killpower.models import Gladiator, ResultReport


class GladiatorFilter(django_filters.FilterSet):
    league = django_filters.NumberFilter(field_name="team__league", help_text="League id.")
    living = django_filters.BooleanFilter(
        method="filter_living", help_text="true: the living only; false: the dead only."
    )

    class Meta:
        model = Gladiator
        fields = ["team", "league", "status", "living"]

    def filter_living(self, queryset, name, value):
        dead = Q(status=Gladiator.Status.DEAD)
        return queryset.exclude(dead) if value else queryset.filter(dead)


class ResultReportFilter(django_filters.FilterSet):
    league = django_filters.NumberFilter(
        field_name="fixture__season__league", help_text="League id."
    )
    season = django_filters.NumberFilter(field_name="fixture__season", help_text="Season id.")

    class Meta:
        model = ResultReport
        fields = ["fixture", "season", "league", "status"]
