from django.contrib import admin

from systems.killpower.models import (
    Gladiator,
    GladiatorEvent,
    PostMatchRun,
    ResultReport,
    Tournament,
    TournamentEntry,
)


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


class GladiatorEventInline(admin.TabularInline):
    model = GladiatorEvent
    extra = 0
    readonly_fields = ("kind", "fixture", "detail", "created_at")


@admin.register(Gladiator)
class GladiatorAdmin(admin.ModelAdmin):
    list_display = ("name", "team", "number", "specialization", "xp", "status")
    list_filter = ("status", "team__league")
    inlines = [GladiatorEventInline]
