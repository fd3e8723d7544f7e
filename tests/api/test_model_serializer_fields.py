"""core.api.serializers.ModelSerializer builds its fields once per class: each instance still
gets its own fields, the same ones DRF would derive."""

from rest_framework import serializers

from betting.api.serializers import BetSerializer
from core.api.serializers import ModelSerializer
from matches.models import Fixture


class _PlainBetSerializer(serializers.ModelSerializer):
    potential_payout = serializers.IntegerField(read_only=True, allow_null=True)
    league = serializers.IntegerField(source="wallet.league_id", read_only=True)

    class Meta(BetSerializer.Meta):
        pass


def test_the_fields_are_those_drf_derives():
    assert repr(BetSerializer().fields) == repr(_PlainBetSerializer().fields)


def test_each_instance_has_its_own_fields():
    first, second = BetSerializer(), BetSerializer()
    first.fields["stake"].help_text = "changed for this request only"
    assert first.fields["stake"] is not second.fields["stake"]
    assert second.fields["stake"].help_text != "changed for this request only"
    assert BetSerializer().fields["stake"].help_text != "changed for this request only"


def test_a_subclass_keeps_its_own_fields():
    class Narrow(ModelSerializer):
        class Meta:
            model = Fixture
            fields = ["id", "round"]

    class Wide(Narrow):
        class Meta:
            model = Fixture
            fields = ["id", "round", "status"]

    assert list(Narrow().fields) == ["id", "round"]
    assert list(Wide().fields) == ["id", "round", "status"]
    assert list(Narrow().fields) == ["id", "round"]
