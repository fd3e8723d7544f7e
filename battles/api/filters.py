"""Query filters of the battles API."""

import django_filters
from django.db.models import Q

from battles.models import Army, Battle, BattleRun, Campaign, Troop


class CampaignFilter(django_filters.FilterSet):
    game_master = django_filters.CharFilter(
        field_name="game_master__username", help_text="Game master's username."
    )
    player = django_filters.CharFilter(
        field_name="players__username", help_text="A player's username."
    )

    class Meta:
        model = Campaign
        fields = ["game_master", "player"]


class ArmyFilter(django_filters.FilterSet):
    owner = django_filters.CharFilter(field_name="owner__username", help_text="Owner's username.")
    npc = django_filters.BooleanFilter(
        field_name="owner", lookup_expr="isnull", help_text="Only armies without owner (NPC)."
    )

    class Meta:
        model = Army
        fields = ["campaign", "owner", "npc"]


class TroopFilter(django_filters.FilterSet):
    campaign = django_filters.NumberFilter(field_name="army__campaign", help_text="Campaign id.")

    class Meta:
        model = Troop
        fields = ["army", "campaign", "phase"]


class BattleFilter(django_filters.FilterSet):
    army = django_filters.NumberFilter(method="filter_army", help_text="Army id, either side.")

    class Meta:
        model = Battle
        fields = ["campaign", "army"]

    def filter_army(self, queryset, name, value):
        return queryset.filter(Q(attacker=value) | Q(defender=value))


class BattleRunFilter(django_filters.FilterSet):
    campaign = django_filters.NumberFilter(field_name="battle__campaign", help_text="Campaign id.")

    class Meta:
        model = BattleRun
        fields = ["battle", "campaign", "status"]
