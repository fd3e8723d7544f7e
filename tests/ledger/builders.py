"""What the ledger's tests build: a league's wallet granted a balance, and its house account."""

from django.db import transaction

from betting import reasons
from ledger import services as ledger
from ledger.models import Account
from ledger.services import Leg, Posting
from tests.factories import UserFactory


def granted_wallet(league, balance: int) -> tuple[Account, Account]:
    """A wallet holding ``balance`` (granted from the supply, through the one write path) and the
    league's house account."""
    wallet = Account.objects.create(
        league=league, kind=Account.Kind.WALLET, user=UserFactory(), balance=0
    )
    supply = Account.objects.create(league=league, kind=Account.Kind.SUPPLY)
    house = Account.objects.create(league=league, kind=Account.Kind.HOUSE)
    with transaction.atomic():
        ledger.post(league, [Posting(reasons.GRANT, [Leg(supply, -balance), Leg(wallet, balance)])])
    return wallet, house
