"""Input and output shapes of the battles API. Serializers validate shapes; services decide.

No serializer saves anything: the views pass ``validated_data`` to one service each. The
engine's JSON (commander, works, circumstances...) is passed through as is and judged by
the engine, which names the faulty field.
"""

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from battles.models import Army, ArmyEvent, Battle, BattleRun, Campaign, Side, Troop
from battles.selectors.campaigns import ArmyCard
from battles.services import MAX_ODDS_N
from core.api.fields import UserField
from core.api.serializers import ModelSerializer
from core.names import validate_name
from rules_engine.dice import MAX_SEED

# --- campaigns ----------------------------------------------------------------------------


class CampaignSerializer(ModelSerializer):
    game_master = UserField(read_only=True)
    players = serializers.SlugRelatedField(slug_field="username", many=True, read_only=True)
    army_count = serializers.IntegerField(read_only=True)
    battle_count = serializers.IntegerField(read_only=True)
    house_rules = serializers.JSONField(
        required=False, help_text="Sections of the Witcher tables the campaign overrides."
    )

    class Meta:
        model = Campaign
        fields = [
            "id",
            "name",
            "description",
            "game_master",
            "players",
            "house_rules",
            "army_count",
            "battle_count",
            "created_at",
        ]
        read_only_fields = ["id", "game_master", "players", "created_at"]


class CampaignPlayerSerializer(serializers.Serializer):
    player = UserField(help_text="Username of the player to add.")


class ArmyCasualtiesSerializer(serializers.Serializer):
    army = serializers.IntegerField(source="army.pk")
    name = serializers.CharField(source="army.name")
    battles = serializers.IntegerField(help_text="Battles whose casualties were confirmed.")
    dead = serializers.IntegerField()
    wounded = serializers.IntegerField()
    suffered = serializers.IntegerField(help_text="Dead and wounded.")
    inflicted_dead = serializers.IntegerField()
    inflicted_wounded = serializers.IntegerField()
    inflicted = serializers.IntegerField(help_text="The enemies' dead and wounded.")


class HeaviestLossesSerializer(serializers.Serializer):
    army = serializers.IntegerField(source="army.pk")
    name = serializers.CharField(source="army.name")
    battle = serializers.IntegerField(source="battle_id")
    battle_name = serializers.CharField()
    dead = serializers.IntegerField()
    wounded = serializers.IntegerField()
    casualties = serializers.IntegerField()


class CampaignStatisticsSerializer(serializers.Serializer):
    armies = ArmyCasualtiesSerializer(many=True)
    heaviest = HeaviestLossesSerializer(allow_null=True)


# --- troops -------------------------------------------------------------------------------


class TroopSerializer(ModelSerializer):
    class Meta:
        model = Troop
        fields = ["id", "army", "name", "dc", "count", "wounded", "phase", "order"]
        read_only_fields = ["id", "wounded"]
        extra_kwargs = {"order": {"required": False}}
        validators: list = []  # the service checks the name is unique in its army


class TroopUpdateSerializer(TroopSerializer):
    class Meta(TroopSerializer.Meta):
        read_only_fields = ["id", "army"]


class TroopLineSerializer(ModelSerializer):
    """A troop as a line of its army's card."""

    class Meta:
        model = Troop
        fields = ["id", "name", "dc", "count", "wounded", "phase", "order"]
        read_only_fields = fields


class TroopInputSerializer(ModelSerializer):
    """A troop given with a new army (``army_create``)."""

    class Meta:
        model = Troop
        fields = ["name", "dc", "count", "phase"]
        validators: list = []


# --- armies and their cards ---------------------------------------------------------------


class CardIssueSerializer(serializers.Serializer):
    field = serializers.CharField(help_text="The engine's field, relative to the army.")
    message = serializers.CharField(help_text="In English, for programs.")
    code = serializers.CharField(
        help_text="What the issue is (listed_twice, not_eligible, ...), to word it in any "
        "language with its params; empty for an input error."
    )
    params = serializers.DictField(help_text="The values the issue names (troop, DCs, counts).")
    troop = serializers.IntegerField(
        source="troop_id", allow_null=True, help_text="The troop the field names, if any."
    )


class ArmyCardSerializer(serializers.Serializer):
    """The battle card the engine computes from the army (never stored)."""

    ok = serializers.BooleanField(help_text="True when the card has no error.")
    total = serializers.IntegerField(allow_null=True, help_text="Head count on the card.")
    main_troops = serializers.ListField(child=serializers.CharField())
    base_dc = serializers.IntegerField(allow_null=True)
    dc = serializers.IntegerField(
        allow_null=True, help_text="The DC imposed on the enemy commander (works included)."
    )
    specialists = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text="Phase (1-3) -> the specialist troops assigned to it.",
    )
    eligible = serializers.ListField(
        child=serializers.CharField(), help_text="Troops that may be specialists."
    )
    commander = serializers.JSONField(
        allow_null=True, help_text="The bases the engine uses (officer template filled)."
    )
    seconds = serializers.DictField(child=serializers.JSONField())
    errors = CardIssueSerializer(many=True)
    warnings = CardIssueSerializer(many=True)


def card_data(card: ArmyCard) -> dict[str, Any]:
    computed = card.card or {}
    return {
        "ok": card.ok,
        "total": computed.get("total"),
        "main_troops": computed.get("main_troops", []),
        "base_dc": computed.get("base_dc"),
        "dc": computed.get("dc"),
        "specialists": computed.get("specialists", {}),
        "eligible": card.eligible,
        "commander": card.commander,
        "seconds": card.seconds,
        "errors": card.errors,
        "warnings": card.warnings,
    }


class ArmySerializer(ModelSerializer):
    owner = UserField(read_only=True, allow_null=True)
    commander = serializers.JSONField(
        help_text='{"name", "tactics", "command", "luck"} or {"name", "rank", "swap"?, "luck"?}.'
    )
    seconds = serializers.JSONField(help_text='Phase ("1"-"3") -> a second-in-command.')
    works = serializers.JSONField(
        help_text="better_terrain, prepared, barricades, fortifications: booleans."
    )
    troops = TroopLineSerializer(many=True, read_only=True)
    head_count = serializers.SerializerMethodField(help_text="Soldiers on the card.")

    class Meta:
        model = Army
        fields = [
            "id",
            "campaign",
            "owner",
            "name",
            "commander",
            "seconds",
            "works",
            "troops",
            "head_count",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields

    def get_head_count(self, army: Army) -> int:
        return sum(troop.count for troop in army.troops.all())


class ArmyDetailSerializer(ArmySerializer):
    card = serializers.SerializerMethodField()

    class Meta(ArmySerializer.Meta):
        fields = [*ArmySerializer.Meta.fields, "card"]
        read_only_fields = fields

    @extend_schema_field(ArmyCardSerializer)
    def get_card(self, army: Army) -> dict[str, Any]:
        """The computed card, given by the view in the context (``selectors.army_card``)."""
        return ArmyCardSerializer(card_data(self.context["card"])).data


class ArmyCreateSerializer(serializers.Serializer):
    campaign = serializers.PrimaryKeyRelatedField(queryset=Campaign.objects.all())
    owner = UserField(
        allow_null=True, required=False, help_text="A player of the campaign; none: NPC army."
    )
    name = serializers.CharField(max_length=100, validators=[validate_name])
    commander = serializers.JSONField()
    seconds = serializers.JSONField(required=False)
    works = serializers.JSONField(required=False)
    troops = TroopInputSerializer(many=True, required=False)


class ArmyUpdateSerializer(serializers.Serializer):
    owner = UserField(allow_null=True, required=False, help_text="Game master only.")
    name = serializers.CharField(max_length=100, required=False, validators=[validate_name])
    commander = serializers.JSONField(required=False)
    seconds = serializers.JSONField(required=False)
    works = serializers.JSONField(required=False)


class ArmyEventSerializer(ModelSerializer):
    user = UserField(read_only=True, allow_null=True)
    detail = serializers.JSONField(
        help_text='What changed; head counts as {"troops": [{"troop", "name", "before", '
        '"after", ...}]}.'
    )

    class Meta:
        model = ArmyEvent
        fields = ["id", "army", "kind", "run", "user", "detail", "created_at"]
        read_only_fields = fields


# --- battles ------------------------------------------------------------------------------


class BattleSerializer(ModelSerializer):
    created_by = UserField(read_only=True, allow_null=True)
    run_count = serializers.IntegerField(read_only=True)
    circumstances = serializers.JSONField(
        required=False, help_text='{"attacker": {"1": {"surprise", "weather", "other"}}}.'
    )
    crucial_moments = serializers.JSONField(
        required=False, help_text='{"1": {"attacker_chance": 0.5}}: at most one per phase.'
    )
    options = serializers.JSONField(
        required=False,
        help_text="casualties (off|dice|quick), no_quarter, phase3_skill (auto|tactics|"
        "command|gm), luck (auto|off), moments (chance|gm).",
    )
    deployment = serializers.JSONField(
        required=False, help_text='Head counts per side and phase: {"attacker": {"3": 300}}.'
    )

    class Meta:
        model = Battle
        fields = [
            "id",
            "campaign",
            "name",
            "attacker",
            "defender",
            "circumstances",
            "crucial_moments",
            "options",
            "deployment",
            "created_by",
            "run_count",
            "created_at",
            "updated_at",
        ]
        read_only_fields = ["id", "created_by", "run_count", "created_at", "updated_at"]


class BattleUpdateSerializer(BattleSerializer):
    class Meta(BattleSerializer.Meta):
        read_only_fields = ["id", "campaign", "created_by", "run_count", "created_at", "updated_at"]


class ModifierSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    value = serializers.IntegerField()


class SideSetupSerializer(serializers.Serializer):
    commander = serializers.CharField()
    base = serializers.IntegerField(allow_null=True, help_text="Null until phase 3's skill.")
    dc = serializers.IntegerField()
    modifiers = ModifierSerializer(many=True, help_text="The terms of the DC, in order.")


class SideSetupPairSerializer(serializers.Serializer):
    attacker = SideSetupSerializer()
    defender = SideSetupSerializer()


class PhasePlanSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    skill = serializers.CharField(allow_null=True)
    sides = SideSetupPairSerializer()


class ArmyCardPairSerializer(serializers.Serializer):
    attacker = ArmyCardSerializer()
    defender = ArmyCardSerializer()


class OddsInputSerializer(serializers.Serializer):
    n = serializers.IntegerField(
        min_value=1, max_value=MAX_ODDS_N, default=10_000, help_text="Battles to simulate."
    )
    seed = serializers.IntegerField(
        min_value=0, max_value=MAX_SEED, required=False, allow_null=True
    )


class FloatPairSerializer(serializers.Serializer):
    attacker = serializers.FloatField()
    defender = serializers.FloatField()


class PhaseSharesSerializer(serializers.Serializer):
    def get_fields(self):
        return {str(p): serializers.FloatField(help_text=f"Phase {p}.") for p in (1, 2, 3)}


class OddsSerializer(serializers.Serializer):
    n = serializers.IntegerField()
    attacker_win = serializers.FloatField(help_text="Share of battles the attacker wins.")
    standard_error = serializers.FloatField(
        help_text="Standard error of attacker_win: sqrt(p (1 - p) / n)."
    )
    crushing = FloatPairSerializer(help_text="Share of crushing victories of each side.")
    phase_win = PhaseSharesSerializer(help_text="The attacker's share of each phase.")
    seed = serializers.IntegerField()


# --- runs ---------------------------------------------------------------------------------


class RunSerializer(ModelSerializer):
    started_by = UserField(read_only=True, allow_null=True)
    campaign = serializers.IntegerField(source="battle.campaign_id", read_only=True)
    pending = serializers.JSONField(
        read_only=True, help_text="The decision a paused run waits for, or null."
    )

    class Meta:
        model = BattleRun
        fields = [
            "id",
            "campaign",
            "battle",
            "seed",
            "status",
            "winner",
            "pending",
            "version",
            "resolve_requested_at",
            "casualties_confirmed_at",
            "started_by",
            "created_at",
            "updated_at",
        ]
        read_only_fields = fields


class BattleDetailSerializer(BattleSerializer):
    """A battle with both cards, and the SR and each phase's DCs when it can be fought
    (the view hangs ``selectors.battle_detail`` on the battle as ``detail``)."""

    ready = serializers.BooleanField(source="detail.ready", read_only=True)
    errors = serializers.DictField(
        source="detail.errors",
        child=serializers.ListField(child=serializers.CharField()),
        read_only=True,
        help_text="Card errors by field: a run is refused while there are any.",
    )
    sr = serializers.IntegerField(source="detail.sr", read_only=True, allow_null=True)
    engaged = serializers.IntegerField(
        source="detail.engaged", read_only=True, allow_null=True, help_text="Both armies."
    )
    phases = PhasePlanSerializer(source="detail.phases", many=True, read_only=True, allow_null=True)
    cards = ArmyCardPairSerializer(source="detail_cards", read_only=True)
    runs = RunSerializer(source="detail.runs", many=True, read_only=True)

    class Meta(BattleSerializer.Meta):
        fields = [
            *BattleSerializer.Meta.fields,
            "ready",
            "errors",
            "sr",
            "engaged",
            "phases",
            "cards",
            "runs",
        ]
        read_only_fields = fields


class RunStartSerializer(serializers.Serializer):
    battle = serializers.PrimaryKeyRelatedField(queryset=Battle.objects.all())
    seed = serializers.IntegerField(
        min_value=0,
        max_value=MAX_SEED,
        required=False,
        allow_null=True,
        help_text="Replays a run exactly; default: a fresh seed.",
    )


class IntPairSerializer(serializers.Serializer):
    attacker = serializers.IntegerField()
    defender = serializers.IntegerField()


class NamePairSerializer(serializers.Serializer):
    attacker = serializers.CharField()
    defender = serializers.CharField()


class PhaseViewSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    state = serializers.ChoiceField(choices=["won", "under_way", "to_come"])
    skill = serializers.CharField(allow_null=True)
    skill_chosen_by = serializers.CharField(allow_null=True)
    sides = SideSetupPairSerializer()
    totals = IntPairSerializer()
    progress = IntPairSerializer(help_text="Each total as a percentage of SR (at most 100).")
    rounds = serializers.IntegerField()
    winner = serializers.CharField(allow_null=True)
    crucial_moment = serializers.JSONField(
        allow_null=True, help_text='null, "planned", "skipped" or {"winner": side}.'
    )
    events = serializers.ListField(
        child=serializers.DictField(),
        help_text="The phase's log: rounds with both rolls, crucial moments, skill choice.",
    )


class PendingViewSerializer(serializers.Serializer):
    decision = serializers.ChoiceField(choices=["crucial_moment", "phase3_skill"])
    phase = serializers.IntegerField()
    prompt = serializers.CharField()
    choices = serializers.ListField(child=serializers.CharField())
    chooser = serializers.CharField(allow_null=True)
    attacker_chance = serializers.FloatField(allow_null=True)


class RunViewSerializer(serializers.Serializer):
    """A run as the battle page shows it."""

    run = RunSerializer()
    names = NamePairSerializer(help_text="Each side's army, as it fought.")
    sr = serializers.IntegerField(help_text="The Success Threshold of every phase.")
    phases = PhaseViewSerializer(many=True)
    phases_won = IntPairSerializer()
    winner = serializers.CharField(allow_null=True)
    crushing = serializers.BooleanField(allow_null=True)
    pending = PendingViewSerializer(allow_null=True)
    luck_left = serializers.DictField(child=serializers.DictField(child=serializers.IntegerField()))
    casualties = serializers.JSONField(allow_null=True, help_text="Each side's casualty test.")
    casualty_modifiers = serializers.DictField(child=ModifierSerializer(many=True))
    casualties_to_confirm = serializers.BooleanField()
    rolls = serializers.ListField(
        child=serializers.DictField(),
        help_text="Every draw: die, value and purpose, a code with its parameters, e.g. "
        '{"code": "exchange_round", "phase": 1, "round": 2, "side": "attacker"}.',
    )
    report = serializers.JSONField(
        allow_null=True, help_text="The engine's final result once finished."
    )


class CrucialMomentSerializer(serializers.Serializer):
    winner = serializers.ChoiceField(choices=Side.choices)


class Phase3SkillSerializer(serializers.Serializer):
    skill = serializers.ChoiceField(choices=["tactics", "command"])
