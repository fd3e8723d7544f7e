"""The statistics as the API gives them: the same leaderboards and records as the page."""

from rest_framework import serializers

from league.api.serializers import TeamBriefSerializer


class ScopeFields(serializers.Serializer):
    league = serializers.IntegerField(source="league.pk")
    season = serializers.IntegerField(
        source="season.pk", allow_null=True, help_text="The season counted; null for all time."
    )
    results = serializers.IntegerField(
        source="results_count", help_text="Results counted (forfeits are left out)."
    )


class RowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(help_text="Equal totals share a rank (1, 2, 2, 4).")
    team = TeamBriefSerializer()
    player = serializers.CharField(help_text="The game's key for the player; empty on a team row.")
    player_name = serializers.CharField()
    value = serializers.IntegerField(help_text="The total in the scope.")
    matches = serializers.IntegerField()
    best_fixture = serializers.IntegerField(
        source="best_fixture_id", help_text="The fixture where it made the most of it."
    )
    best_value = serializers.IntegerField()


class BoardSerializer(serializers.Serializer):
    statistic = serializers.CharField(source="statistic.name")
    label = serializers.CharField(source="statistic.label")
    per = serializers.ChoiceField(choices=["team", "player"])
    rows = RowSerializer(many=True)


class LeaderboardsSerializer(ScopeFields):
    team = serializers.IntegerField(
        source="team.pk", allow_null=True, help_text="The team asked for (`?team=`), or null."
    )
    leaderboards = BoardSerializer(many=True, source="boards")


class PlayedSerializer(serializers.Serializer):
    id = serializers.IntegerField(source="fixture_id")
    season = serializers.IntegerField(source="season_id")
    round = serializers.IntegerField()
    kickoff = serializers.DateTimeField()
    home = serializers.IntegerField(source="home_id")
    away = serializers.IntegerField(source="away_id")
    home_score = serializers.IntegerField()
    away_score = serializers.IntegerField()


class RecordSerializer(serializers.Serializer):
    key = serializers.CharField(
        help_text="highest_score, biggest_win, most_scored, longest_unbeaten_run, or the name "
        "of one of the game's statistics."
    )
    label = serializers.CharField()
    value = serializers.IntegerField()
    team = TeamBriefSerializer()
    fixture = PlayedSerializer(source="played", help_text="The fixture that set it.")
    since = PlayedSerializer(
        allow_null=True, help_text="A run's first fixture; null for any other record."
    )


class RecordsSerializer(ScopeFields):
    records = RecordSerializer(many=True)
