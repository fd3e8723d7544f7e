"""Serializers of the Mythril API: inputs of the commands, and their answers."""

from typing import Any

from rest_framework import serializers

from betting.models import Outcome
from core import documents
from core.names import validate_name
from systems.mythril.documents import RESULT_REPORT
from systems.mythril.services.roster_import import MAX_CHARS


class MythrilPickSerializer(serializers.Serializer):
    position = serializers.CharField(required=False, allow_blank=True)
    champion = serializers.CharField(required=False, allow_blank=True)
    name = serializers.CharField(
        required=False, allow_blank=True, max_length=80, validators=[validate_name]
    )


class MythrilDraftSerializer(serializers.Serializer):
    team_list = serializers.CharField(help_text="The race of one of the league's team lists.")
    players = MythrilPickSerializer(many=True)
    popularity = serializers.IntegerField(min_value=0, max_value=100)
    home_pitch = serializers.CharField(default="lawn")


class MythrilTeamCreateSerializer(MythrilDraftSerializer):
    name = serializers.CharField(max_length=80, validators=[validate_name])
    coach = serializers.CharField(
        required=False,
        allow_blank=True,
        help_text="Username of the coach (commissioner only); left out: you.",
    )


class MythrilRuleErrorSerializer(serializers.Serializer):
    rule = serializers.CharField()
    message = serializers.CharField()


class MythrilVerdictSerializer(serializers.Serializer):
    ok = serializers.BooleanField()
    cost = serializers.IntegerField(required=False)
    budget = serializers.IntegerField(required=False)
    errors = MythrilRuleErrorSerializer(many=True)


class MythrilRosterImportSerializer(serializers.Serializer):
    file = serializers.FileField(required=False)
    text = serializers.CharField(
        required=False,
        max_length=MAX_CHARS,
        help_text="The file's text, instead of a file (1 MB at most).",
    )
    filename = serializers.CharField(required=False, default="roster.yaml")


class MythrilHireSerializer(MythrilPickSerializer):
    race = serializers.CharField(
        required=False, allow_blank=True, help_text="Another list's race: an ally."
    )


class MythrilLineupSerializer(serializers.Serializer):
    players = serializers.ListField(child=serializers.IntegerField())


class MythrilLevelUpChooseSerializer(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["skill", "characteristic", "big_guy"])
    value = serializers.CharField(
        required=False, allow_blank=True, help_text="A skill, ma/st/ag/av, or st/av/drop_skill."
    )
    skill = serializers.CharField(
        required=False, allow_blank=True, help_text="The skill dropped by a big guy's double."
    )


class MythrilResultSubmitSerializer(serializers.Serializer):
    result = serializers.JSONField(
        help_text="The result as systems.mythril.report_checks reads "
        "it: score, forfeit, each side's stats."
    )


class MythrilReportSerializer(serializers.Serializer):
    """A result report as the Mythril API answers it: its payload without the version stamp."""

    id = serializers.IntegerField(source="pk")
    fixture = serializers.IntegerField(source="fixture_id")
    status = serializers.CharField()
    payload = serializers.SerializerMethodField()
    submitted_by = serializers.IntegerField(source="submitted_by_id", allow_null=True)

    def get_payload(self, report: Any) -> Any:
        return documents.read(RESULT_REPORT, report.payload)


class MythrilReportCommandSerializer(serializers.Serializer):
    reason = serializers.CharField(required=False, allow_blank=True, max_length=500)
    note = serializers.CharField(required=False, allow_blank=True, max_length=500)
    result = serializers.JSONField(required=False, help_text="decide: a corrected result.")


class MythrilMatchdayEntrySerializer(serializers.Serializer):
    season = serializers.IntegerField()
    round = serializers.IntegerField(min_value=1)


class MythrilTeamBetSerializer(serializers.Serializer):
    fixture = serializers.IntegerField()
    outcome = serializers.ChoiceField(choices=Outcome.choices)


class MythrilTeamBetOutSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    team = serializers.IntegerField(source="team_id")
    team_name = serializers.CharField(source="team.name")
    fixture = serializers.IntegerField(source="fixture_id")
    outcome = serializers.CharField()
    status = serializers.CharField()
    payout = serializers.IntegerField(allow_null=True)
    roll = serializers.JSONField()


class MythrilTrophySerializer(serializers.Serializer):
    name = serializers.CharField(max_length=80, validators=[validate_name])
    teams = serializers.ListField(child=serializers.IntegerField())
    round = serializers.IntegerField(min_value=1)
    kickoff = serializers.DateTimeField()


class MythrilStandingSerializer(serializers.Serializer):
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


class MythrilRenameSerializer(serializers.Serializer):
    name = serializers.CharField(
        allow_blank=True, help_text="The new name: unique on the team's roster."
    )
