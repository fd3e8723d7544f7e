"""Query filters of the league API, and an ordering filter that always ends on the primary key."""

import django_filters

from league.models import Season, Team


class SeasonFilter(django_filters.FilterSet):
    class Meta:
        model = Season
        fields = ["league"]


class TeamFilter(django_filters.FilterSet):
    coach = django_filters.CharFilter(field_name="coach__username", help_text="Coach's username.")
    retired = django_filters.BooleanFilter(
        field_name="retired_at",
        lookup_expr="isnull",
        exclude=True,
        help_text="true: the retired teams only; false: the active teams only.",
    )

    class Meta:
        model = Team
        fields = ["league", "coach", "retired"]
