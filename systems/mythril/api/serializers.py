"""Serializers of the Mythril API: inputs of the commands, and their answers."""

from rest_framework import serializers


class PickSerializer(serializers.Serializer):
    position = serializers.CharField(required=False, allow_blank=True)
    champion = serializers.CharField(required=False, allow_blank=True)
    name = serializers.CharField(required=False, allow_blank=True, max_length=80)


class DraftSerializer(serializers.Serializer):
    team_list = serializers.CharField(help_text="The race of one of the league's team lists.")
    players = PickSerializer(many=True)
    popularity = serializers.IntegerField(min_value=0, max_value=100)
    home_pitch = serializers.CharField(default="lawn")


class TeamCreateSerializer(DraftSerializer):
    name = serializers.CharField(max_length=80)
    coach = serializers.CharField(required=False, allow_blank=True,
                                  help_text="Username of the coach (commissioner only); "
                                  "left out: you.")


class RuleErrorSerializer(serializers.Serializer):
    rule = serializers.CharField()
    message = serializers.CharField()


class VerdictSerializer(serializers.Serializer):
    ok = serializers.BooleanField()
    cost = serializers.IntegerField(required=False)
    budget = serializers.IntegerField(required=False)
    errors = RuleErrorSerializer(many=True)


class RosterImportSerializer(serializers.Serializer):
    file = serializers.FileField(required=False)
    text = serializers.CharField(required=False, help_text="The file's text, instead of a file.")
    filename = serializers.CharField(required=False, default="roster.yaml")


class HireSerializer(serializers.Serializer):
    position = serializers.CharField(required=False, allow_blank=True)
    champion = serializers.CharField(required=False, allow_blank=True)
    race = serializers.CharField(required=False, allow_blank=True,
                                 help_text="Another list's race: an ally.")
    name = serializers.CharField(required=False, allow_blank=True, max_length=80)


class LineupSerializer(serializers.Serializer):
    players = serializers.ListField(child=serializers.IntegerField())


class LevelUpChooseSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["skill", "characteristic", "big_guy"])
    value = serializers.CharField(required=False, allow_blank=True,
                                  help_text="A skill, ma/st/ag/av, or st/av/drop_skill.")
    skill = serializers.CharField(required=False, allow_blank=True,
                                  help_text="The skill dropped by a big guy's double.")


class ResultSubmitSerializer(serializers.Serializer):
    result = serializers.JSONField(help_text="The result as systems.mythril.report_checks reads "
                                   "it: score, forfeit, each side's stats.")


class ReportCommandSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, max_length=500)
    note = serializers.CharField(required=False, allow_blank=True, max_length=500)
    result = serializers.JSONField(required=False, help_text="decide: a corrected result.")


class MatchdayEntrySerializer(serializers.Serializer):
    season = serializers.IntegerField()
    round = serializers.IntegerField(min_value=1)


class TeamBetSerializer(serializers.Serializer):
    fixture = serializers.IntegerField()
    outcome = serializers.ChoiceField(choices=["home", "away", "draw"])


class TeamBetOutSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    team = serializers.IntegerField(source="team_id")
    team_name = serializers.CharField(source="team.name")
    fixture = serializers.IntegerField(source="fixture_id")
    outcome = serializers.CharField()
    status = serializers.CharField()
    payout = serializers.IntegerField(allow_null=True)
    roll = serializers.JSONField()


class TrophySerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80)
    teams = serializers.ListField(child=serializers.IntegerField())
    round = serializers.IntegerField(min_value=1)
    kickoff = serializers.DateTimeField()


class StandingSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    team = serializers.IntegerField(source="team.pk")
    team_name = serializers.CharField(source="team.name")
    played = serializers.IntegerField()
    wins = serializers.IntegerField()
    draws = serializers.IntegerField()
    losses = serializers.IntegerField()
    touchdowns_for = serializers.IntegerField()
    touchdowns_against = serializers.IntegerField()
    points = serializers.IntegerField()
