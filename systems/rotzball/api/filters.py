"""Filters of the Rotzball player list."""

import django_filters

from systems.rotzball.models import Player


class PlayerFilter(django_filters.FilterSet):
    league = django_filters.NumberFilter(field_name="team__league", help_text="League id.")

    class Meta:
        model = Player
        fields = ["team", "league"]
