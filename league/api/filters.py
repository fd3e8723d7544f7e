"""Query filters of the league API, and an ordering filter that always ends on the primary key."""

import django_filters

from league.models import League, Season, Team


def _league_filter() -> django_filters.ModelChoiceFilter:
    """The league a list keeps, by id (400 for a league that does not exist): its existence
    checked on the id alone, not on the league's whole row."""
    return django_filters.ModelChoiceFilter(queryset=League.objects.only("pk"))


class SeasonFilter(django_filters.FilterSet):
    league = _league_filter()

    class Meta:
        model = Season
        fields = ["league"]


class TeamFilter(django_filters.FilterSet):
    league = _league_filter()
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
