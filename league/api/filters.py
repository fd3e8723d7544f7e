"""Query filters of the league API, and an ordering filter that always ends on the primary key."""

import django_filters
from django.db.models import Q
from django_filters.rest_framework import DjangoFilterBackend
from rest_framework.filters import OrderingFilter

from league.models import Gladiator, Player, Season, Team


class StableOrderingFilter(OrderingFilter):
    """``?ordering=`` as the client asks, then by ``pk``, so pages never shuffle on ties."""

    def get_ordering(self, request, queryset, view):
        ordering = super().get_ordering(request, queryset, view)
        if ordering and not {"pk", "-pk", "id", "-id"} & set(ordering):
            ordering = [*ordering, "pk"]
        return ordering


FILTER_BACKENDS = [DjangoFilterBackend, StableOrderingFilter]


class SeasonFilter(django_filters.FilterSet):
    class Meta:
        model = Season
        fields = ["league"]


class TeamFilter(django_filters.FilterSet):
    coach = django_filters.CharFilter(field_name="coach__username", help_text="Coach's username.")

    class Meta:
        model = Team
        fields = ["league", "coach"]


class PlayerFilter(django_filters.FilterSet):
    league = django_filters.NumberFilter(field_name="team__league", help_text="League id.")

    class Meta:
        model = Player
        fields = ["team", "league"]


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
