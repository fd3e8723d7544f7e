from django.contrib import admin

from league.models import League, Season, Team


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ("name", "rule_system", "commissioner", "coach_rule")
    list_filter = ("rule_system",)


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ("name", "league", "coach", "tactic")
    list_filter = ("league",)


admin.site.register(Season)


