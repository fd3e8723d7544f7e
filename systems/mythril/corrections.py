"""What a commissioner's correction or void of a Mythril result means for the game
(``matches.plugins.results``: ``result_corrected``, ``result_voided``).

Undone where it can be: a voided match's winnings are ledger transactions, so each treasury
gives them back to the league's money supply with a reversal (no more than it holds: a
treasury never goes below zero; what it has spent since is flagged). Flagged where it cannot:
the dice of injuries, deaths, experience and level-ups, and the team bets settled once on the
old result (their 2D6 payouts were rolled)."""

from typing import Any

from django.db.models import Sum
from django.utils.translation import gettext_noop

from ledger import services as ledger
from ledger.models import Account, Entry
from ledger.services import Leg, Posting
from matches.models import Fixture, Result
from matches.table_results.post_match import post_match_ran, post_match_voided
from systems.mythril.models import TeamBetSettlement
from systems.mythril.reasons import Reason
from systems.mythril.services.treasury import treasury_of

POST_MATCH_RAN = gettext_noop(
    "The post-match sequence (injuries, deaths, star player points, level-ups, popularity) ran "
    "on the old result's match report: review both rosters."
)
REPLAY_WITHOUT_SEQUENCE = gettext_noop(
    "The post-match sequence will not run again for the replay: apply its outcome by hand."
)
TEAM_BETS_SETTLED = gettext_noop(
    "The team bets on this match were settled on the old result: review their payouts."
)
PLAYER_LINES = gettext_noop(
    "The match report's player lines (touchdowns, casualties) still add up to the old score: "
    "review them."
)
WINNINGS_SPENT = gettext_noop(
    "A treasury had spent part of the voided match's winnings: it gave back what it held."
)


def _flags(fixture: Fixture) -> list[str]:
    flags = []
    if post_match_ran(fixture=fixture):
        flags.append(POST_MATCH_RAN)
    if TeamBetSettlement.objects.filter(fixture=fixture).exists():
        flags.append(TEAM_BETS_SETTLED)
    return flags


def result_corrected(*, result: Result, before: dict[str, Any]) -> list[str]:
    flags = _flags(result.fixture)
    if (before["home_score"], before["away_score"]) != (result.home_score, result.away_score):
        flags.append(PLAYER_LINES)
    return flags


def result_voided(*, fixture: Fixture, before: dict[str, Any]) -> list[str]:
    """A pending sequence is dropped, one that ran flagged (``post_match_voided``); the
    winnings it paid are reversed."""
    ran = post_match_voided(fixture=fixture)
    flags = _flags(fixture)
    if ran:
        flags.append(REPLAY_WITHOUT_SEQUENCE)
        if not winnings_reverse(fixture=fixture):
            flags.append(WINNINGS_SPENT)
    return flags


def winnings_reverse(*, fixture: Fixture) -> bool:
    """Both treasuries give the fixture's winnings back to the money supply (one reversal
    transaction), once: a fixture voided again (its replay voided in turn: the replay runs no
    sequence, so it won nothing) takes nothing more. False when a treasury held less than it
    had won."""
    league = fixture.season.league
    treasuries = Entry.objects.filter(
        transaction__fixture=fixture, account__kind=Account.Kind.TREASURY
    )
    if treasuries.filter(transaction__reason=Reason.REVERSAL).exists():
        return True
    won = dict(
        treasuries.filter(transaction__reason=Reason.WINNINGS)
        .values_list("account_id")
        .annotate(total=Sum("amount"))
    )
    if not won:
        return True
    supply = ledger.system_accounts(league)[Account.Kind.SUPPLY]
    accounts = [treasury_of(team) for team in (fixture.home, fixture.away)]
    locked = ledger.lock_accounts([supply.pk, *(a.pk for a in accounts)])
    legs, whole = [], True
    for account_id, amount in sorted(won.items()):
        taken = min(amount, max(locked[account_id].balance, 0))
        whole = whole and taken == amount
        if taken > 0:
            legs.append(Leg(Account(pk=account_id), -taken))
    if legs:
        legs.append(Leg(supply, -sum(leg.amount for leg in legs)))
        ledger.post(league, [Posting(Reason.REVERSAL, legs, fixture_id=fixture.pk)])
    return whole
