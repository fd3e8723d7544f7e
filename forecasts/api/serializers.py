from rest_framework import serializers


class PlacesSerializer(serializers.Serializer):
    top = serializers.IntegerField(help_text="How many places at the top the 'top' chance counts.")
    bottom = serializers.IntegerField(
        help_text="How many places at the bottom the 'bottom' chance counts."
    )


class TeamForecastSerializer(serializers.Serializer):
    team = serializers.IntegerField(help_text="The team's id.")
    title = serializers.FloatField(min_value=0, max_value=1, help_text="Chance of finishing first.")
    top = serializers.FloatField(
        min_value=0, max_value=1, help_text="Chance of finishing in the top places."
    )
    bottom = serializers.FloatField(
        min_value=0, max_value=1, help_text="Chance of finishing in the bottom places."
    )
    title_se = serializers.FloatField(min_value=0, help_text="Standard error of the title chance.")
    top_se = serializers.FloatField(min_value=0, help_text="Standard error of the top chance.")
    bottom_se = serializers.FloatField(
        min_value=0, help_text="Standard error of the bottom chance."
    )
    clinched_title = serializers.BooleanField(help_text="First whatever the remaining results.")
    eliminated_title = serializers.BooleanField(help_text="Cannot finish first any more.")


class SeasonForecastSerializer(serializers.Serializer):
    season = serializers.IntegerField()
    simulations = serializers.IntegerField(help_text="Completions simulated.")
    computed_at = serializers.DateTimeField()
    fixtures_left = serializers.IntegerField()
    exact_marks = serializers.BooleanField(
        help_text="Whether every team that cannot share first place on points is marked "
        "(maximum flow), not only those a relaxed flow proves."
    )
    places = PlacesSerializer()
    teams = TeamForecastSerializer(many=True)
