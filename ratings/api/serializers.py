"""The ratings as the API gives them: numbers unrounded, on the Glicko scale (1500 / 350)."""

from rest_framework import serializers

from league.api.serializers import TeamBriefSerializer


class RatingFields(serializers.Serializer):
    rating = serializers.FloatField(help_text="Glicko-2 rating (a new entrant starts at 1500).")
    rd = serializers.FloatField(help_text="Rating deviation: how unsure the rating is (350 new).")
    volatility = serializers.FloatField(help_text="How erratic the results are (0.06 new).")
    games = serializers.IntegerField(help_text="Rated games so far (forfeits are not rated).")
    change = serializers.FloatField(
        allow_null=True, help_text="Rating change since the previous period; null at the first."
    )


class RoundPointSerializer(serializers.Serializer):
    season = serializers.IntegerField(source="season_id")
    season_name = serializers.CharField()
    round = serializers.IntegerField()
    rating = serializers.FloatField()
    rd = serializers.FloatField()
    games = serializers.IntegerField()


class WeekPointSerializer(serializers.Serializer):
    week = serializers.DateField(help_text="The Monday of the ISO week.")
    rating = serializers.FloatField()
    rd = serializers.FloatField()
    games = serializers.IntegerField()


class TeamRatingSerializer(RatingFields):
    team = TeamBriefSerializer()
    history = RoundPointSerializer(many=True, help_text="The rating at the end of each round.")


class LeagueRatingsSerializer(serializers.Serializer):
    league = serializers.IntegerField()
    tau = serializers.FloatField(help_text="The league's Glicko-2 system constant.")
    teams = TeamRatingSerializer(many=True, help_text="Rated teams, best rating first.")


class PoolRatingSerializer(RatingFields):
    game = serializers.CharField(help_text='The game rated in; "" for every game together.')
    label = serializers.CharField(help_text="The game's name, in the request's language.")
    week = serializers.DateField(help_text="The Monday of the last week rated.")
    history = WeekPointSerializer(many=True, help_text="The rating after each week played.")


class CoachBriefSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()


class CoachRatingsSerializer(serializers.Serializer):
    coach = CoachBriefSerializer()
    ratings = PoolRatingSerializer(
        many=True, help_text="Each game the coach played, then every game together."
    )
