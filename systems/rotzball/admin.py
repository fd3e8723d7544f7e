from django.contrib import admin

from systems.rotzball.models import LineupSlot, Player


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ("name", "team", "endurance", "agility", "strength", "intelligence")
    list_filter = ("team__league",)


admin.site.register(LineupSlot)
