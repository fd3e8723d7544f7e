"""Input and output shapes of the Killpower Ball matches API: result reports, the post-match
report, the referee sheet, tournaments and the championship table."""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from core.api.fields import UserField
from core.api.serializers import ModelSerializer
from league.api.serializers import TeamBriefSerializer
from matches.api.serializers import FixtureBriefSerializer, ResultBriefSerializer
from systems.killpower.models import PostMatchRun, ResultReport

REPORT_HELP = (
    "The match report as the engine reads it: {score: {home, away}, decided_by?: points | "
    "elimination | abandon | free_throws, result?, abandoned_by?, free_throws?, home: {played?, "
    "comas?: [{gladiator, state, location?}], out?, equipment_lost?, armour_lost?, "
    "badly_wounded?}, away: {...}}."
)
DECISIONS_HELP = (
    'Post-match choices by side, your own side only: {"home": {"redraw": {"Tom": '
    '"magic_armour"}}}. Not in tournament mode.'
)
FREE_THROWS_HELP = (
    "Tournament draw on points: your own side's two shooters (one if only one can shoot) and "
    'their distances, {"home": ["Tom", "Max"], "distances": {"home": [10, 12]}}; the '
    "commissioner may choose both sides'. A side nobody chose for: the engine picks."
)


class ResultReportSerializer(ModelSerializer):
    fixture = FixtureBriefSerializer(read_only=True)
    submitted_by = UserField(read_only=True, allow_null=True)
    reviewed_by = UserField(read_only=True, allow_null=True)
    disputed_by = UserField(read_only=True, allow_null=True)
    result = ResultBriefSerializer(
        source="fixture.result", read_only=True, allow_null=True, help_text="Once recorded."
    )
    free_throws = serializers.JSONField(
        read_only=True, allow_null=True, label=_("Free-throw choices")
    )

    class Meta:
        model = ResultReport
        fields = [
            "id",
            "fixture",
            "status",
            "submitted_by",
            "payload",
            "decisions",
            "free_throws",
            "disputed_by",
            "dispute_reason",
            "reviewed_by",
            "note",
            "created_at",
            "reviewed_at",
            "result",
        ]
        read_only_fields = fields


class ResultConfirmSerializer(serializers.Serializer):  # the choices entering and deciding take too
    decisions = serializers.JSONField(required=False, help_text=DECISIONS_HELP)
    free_throws = serializers.JSONField(required=False, allow_null=True, help_text=FREE_THROWS_HELP)


class ResultSubmitSerializer(ResultConfirmSerializer):
    result = serializers.JSONField(help_text=REPORT_HELP)


class ResultDisputeSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=500, required=False, allow_blank=True, default="")


class ResultDecideSerializer(ResultConfirmSerializer):
    result = serializers.JSONField(
        required=False, help_text="A corrected report (default: the report as entered)."
    )
    note = serializers.CharField(max_length=500, required=False, allow_blank=True, default="")


class PostMatchRunSerializer(ModelSerializer):
    seed = serializers.IntegerField(read_only=True)  # a run that ran has its seed
    log = serializers.JSONField(
        help_text="Per side: the outcome, each step's log (ranking, death_risk, removed, "
        "recruits, experience, raises, equipment, armour_restored) and the team after."
    )
    rolls = serializers.ListField(child=serializers.DictField(), help_text="Every roll, in order.")

    class Meta:
        model = PostMatchRun
        fields = ["id", "fixture", "seed", "log", "rolls", "created_at"]
        read_only_fields = fields


class RefereeSideSerializer(serializers.Serializer):
    team = TeamBriefSerializer()
    power = serializers.IntegerField(allow_null=True)
    division = serializers.IntegerField(allow_null=True)
    points_to_score = serializers.IntegerField(
        allow_null=True, help_text="Points more than the opponent needed to win."
    )
    gladiators = serializers.ListField(
        child=serializers.DictField(),
        help_text="The engine's sheets as frozen at kick-off, with this match's RAP.",
    )


class RefereeSheetSerializer(serializers.Serializer):
    fixture = FixtureBriefSerializer()
    kicked_off = serializers.BooleanField()
    home = RefereeSideSerializer()
    away = RefereeSideSerializer()
    turns = serializers.ListField(child=serializers.IntegerField(), help_text="20 down to 1.")
    kickoff_seed = serializers.IntegerField(allow_null=True)
    kickoff_rolls = serializers.ListField(child=serializers.DictField())
    score = serializers.DictField(child=serializers.IntegerField(), allow_null=True)


class TournamentCreateSerializer(serializers.Serializer):
    first_kickoff = serializers.DateTimeField(
        required=False, allow_null=True, help_text="Kick-off of round 1 (default: tomorrow 20:00)."
    )
    interval_days = serializers.IntegerField(
        min_value=1, max_value=365, default=7, help_text="Days between rounds."
    )


class BracketSlotSerializer(serializers.Serializer):
    team = TeamBriefSerializer(allow_null=True, help_text="Null until the feeder is played.")
    seed = serializers.IntegerField(allow_null=True)
    winner_of = serializers.CharField(allow_null=True, help_text="The feeding bracket match.")


class BracketFixtureSerializer(FixtureBriefSerializer):
    result = ResultBriefSerializer(read_only=True, allow_null=True)

    class Meta(FixtureBriefSerializer.Meta):
        fields = [*FixtureBriefSerializer.Meta.fields, "status", "result"]
        read_only_fields = fields


class BracketMatchSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="R<round>M<match>.")
    round = serializers.IntegerField()
    home = BracketSlotSerializer()
    away = BracketSlotSerializer(allow_null=True, help_text="Null: a bye.")
    bye = serializers.BooleanField()
    fixture = BracketFixtureSerializer(allow_null=True)
    winner = TeamBriefSerializer(allow_null=True)


class BracketSerializer(serializers.Serializer):
    season = serializers.IntegerField(source="season.pk")
    size = serializers.IntegerField(help_text="Places: the next power of two.")
    rounds = serializers.ListField(child=serializers.ListField(child=BracketMatchSerializer()))
    champion = TeamBriefSerializer(allow_null=True)


class RankingRowSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    team = TeamBriefSerializer()
    ranking_points = serializers.IntegerField()
    power = serializers.IntegerField()
    division = serializers.IntegerField()
    played = serializers.IntegerField()
    won = serializers.IntegerField(source="wins")
    drawn = serializers.IntegerField(source="draws")
    lost = serializers.IntegerField(source="losses")
    abandoned = serializers.IntegerField()
    tied_on = serializers.ListField(child=serializers.CharField())


class RankingTableSerializer(serializers.Serializer):
    season = serializers.IntegerField()
    rows = RankingRowSerializer(many=True)
