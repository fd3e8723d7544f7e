"""Betting's part of a user's account page: their wallets, one per league (registered with
``core.accounts`` when the app is ready)."""

from django.contrib.auth.models import User

from core.accounts import AccountSection
from ledger.models import Account


def _context(user: User) -> dict:
    wallets = (
        Account.objects.filter(kind=Account.Kind.WALLET, user=user)
        .select_related("league")
        .order_by("league__name", "pk")
    )
    return {"wallets": wallets}


SECTION = AccountSection("betting", "account/sections/betting.html", _context)
