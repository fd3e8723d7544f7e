from django.contrib import admin

from core.models import UserProfile
from league.models import League, Season, Team
from systems.killpower.models import Gladiator, GladiatorEvent
from systems.rotzball.models import LineupSlot, Player


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ("name", "rule_system", "commissioner", "coach_rule")
    list_filter = ("rule_system",)


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ("name", "league", "coach", "tactic")
    list_filter = ("league",)
    inlines = [PlayerInline]


admin.site.register(Season)
admin.site.register(LineupSlot)
admin.site.register(UserProfile)


class GladiatorEventInline(admin.TabularInline):
    model = GladiatorEvent
    extra = 0
    readonly_fields = ("kind", "fixture", "detail", "created_at")


@admin.register(Gladiator)
class GladiatorAdmin(admin.ModelAdmin):
    list_display = ("name", "team", "number", "specialization", "xp", "status")
    list_filter = ("status", "team__league")
    inlines = [GladiatorEventInline]
