from django.contrib import admin

from battles.models import Army, ArmyEvent, Battle, BattleRun, Campaign, Troop


class TroopInline(admin.TabularInline):
    model = Troop
    extra = 0


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    list_display = ("name", "game_master", "created_at")
    filter_horizontal = ("players",)


@admin.register(Army)
class ArmyAdmin(admin.ModelAdmin):
    list_display = ("name", "campaign", "owner")
    list_filter = ("campaign",)
    inlines = [TroopInline]


@admin.register(Battle)
class BattleAdmin(admin.ModelAdmin):
    list_display = ("name", "campaign", "attacker", "defender", "created_at")
    list_filter = ("campaign",)


@admin.register(BattleRun)
class BattleRunAdmin(admin.ModelAdmin):
    list_display = ("__str__", "status", "winner", "seed", "casualties_confirmed_at")
    list_filter = ("status",)
    readonly_fields = ("state", "report", "version", "seed")


@admin.register(ArmyEvent)
class ArmyEventAdmin(admin.ModelAdmin):
    list_display = ("army", "kind", "run", "user", "created_at")
    list_filter = ("kind",)
