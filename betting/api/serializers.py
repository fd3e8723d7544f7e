"""Input and output shapes of the betting API (names fixed by the API contract)."""

from rest_framework import serializers

from betting import league_settings
from betting.models import Bet, BettingSettings, Market
from core.api.serializers import ModelSerializer
from ledger.models import Entry


class BettingSettingsSerializer(ModelSerializer):
    class Meta:
        model = BettingSettings
        fields = list(league_settings.FIELDS)


class WalletSerializer(serializers.Serializer):
    league = serializers.IntegerField(read_only=True)
    balance = serializers.IntegerField(read_only=True)
    open_stakes = serializers.IntegerField(read_only=True)


class EntrySerializer(ModelSerializer):
    reason = serializers.CharField(source="transaction.reason", read_only=True)
    time = serializers.DateTimeField(source="transaction.created_at", read_only=True)
    fixture = serializers.IntegerField(
        source="transaction.fixture_id", read_only=True, allow_null=True
    )
    bet = serializers.IntegerField(
        source="transaction.betting_link.bet_id", read_only=True, allow_null=True
    )

    class Meta:
        model = Entry
        fields = ["id", "time", "reason", "amount", "bet", "fixture"]
        read_only_fields = fields


class FixtureOddsSerializer(serializers.Serializer):
    fixture = serializers.IntegerField()
    market = serializers.ChoiceField(choices=["fixed", "pool"])
    method = serializers.CharField()
    computed_at = serializers.DateTimeField(allow_null=True)
    outcomes = serializers.DictField(
        child=serializers.DictField(),
        help_text="Per outcome (home, away and, where the game can end level, draw): fixed "
        "odds {probability, price (null for a chance of 0: not offered)}; a pool {pool, price "
        "(null while nobody backs it)}.",
    )


class BetPlaceSerializer(serializers.Serializer):
    market = serializers.ChoiceField(
        choices=Market.choices,
        default=Market.FIXTURE,
        help_text="fixture (the default): a fixture's result; champion: a season's champion.",
    )
    fixture = serializers.IntegerField(
        min_value=1, max_value=2**63 - 1, required=False, help_text="The fixture market's."
    )
    season = serializers.IntegerField(
        min_value=1, max_value=2**63 - 1, required=False, help_text="The champion market's."
    )
    # The outcome and the stake are the service's to judge, with the contract's codes
    # (``invalid_outcome``, ``stake_out_of_range``): here only their type.
    outcome = serializers.CharField(
        help_text="A fixture: home, away or, where the game can end level, draw. The champion "
        "market: the team's id.",
    )
    stake = serializers.IntegerField(help_text="Coins, within the league's stake range.")
    price = serializers.DecimalField(
        max_digits=7,
        decimal_places=2,
        required=False,
        allow_null=True,
        help_text="The price the client saw: refused with price_changed if it moved.",
    )

    def validate(self, attrs: dict) -> dict:
        needed = "season" if attrs["market"] == Market.CHAMPION else "fixture"
        if attrs.get(needed) is None:
            raise serializers.ValidationError({needed: ["This field is required."]})
        return attrs


class BetCheckSerializer(serializers.Serializer):
    market = serializers.ChoiceField(choices=Market.choices)
    fixture = serializers.IntegerField(allow_null=True)
    season = serializers.IntegerField(allow_null=True)
    outcome = serializers.CharField()
    stake = serializers.IntegerField()
    price = serializers.DecimalField(
        max_digits=7,
        decimal_places=2,
        allow_null=True,
        help_text="The price the bet would take (fixed odds); null for a pool.",
    )
    payout = serializers.IntegerField(
        allow_null=True,
        help_text="What it would pay if it wins: at fixed odds the stake times the price "
        "rounded down; in a pool, the share were the pool settled now with this stake in it.",
    )


class BetSerializer(ModelSerializer):
    potential_payout = serializers.IntegerField(read_only=True, allow_null=True)
    league = serializers.IntegerField(source="wallet.league_id", read_only=True)

    class Meta:
        model = Bet
        fields = [
            "id",
            "league",
            "market",
            "fixture",
            "season",
            "team",
            "outcome",
            "stake",
            "price",
            "potential_payout",
            "status",
            "payout",
            "placed_at",
            "closed_at",
        ]
        read_only_fields = fields


class BettorSerializer(serializers.Serializer):
    user = serializers.CharField()
    balance = serializers.IntegerField()
    open_stakes = serializers.IntegerField()
    bets = serializers.IntegerField()
    won = serializers.IntegerField()
    profit = serializers.IntegerField()
    settled_bets = serializers.IntegerField(help_text="Bets won, lost or refunded.")
    return_percent = serializers.FloatField(
        allow_null=True,
        help_text="Return on the settled bets' stakes: (paid back - staked) / staked, in "
        "percent, to a tenth; null without a settled bet.",
    )


class BookLineSerializer(serializers.Serializer):
    fixture = serializers.IntegerField(source="fixture_id")
    name = serializers.CharField(source="fixture")
    kickoff = serializers.DateTimeField()
    outcome = serializers.CharField()
    bets = serializers.IntegerField()
    staked = serializers.IntegerField()
    liability = serializers.IntegerField()


class ChampionLineSerializer(serializers.Serializer):
    outcome = serializers.CharField(help_text="The team's id: what a bet on it names.")
    team = serializers.IntegerField(source="team_id")
    probability = serializers.FloatField(help_text="The stored forecast's title chance, 0 to 1.")
    price = serializers.DecimalField(
        max_digits=7,
        decimal_places=2,
        allow_null=True,
        help_text="Fixed odds: the price taken; a pool: the pot over the stakes on the team "
        "(null while nobody backs it).",
    )
    eliminated = serializers.BooleanField(help_text="Closed: the team can no longer finish first.")


class MarketRefusalSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="The refusal's code, as a bet placed now gets it.")
    message = serializers.CharField()
    field = serializers.CharField(allow_null=True)


class SeasonOddsSerializer(serializers.Serializer):
    season = serializers.IntegerField()
    market = serializers.ChoiceField(choices=["fixed", "pool"])
    closed = serializers.BooleanField(
        help_text="The title is decided or the season is finished: no bet is taken."
    )
    computed_at = serializers.DateTimeField(allow_null=True)
    crowns_by_points = serializers.BooleanField(
        help_text="The champion is the top of the league points table the title chances count. "
        "False for Killpower Ball (its ranking points) and a tournament (the final's winner): "
        "no team is then closed by the forecast, and there are no fixed odds."
    )
    refused = MarketRefusalSerializer(
        allow_null=True,
        help_text="Why no bet is taken though the market is open (no_fixed_odds: fixed odds "
        "on a champion not crowned by league points); null otherwise.",
    )
    champion = ChampionLineSerializer(many=True)
