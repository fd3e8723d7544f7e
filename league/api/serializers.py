"""Input and output shapes of the league API. Serializers validate shapes; services decide.

No serializer saves anything: the views pass ``validated_data`` to one service each.
"""

from collections.abc import Sequence
from typing import Any

from rest_framework import serializers

from core.api.fields import UserField
from core.api.serializers import ModelSerializer
from core.names import validate_name
from league import plugins
from league.models import TIEBREAKER_CHOICES, League, Season, Team
from league.services import LEAGUE_SETTINGS


class TeamBriefSerializer(ModelSerializer):
    class Meta:
        model = Team
        fields = ["id", "name"]


class LeagueBriefSerializer(ModelSerializer):
    class Meta:
        model = League
        fields = ["id", "name"]


# --- leagues ------------------------------------------------------------------------------


class LeagueSettingsSerializer(ModelSerializer):
    """The house rules a commissioner may change (``league_update``)."""

    tiebreakers = serializers.ListField(
        child=serializers.ChoiceField(choices=TIEBREAKER_CHOICES),
        allow_empty=False,
        help_text="Metric keys in the order they break ties.",
    )

    class Meta:
        model = League
        fields = list(LEAGUE_SETTINGS)  # what league_update accepts, with each game's settings

    def get_fields(self):
        return super().get_fields() | plugins.league_settings_fields()


class LeagueCreateSerializer(LeagueSettingsSerializer):
    """A new league (``league_create``); its creator becomes the commissioner."""

    season_name = serializers.CharField(
        max_length=60,
        required=False,
        allow_blank=True,
        write_only=True,
        help_text="Name of the first season (default: “Season 1”).",
        validators=[validate_name],
    )

    tiebreakers = serializers.ListField(
        child=serializers.ChoiceField(choices=TIEBREAKER_CHOICES),
        allow_empty=False,
        required=False,
        help_text="Metric keys in the order they break ties (default: points, goal difference, "
        "goals for, head-to-head).",
    )

    class Meta(LeagueSettingsSerializer.Meta):
        fields = ["rule_system", *LeagueSettingsSerializer.Meta.fields, "season_name"]


class LeagueSerializer(ModelSerializer):
    commissioner = UserField(read_only=True)
    team_count = serializers.IntegerField(
        read_only=True, help_text="Active teams (retired ones left out)."
    )
    tiebreakers = serializers.ListField(child=serializers.CharField(), read_only=True)

    class Meta:
        model = League
        fields = [
            "id",
            "name",
            "rule_system",
            "commissioner",
            "description",
            "points_win",
            "points_draw",
            "points_loss",
            "forfeit_score_for",
            "forfeit_score_against",
            "tiebreakers",
            "rating_tau",
            "forecast_top_places",
            "forecast_bottom_places",
            "deadline_grace_hours",
            "deadline_reminder_hours",
            "automatic_forfeits",
            "competition_format",
            "house_rules",
            "team_count",
            "created_at",
        ]
        read_only_fields = fields

    def get_fields(self):
        return super().get_fields() | plugins.league_api_fields()


# --- seasons ------------------------------------------------------------------------------


class SeasonSerializer(ModelSerializer):
    champion = TeamBriefSerializer(
        read_only=True, allow_null=True, help_text="The winner, once the season is finished."
    )

    class Meta:
        model = Season
        fields = ["id", "league", "name", "created_at", "finished_at", "champion"]
        read_only_fields = ["id", "created_at", "finished_at", "champion"]
        validators: list = []  # the service checks the name is unique in its league


# --- teams ------------------------------------------------------------------------------


class TeamListSerializer(serializers.ListSerializer):
    """A list of teams, each game's own rows read at once for the whole list first."""

    def to_representation(self, data):
        teams = list(data.all() if hasattr(data, "all") else data)
        plugins.teams_read(teams=teams)
        return super().to_representation(teams)


class TeamSerializer(ModelSerializer):
    coach = UserField(allow_null=True, required=False)
    power = serializers.SerializerMethodField(
        help_text="Where the team's game has one (Killpower Ball: ranking points + total XP / 10"
        " + race bonus); else null."
    )
    division = serializers.SerializerMethodField(
        help_text="Where the team's game has one (Killpower Ball: power / 10 rounded half up);"
        " else null."
    )

    class Meta:
        model = Team
        fields = [
            "id",
            "league",
            "name",
            "coach",
            "primary_colour",
            "secondary_colour",
            "power",
            "division",
            "retired_at",
            "created_at",
        ]
        read_only_fields = ["id", "power", "division", "retired_at", "created_at"]
        validators: list = []  # the service checks the name is unique in its league
        list_serializer_class = TeamListSerializer

    def get_fields(self):
        return super().get_fields() | plugins.team_api_fields()

    def _power(self, team: Team):
        """Power and division, from the team's game where it has them (else None)."""
        cached = getattr(team, "_power", None)
        if cached is None:
            teams = plugins.teams.of(team.league.rule_system)
            cached = team._power = teams.team_power(team=team)
        return cached

    def get_power(self, team: Team) -> int | None:
        power = self._power(team)
        return power.power if power else None

    def get_division(self, team: Team) -> int | None:
        power = self._power(team)
        return power.division if power else None


class TeamUpdateSerializer(TeamSerializer):
    """A team's name, coach and colours (``team_update``); its league never changes."""

    class Meta(TeamSerializer.Meta):
        read_only_fields = [*TeamSerializer.Meta.read_only_fields, "league"]


class RosterIssueSerializer(serializers.Serializer):
    field = serializers.CharField()
    message = serializers.CharField()
    blocking = serializers.BooleanField()


class RatingsSerializer(serializers.Serializer):
    attack = serializers.IntegerField()
    defense = serializers.IntegerField()
    coach = serializers.IntegerField()


class TeamSheetSerializer(serializers.Serializer):
    """The engine's team sheet for the current line-up, its issues, and ratings when complete."""

    team = TeamBriefSerializer()
    rule_system = serializers.CharField()
    sheet = serializers.JSONField(help_text="The rule system's team sheet, as the engine reads it.")
    complete = serializers.BooleanField(help_text="True when no issue blocks a kick-off.")
    issues = RosterIssueSerializer(many=True)
    ratings = RatingsSerializer(allow_null=True)
    scores = serializers.DictField(
        child=serializers.IntegerField(), help_text="Each filled position's score under the rules."
    )


def team_sheet_answer(
    team: Team,
    sheet: Any,
    *,
    issues: Sequence[Any] = (),
    complete: bool = True,
    ratings: Any = None,
    scores: dict[str, int] | None = None,
) -> dict[str, Any]:
    """What a game's ``team_sheet`` hook answers (:class:`TeamSheetSerializer` reads it): the
    engine's sheet, with its issues, ratings and scores where the game has them."""
    return {
        "team": team,
        "rule_system": team.league.rule_system,
        "sheet": sheet,
        "complete": complete,
        "issues": list(issues),
        "ratings": ratings,
        "scores": scores or {},
    }


# --- players ------------------------------------------------------------------------------


# --- the signed-in user ------------------------------------------------------------------


class CoachedTeamSerializer(ModelSerializer):
    league = LeagueBriefSerializer(read_only=True)

    class Meta:
        model = Team
        fields = ["id", "name", "league"]


class MeSerializer(serializers.Serializer):
    username = serializers.CharField(read_only=True)
    language = serializers.CharField(read_only=True, help_text="Empty: the browser's language.")
    time_zone = serializers.CharField(
        read_only=True,
        help_text="The IANA zone times are shown in on pages, emails and exports; empty: the "
        "browser's, else the site's.",
    )
    teams = CoachedTeamSerializer(many=True, read_only=True)
    leagues = LeagueBriefSerializer(many=True, read_only=True)


class MeUpdateSerializer(serializers.Serializer):
    language = serializers.CharField(
        allow_blank=True,
        max_length=8,
        help_text="A language code such as “en” or “fr”; empty for the browser's.",
    )
    time_zone = serializers.CharField(
        allow_blank=True,
        max_length=64,
        help_text="An IANA time zone such as “Europe/Paris”; empty for the browser's.",
    )


class LoginSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField(style={"input_type": "password"}, trim_whitespace=False)


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="Send as “Authorization: Token <token>”. Shown once.")
    expiry = serializers.DateTimeField(allow_null=True)
