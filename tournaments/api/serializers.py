"""The tournaments API's shapes: a tournament with its entries, its rounds with their
pairings, its standings, and the commissioner's commands' input and output."""

from rest_framework import serializers

from league.models import Season, Team
from tournaments.models import Entry, Pairing, Round, Tournament


class TournamentEntrySerializer(serializers.ModelSerializer):
    team_name = serializers.CharField(source="team.name", read_only=True)

    class Meta:
        model = Entry
        fields = ["team", "team_name", "joined_round", "withdrawn_after", "group"]


class TournamentSerializer(serializers.ModelSerializer):
    league = serializers.IntegerField(source="season.league_id", read_only=True)
    entries = TournamentEntrySerializer(many=True, read_only=True)

    class Meta:
        model = Tournament
        fields = [
            "id",
            "name",
            "format",
            "league",
            "season",
            "rounds",
            "shape",
            "avoid_rematch",
            "bye_points",
            "tiebreakers",
            "bracket_reset",
            "group_count",
            "qualifiers",
            "entries",
            "created_at",
        ]


class TournamentNewSerializer(serializers.Serializer):
    """A new tournament; the services check the rest (the season, the teams, the rounds)."""

    season = serializers.PrimaryKeyRelatedField(queryset=Season.objects.select_related("league"))
    name = serializers.CharField(max_length=80)
    teams = serializers.PrimaryKeyRelatedField(
        queryset=Team.objects.all(),
        many=True,
        help_text="The entries: the first round's ranking, or the bracket's seeds, in order.",
    )
    format = serializers.ChoiceField(
        choices=Tournament.Format.choices, default=Tournament.Format.SWISS
    )
    bracket_reset = serializers.BooleanField(
        default=True,
        help_text="Double elimination: a second final when the losers' champion wins the first.",
    )
    group_count = serializers.IntegerField(
        min_value=1, required=False, allow_null=True, help_text="Groups then knock-out: groups."
    )
    qualifiers = serializers.IntegerField(
        min_value=1,
        required=False,
        allow_null=True,
        help_text="Groups then knock-out: the first of each group into the knock-out.",
    )
    rounds = serializers.IntegerField(
        min_value=1, required=False, allow_null=True, help_text="Swiss only; ceil(log2(teams))."
    )
    shape = serializers.ChoiceField(choices=Tournament.Shape.choices, default=Tournament.Shape.FOLD)
    avoid_rematch = serializers.BooleanField(default=True)
    bye_points = serializers.IntegerField(min_value=0, required=False, allow_null=True)
    tiebreakers = serializers.ListField(
        child=serializers.CharField(max_length=40), required=False, allow_null=True
    )


class TournamentBracketMatchSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="W2.1: winners' round 2, match 1; L3.2; GF1, GF2.")
    bracket = serializers.ChoiceField(choices=["winners", "losers", "final"])
    round = serializers.IntegerField(help_text="The round within its bracket.")
    home = serializers.IntegerField(
        allow_null=True, help_text="A team; 0 a bye; null not known yet."
    )
    away = serializers.IntegerField(
        allow_null=True, help_text="A team; 0 a bye; null not known yet."
    )
    winner = serializers.IntegerField(allow_null=True)
    walkover = serializers.BooleanField()
    tournament_round = serializers.IntegerField(
        source="pairing.round.number", allow_null=True, default=None
    )
    fixture = serializers.IntegerField(source="pairing.fixture_id", allow_null=True, default=None)


class TournamentBracketSerializer(serializers.Serializer):
    champion = serializers.IntegerField(allow_null=True)
    matches = serializers.SerializerMethodField()

    def get_matches(self, bracket) -> list[dict]:
        needed = [m for m in bracket.matches if m.needed]
        return TournamentBracketMatchSerializer(needed, many=True).data


class TournamentPairingSerializer(serializers.ModelSerializer):
    bye = serializers.BooleanField(source="is_bye", read_only=True)
    result = serializers.SerializerMethodField()

    class Meta:
        model = Pairing
        fields = ["table", "home", "away", "bye", "fixture", "result"]

    def get_result(self, pairing: Pairing) -> dict[str, int | str] | None:
        result = getattr(pairing.fixture, "result", None) if pairing.fixture else None
        if result is None:
            return None
        return {"home": result.home_score, "away": result.away_score, "winner": result.winner}


class TournamentWarningSerializer(serializers.Serializer):
    code = serializers.ChoiceField(choices=["rematch", "repeated_bye"])
    home = serializers.IntegerField(source="home.pk", help_text="The team concerned (home).")
    away = serializers.IntegerField(
        source="away.pk", allow_null=True, help_text="Its opponent; null for a bye."
    )


class TournamentRoundSerializer(serializers.ModelSerializer):
    pairings = TournamentPairingSerializer(many=True, read_only=True)

    class Meta:
        model = Round
        fields = ["number", "status", "published_at", "pairings"]


class TournamentRoundWarningsSerializer(TournamentRoundSerializer):
    warnings = TournamentWarningSerializer(many=True, read_only=True)

    class Meta(TournamentRoundSerializer.Meta):
        fields = [*TournamentRoundSerializer.Meta.fields, "warnings"]


class TournamentStandingSerializer(serializers.Serializer):
    group = serializers.IntegerField(
        source="entry.group", allow_null=True, help_text="Groups then knock-out: its group."
    )
    place = serializers.IntegerField(help_text="In its group for a groups then knock-out.")
    team = serializers.IntegerField(source="entry.team_id")
    team_name = serializers.CharField(source="entry.team.name")
    withdrawn_after = serializers.IntegerField(source="entry.withdrawn_after", allow_null=True)
    byes = serializers.IntegerField()
    values = serializers.DictField(
        child=serializers.FloatField(), help_text="Each tie-breaker's value, by name."
    )


class TournamentTeamInputSerializer(serializers.Serializer):
    team = serializers.PrimaryKeyRelatedField(queryset=Team.objects.all())


class TournamentSwapInputSerializer(serializers.Serializer):
    first = serializers.PrimaryKeyRelatedField(queryset=Team.objects.all())
    second = serializers.PrimaryKeyRelatedField(queryset=Team.objects.all())


class TournamentPublishInputSerializer(serializers.Serializer):
    round = serializers.IntegerField(
        min_value=1, help_text="The draft round's number: publishing it again answers the same."
    )
    first_kickoff = serializers.DateTimeField(
        required=False, help_text="Kick-off of the round's games; tomorrow evening if left out."
    )
