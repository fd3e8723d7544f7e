from django.contrib import admin

from awards.models import Award, SeasonGrant


@admin.register(Award)
class AwardAdmin(admin.ModelAdmin):
    list_display = ["season", "kind", "code", "name", "team", "player_name", "value"]
    list_filter = ["kind"]
    raw_id_fields = ["season", "team", "given_by"]


@admin.register(SeasonGrant)
class SeasonGrantAdmin(admin.ModelAdmin):
    list_display = ["season", "awards", "created_at"]
    raw_id_fields = ["season"]
