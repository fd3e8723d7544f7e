"""A Mythril team's gold: its treasury account in the league's ledger (``ledger``).

Every movement is one ledger transaction: gold comes from the league's money supply (the
creation grant, winnings, bet payouts) and goes to the house (purchases, the matchday entry).
The caller is inside ``transaction.atomic``; the accounts are locked here in id order
(``ledger.services.lock_accounts``) and a treasury never pays more than it holds (the
database refuses a treasury below zero too).
"""

from collections.abc import Mapping, Sequence

from django.utils.translation import gettext as _

from core.refusals import Refused
from league.models import League, Team
from ledger import services as ledger
from ledger.models import Account, Transaction
from ledger.services import Leg, Posting
from systems.mythril.reasons import Reason
from systems.mythril.selectors import settings_of


def treasury_of(team: Team) -> Account:
    account, _created = Account.objects.get_or_create(
        league_id=team.league_id, kind=Account.Kind.TREASURY, team=team
    )
    return account


def treasuries_open(*, league: League, purchases: Sequence[tuple[Team, int]]) -> list[Account]:
    """A treasury for each of many new teams of ``league``, granted the starting gold from
    the money supply, then paying its purchase (the gold each team's draft cost) to the house:
    the two transactions ``treasury_credit`` and ``treasury_debit`` write per team, posted in
    one ledger call. The caller checked each purchase within the grant."""
    gold = settings_of(league).starting_gold
    accounts = ledger.system_accounts(league)
    supply, house = accounts[Account.Kind.SUPPLY], accounts[Account.Kind.HOUSE]
    ledger.lock_accounts([supply.pk, house.pk])
    treasuries = Account.objects.bulk_create(
        Account(league=league, kind=Account.Kind.TREASURY, team=team) for team, _cost in purchases
    )
    postings = []
    for treasury, (_team, cost) in zip(treasuries, purchases, strict=True):
        if gold > 0:
            postings.append(Posting(Reason.GRANT, [Leg(supply, -gold), Leg(treasury, gold)]))
        if cost > 0:
            postings.append(Posting(Reason.PURCHASE, [Leg(treasury, -cost), Leg(house, cost)]))
    ledger.post(league, postings)
    return treasuries


def treasury_credit(
    *, team: Team, amount: int, reason: str, fixture_id: int | None = None
) -> Transaction | None:
    """``amount`` gold from the league's money supply into the team's treasury."""
    if amount <= 0:
        return None
    return treasuries_credit(
        league=team.league, amounts={team.pk: amount}, reason=reason, fixture_id=fixture_id
    )


def treasuries_credit(
    *, league: League, amounts: Mapping[int, int], reason: str, fixture_id: int | None = None
) -> Transaction:
    """Gold from the league's money supply into teams' treasuries (``amounts``: team id ->
    gold), in one transaction."""
    supply = ledger.system_accounts(league)[Account.Kind.SUPPLY]
    treasuries = {
        team_id: treasury_of(Team(pk=team_id, league_id=league.pk)) for team_id in sorted(amounts)
    }
    ledger.lock_accounts([supply.pk, *(account.pk for account in treasuries.values())])
    legs = [Leg(supply, -sum(amounts.values()))]
    legs += [Leg(account, amounts[team_id]) for team_id, account in treasuries.items()]
    return ledger.post(league, [Posting(reason, legs, fixture_id=fixture_id)])[0]


def treasury_debit(
    *, team: Team, amount: int, reason: str, field: str = "gold", fixture_id: int | None = None
) -> Transaction | None:
    """``amount`` gold from the team's treasury to the house; ``Refused`` (nothing moved) when
    the treasury holds less."""
    if amount <= 0:
        return None
    treasury = treasury_of(team)
    house = ledger.system_accounts(team.league)[Account.Kind.HOUSE]
    locked = ledger.lock_accounts([treasury.pk, house.pk])
    balance = locked[treasury.pk].balance
    if balance < amount:
        raise Refused(
            "not_enough_gold",
            _("%(team)s has %(gold)s gold; this costs %(cost)s.")
            % {"team": team.name, "gold": f"{balance:,}", "cost": f"{amount:,}"},
            field=field,
        )
    return ledger.post(
        team.league,
        [Posting(reason, [Leg(treasury, -amount), Leg(house, amount)], fixture_id=fixture_id)],
    )[0]
