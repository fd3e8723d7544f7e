"""The ledger knows no poster: its tables point only below it (leagues, teams, fixtures,
users), never at betting nor a game (import-linter keeps its imports so; this keeps its
foreign keys, which name models by string). Each poster declares its reasons with it."""

import pytest
from django.apps import apps
from django.utils import translation

from ledger import reasons
from ledger.models import Transaction

BELOW = {"ledger", "league", "matches", "auth"}


def test_the_ledgers_foreign_keys_point_only_below_it():
    for model in apps.get_app_config("ledger").get_models():
        for field in model._meta.get_fields():
            if field.concrete and field.is_relation:
                assert field.related_model._meta.app_label in BELOW, (model, field.name)


@pytest.mark.parametrize(
    ("code", "english", "french"),
    [
        ("grant", "Starting grant", "Dotation de départ"),
        ("stake", "Bet placed", "Pari placé"),
        ("settlement", "Bets settled", "Paris réglés"),
        ("purchase", "Team purchase", "Achat d’équipe"),
        ("winnings", "Match winnings", "Gains de match"),
        ("team_bet", "Team bet won", "Pari d’équipe gagné"),
    ],
)
def test_each_poster_declared_its_reasons_with_their_labels(code, english, french):
    labels = dict(Transaction._meta.get_field("reason").choices)
    with translation.override("en"):
        assert str(labels[code]) == english
    with translation.override("fr"):
        assert str(labels[code]) == french


def test_a_reason_is_declared_once():
    assert reasons.declare("grant", "Starting grant") == "grant"  # the same again: fine
    with pytest.raises(ValueError, match="already declared"):
        reasons.declare("grant", "Free money")
    with pytest.raises(ValueError, match="characters"):
        reasons.declare("much_too_long", "Too long")
    with pytest.raises(ValueError, match="declared"):
        reasons.check("bribe")
