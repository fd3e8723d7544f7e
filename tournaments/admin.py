from django.contrib import admin

from tournaments.models import Entry, Round, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    raw_id_fields = ("team",)


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "format", "season", "rounds", "created_at")
    raw_id_fields = ("season",)
    inlines = [EntryInline]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ("tournament", "number", "status", "published_at")
    list_filter = ("status",)
