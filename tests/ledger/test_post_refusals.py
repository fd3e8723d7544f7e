"""``ledger.post`` refusing what it must not write, outside a test transaction (the test commits,
so it sits in a module of its own: ``tests/conftest.py``)."""

import pytest
from django.db import transaction

from betting import reasons
from ledger import services as ledger
from ledger.audit import ledger_audit
from ledger.models import Account
from ledger.services import Leg, Posting
from tests.factories import LeagueFactory
from tests.ledger.builders import granted_wallet


def test_post_refuses_unbalanced_legs_an_undeclared_reason_and_runs_only_in_a_transaction(
    transactional_db,
):
    # (transactional_db: the test itself is not wrapped in a transaction)
    league = LeagueFactory()
    wallet, house = granted_wallet(league, 10)

    with pytest.raises(ValueError, match="sum to"), transaction.atomic():
        ledger.post(league, [Posting(reasons.GRANT, [Leg(wallet, -5), Leg(house, 4)])])
    with pytest.raises(ValueError, match="declared"), transaction.atomic():
        ledger.post(league, [Posting("bribe", [Leg(wallet, -5), Leg(house, 5)])])
    with pytest.raises(RuntimeError, match=r"transaction\.atomic"):
        ledger.post(league, [Posting(reasons.GRANT, [Leg(wallet, -5), Leg(house, 5)])])

    assert Account.objects.get(pk=wallet.pk).balance == 10
    assert ledger_audit()["ok"]
