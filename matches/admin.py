from django.contrib import admin

from matches.models import Fixture, Result, SimulationBatch
from systems.killpower.models import PostMatchRun, ResultReport, Tournament, TournamentEntry


@admin.register(Fixture)
class FixtureAdmin(admin.ModelAdmin):
    list_display = ("__str__", "season", "kickoff", "status")
    list_filter = ("status", "season")


@admin.register(Result)
class ResultAdmin(admin.ModelAdmin):
    list_display = ("fixture", "home_score", "away_score", "decided_by", "seed")


admin.site.register(SimulationBatch)


@admin.register(ResultReport)
class ResultReportAdmin(admin.ModelAdmin):
    list_display = ("fixture", "status", "submitted_by", "created_at", "reviewed_by")
    list_filter = ("status",)


@admin.register(PostMatchRun)
class PostMatchRunAdmin(admin.ModelAdmin):
    list_display = ("fixture", "seed", "created_at")


class TournamentEntryInline(admin.TabularInline):
    model = TournamentEntry
    extra = 0


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("season", "first_kickoff", "round_interval")
    inlines = [TournamentEntryInline]
