from django.contrib import admin

from matches.models import Fixture, Result, SimulationBatch


@admin.register(Fixture)
class FixtureAdmin(admin.ModelAdmin):
    list_display = ("__str__", "season", "kickoff", "status")
    list_filter = ("status", "season")


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):
    list_display = ("fixture", "home_score", "away_score", "decided_by", "seed")


admin.site.register(SimulationBatch)
