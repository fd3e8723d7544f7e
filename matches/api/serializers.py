"""Input and output shapes of the matches API."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from core.api.fields import UserField
from core.api.serializers import ModelSerializer
from league.api.serializers import TeamBriefSerializer
from league.models import Team
from matches import plugins
from matches.models import MAX_ROUND, Fixture, Result, SimulationBatch


class ResultBriefSerializer(ModelSerializer):
    class Meta:
        model = Result
        fields = ["id", "home_score", "away_score", "winner", "decided_by"]


class FixtureSerializer(ModelSerializer):
    home = TeamBriefSerializer(read_only=True)
    away = TeamBriefSerializer(read_only=True)
    league = serializers.IntegerField(source="season.league_id", read_only=True)
    result = ResultBriefSerializer(read_only=True, allow_null=True, help_text="Null until played.")

    class Meta:
        model = Fixture
        fields = [
            "id",
            "league",
            "season",
            "round",
            "home",
            "away",
            "kickoff",
            "status",
            "locked_at",
            "problem",
            "bracket_position",
            "result",
        ]
        read_only_fields = fields


class FixtureBriefSerializer(ModelSerializer):
    home = TeamBriefSerializer(read_only=True)
    away = TeamBriefSerializer(read_only=True)
    league = serializers.IntegerField(source="season.league_id", read_only=True)

    class Meta:
        model = Fixture
        fields = ["id", "league", "season", "round", "home", "away", "kickoff"]
        read_only_fields = fields


class ResultSerializer(ModelSerializer):
    """A result without its turn and roll log."""

    fixture = FixtureBriefSerializer(read_only=True)
    corrected = serializers.BooleanField(
        read_only=True,
        help_text="True when a commissioner changed this result's score or winner after it "
        "was played: its record is then the match as played (see the fixture's corrections).",
    )

    class Meta:
        model = Result
        fields = [
            "id",
            "fixture",
            "home_score",
            "away_score",
            "winner",
            "decided_by",
            "seed",
            "created_at",
            "corrected",
        ]
        read_only_fields = fields


class MatchRecordSerializer(serializers.Serializer):
    """The engine's full record of a match, replayable from the seed: the scores, the outcome,
    the seed and every roll, and the keys the game's own records carry
    (``matches.plugins.record_fields``): a simulated match's turns, a match played at the
    table its report as recorded."""

    home_score = serializers.IntegerField()
    away_score = serializers.IntegerField()
    winner = serializers.CharField(allow_null=True)
    decided_by = serializers.CharField()
    seed = serializers.IntegerField()
    rolls = serializers.ListField(child=serializers.DictField())

    def get_fields(self):
        return super().get_fields() | plugins.record_api_fields()


ENGINE_RECORD_KEYS = frozenset(
    name for name, field in MatchRecordSerializer().fields.items() if field.required
)


class ResultDetailSerializer(ResultSerializer):
    """A result with its record: the engine's record (``record``) for a simulated or a
    Killpower match; the record as the game keeps it (``game_record``) for the other table
    games, whose records have a shape of their own."""

    record = serializers.SerializerMethodField()
    game_record = serializers.SerializerMethodField()

    class Meta(ResultSerializer.Meta):
        fields = [*ResultSerializer.Meta.fields, "record", "game_record"]
        read_only_fields = fields

    @staticmethod
    def _is_engine_record(result: Result) -> bool:
        return isinstance(result.record, dict) and result.record.keys() >= ENGINE_RECORD_KEYS

    @extend_schema_field(MatchRecordSerializer(allow_null=True))
    def get_record(self, result: Result) -> dict | None:
        if not self._is_engine_record(result):
            return None
        return MatchRecordSerializer(result.record).data

    @extend_schema_field({"type": "object", "additionalProperties": {}, "nullable": True})
    def get_game_record(self, result: Result) -> dict | None:
        """The record in the game's own shape (Tutatis, Mythril); null when ``record`` holds
        the engine's record."""
        return None if self._is_engine_record(result) else result.record


class SimulationBatchSerializer(ModelSerializer):
    requested_by = UserField(read_only=True)
    total = serializers.IntegerField(read_only=True, help_text="Fixtures in the batch.")
    played = serializers.IntegerField(
        read_only=True, help_text="Fixtures of the batch played so far."
    )
    done = serializers.SerializerMethodField(help_text="True once every fixture is played.")

    class Meta:
        model = SimulationBatch
        fields = ["id", "season", "label", "requested_by", "created_at", "total", "played", "done"]
        read_only_fields = fields

    def get_done(self, batch: SimulationBatch) -> bool:
        return batch.played >= batch.total


class GenerateFixturesSerializer(serializers.Serializer):
    double = serializers.BooleanField(default=True, help_text="Home and away (double round robin).")
    first_kickoff = serializers.DateTimeField(
        required=False, allow_null=True, help_text="Kick-off of round 1 (default: tomorrow 20:00)."
    )
    interval_days = serializers.IntegerField(
        min_value=1, max_value=365, default=7, help_text="Days between rounds."
    )


class GeneratedFixturesSerializer(serializers.Serializer):
    season = serializers.IntegerField()
    fixtures = serializers.IntegerField(help_text="Fixtures created.")
    rounds = serializers.IntegerField(help_text="Rounds created.")


class SeasonSimulateSerializer(serializers.Serializer):
    round = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ROUND,
        required=False,
        allow_null=True,
        help_text="Only this round (default: the whole season).",
    )


class FixtureScheduleSerializer(serializers.Serializer):
    home = serializers.PrimaryKeyRelatedField(
        queryset=Team.objects.all(), help_text="The home team's id (a team of the league)."
    )
    away = serializers.PrimaryKeyRelatedField(
        queryset=Team.objects.all(), help_text="The away team's id (a team of the league)."
    )
    kickoff = serializers.DateTimeField()
    round = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ROUND,
        required=False,
        allow_null=True,
        help_text="Default: a new round after the season's last.",
    )


class RescheduleSerializer(serializers.Serializer):
    kickoff = serializers.DateTimeField(help_text="From the year 2000 to 2099.")
    past = serializers.BooleanField(
        default=False,
        help_text="Confirms a kick-off already past (the fixture then kicks off at once).",
    )


class MetricSerializer(serializers.Serializer):
    key = serializers.CharField()
    label = serializers.CharField()
    abbr = serializers.CharField()


class StandingRowSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    team = TeamBriefSerializer()
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    goals_for = serializers.IntegerField()
    goals_against = serializers.IntegerField()
    goal_difference = serializers.IntegerField()
    points = serializers.IntegerField()
    head_to_head = serializers.IntegerField(
        help_text="Points against the teams level with this one."
    )
    tied_on = serializers.ListField(
        child=serializers.CharField(),
        help_text="Teams still level with this one after every tie-breaker.",
    )


class StandingsSerializer(serializers.Serializer):
    season = serializers.IntegerField()
    tiebreakers = MetricSerializer(many=True, help_text="The league's tie-breakers, in order.")
    rows = StandingRowSerializer(many=True)
