from django.contrib import admin

from league.models import League, Season, Team


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ("name", "rule_system", "commissioner")
    list_filter = ("rule_system",)


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ("name", "league", "coach")
    list_filter = ("league",)


admin.site.register(Season)
