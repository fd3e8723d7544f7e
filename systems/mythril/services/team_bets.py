"""Team bets (a league option): a team pays the matchday entry (10,000) from its treasury, then
bets on at most one outcome per match of that matchday (its own included) before kick-off; a
winning bet pays 2D6 × 10,000 (× 20,000 in a trophy final), rolled by the engine
(``team_bet_payout``) with its dice kept on the bet, credited to the treasury.

Placing a bet checks the kick-off against the database clock under the fixture's row lock.
``team_bets_settle`` settles a fixture's bets exactly once: it locks the fixture, returns when
a ``TeamBetSettlement`` already witnesses it, and otherwise writes the witness, the payouts
(one ledger transaction, accounts locked in id order) and the bets' status together. A forfeit
without any turn played cancels the match's bets (the engine's verdict says so).
"""

from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.db.models.functions import Now
from django.utils.translation import gettext as _

from core.enqueue import enqueue_on_commit
from core.refusals import Refused
from league.models import Season, Team
from matches import plugins as match_plugins
from matches.models import Fixture, Result
from rules_engine import Dice
from rules_engine.mythril.bets import bet_settled, matchday_entry
from systems.mythril import RULE_SYSTEM, SETTLE_TASK, engine
from systems.mythril.models import MatchdayEntry, TeamBet, TeamBetSettlement, TrophyMatch
from systems.mythril.reasons import Reason
from systems.mythril.selectors import settings_of
from systems.mythril.services.teams import team_lock
from systems.mythril.services.treasury import treasuries_credit, treasury_debit


def bets_void(result: Result) -> bool:
    """Whether the result voids the bets on its match, the team bets and the players' (a
    forfeit without any turn played, by the engine's verdict)."""
    return bool(result.record.get("verdict", {}).get("bets_cancelled"))


def _locked_team(team: Team, user: User) -> Team:
    forbidden = _("Only the team's coach (or the commissioner) bets for it.")
    locked = team_lock(team, user, settled=False, forbidden=forbidden)
    if not settings_of(locked.league).team_bets:
        raise Refused("team_bets_off", _("This league does not play team bets."), field="team")
    return locked


@transaction.atomic
def matchday_enter(*, team: Team, user: User, season: Season, round: int) -> MatchdayEntry:
    """Pay the matchday's entry from the treasury (once per matchday), while one of its
    matches has not kicked off by the database clock."""
    team = _locked_team(team, user)
    if season.league_id != team.league_id:
        raise Refused("invalid", _("This season is not the team's league's."), field="season")
    if MatchdayEntry.objects.filter(season=season, round=round, team=team).exists():
        raise Refused(
            "entry_twice",
            _("%(team)s has already entered matchday %(round)s.")
            % {"team": team.name, "round": round},
            field="round",
        )
    open_matches = Fixture.objects.filter(
        season=season, round=round, status=Fixture.Status.SCHEDULED, kickoff__gt=Now()
    )
    if not open_matches.exists():
        raise Refused(
            "matchday_closed",
            _("Every match of matchday %(round)s has kicked off.") % {"round": round},
            field="round",
        )
    entry_fee = matchday_entry(engine.league_prices(team.league_id))
    posted = treasury_debit(team=team, amount=entry_fee, reason=Reason.ENTRY, field="round")
    return MatchdayEntry.objects.create(season=season, round=round, team=team, transaction=posted)


@transaction.atomic
def team_bet_place(*, team: Team, user: User, fixture: Fixture, outcome: str) -> TeamBet:
    """Bet on one outcome of a match of a matchday the team entered, before kick-off."""
    team = _locked_team(team, user)
    locked = (
        Fixture.objects.select_for_update(of=("self",))
        .filter(pk=fixture.pk)
        .annotate(open=Q(kickoff__gt=Now()))
        .first()
    )
    if locked is None or locked.season.league_id != team.league_id:
        raise Refused("invalid", _("This match is not of the team's league."), field="fixture")
    if locked.status != Fixture.Status.SCHEDULED or not locked.open:
        raise Refused(
            "bets_closed",
            _("Bets are taken before kick-off: this match has kicked off."),
            field="fixture",
        )
    outcomes = match_plugins.outcomes.of(RULE_SYSTEM).outcomes(locked)
    if outcome not in outcomes:
        raise Refused(
            "invalid",
            _("Bet on one of %(outcomes)s.") % {"outcomes": ", ".join(outcomes)},
            field="outcome",
        )
    entry = MatchdayEntry.objects.filter(
        season=locked.season_id, round=locked.round, team=team
    ).first()
    if entry is None:
        raise Refused(
            "no_entry",
            _("Pay matchday %(round)s's entry first (10,000 gold).") % {"round": locked.round},
            field="fixture",
        )
    if TeamBet.objects.filter(team=team, fixture=locked).exists():
        raise Refused(
            "one_bet_per_match",
            _("One bet per match: %(team)s has already bet on this one.") % {"team": team.name},
            field="fixture",
        )
    return TeamBet.objects.create(team=team, fixture=locked, entry=entry, outcome=outcome)


@transaction.atomic
def team_bets_settle(
    *, fixture_id: int, seed: int | None = None, dice: Dice | None = None
) -> TeamBetSettlement | None:
    """Settle the fixture's team bets, once (see the module's docstring)."""
    fixture = (
        Fixture.objects.select_for_update(of=("self",))
        .select_related("season__league")
        .filter(pk=fixture_id)
        .first()
    )
    if fixture is None or fixture.season.league.rule_system != RULE_SYSTEM:
        return None
    if TeamBetSettlement.objects.filter(fixture=fixture).exists():
        return None
    result = Result.objects.filter(fixture=fixture).first()
    if result is None:
        return None
    outcome = "cancelled" if bets_void(result) else result.winner
    final = TrophyMatch.objects.filter(fixture=fixture, final=True).exists()
    dice = dice or Dice(seed)
    settlement = TeamBetSettlement.objects.create(fixture=fixture, outcome=outcome, seed=dice.seed)
    bets = list(TeamBet.objects.filter(fixture=fixture, status=TeamBet.Status.OPEN).order_by("pk"))
    paid: dict[int, int] = {}
    for bet in bets:
        bet.settlement = settlement
        bet.status, bet.payout, bet.roll = bet_settled(
            dice, bet.outcome, outcome, final, ref=str(bet.pk)
        )
        if bet.payout:
            paid[bet.team_id] = paid.get(bet.team_id, 0) + bet.payout
    TeamBet.objects.bulk_update(bets, ["status", "payout", "roll", "settlement"])
    settlement.rolls = dice.log()
    settlement.save(update_fields=["rolls"])
    if paid:
        treasuries_credit(
            league=fixture.season.league,
            amounts=paid,
            reason=Reason.TEAM_BET,
            fixture_id=fixture.pk,
        )
    return settlement


def team_bets_sweep() -> dict[str, int]:
    """Send again the settlement of every played fixture with open team bets and no witness
    after the grace period."""
    waiting = (
        Fixture.objects.filter(
            status=Fixture.Status.PLAYED,
            season__league__rule_system=RULE_SYSTEM,
            mythril_bet_settlement__isnull=True,
            mythril_bets__status=TeamBet.Status.OPEN,
            result__created_at__lte=Now() - timedelta(seconds=settings.SWEEPER_GRACE_SECONDS),
        )
        .values_list("pk", flat=True)
        .distinct()
    )
    ids = sorted(waiting)
    for fixture_id in ids:
        enqueue_on_commit(SETTLE_TASK, fixture_id)
    return {"mythril_team_bets_enqueued": len(ids)}
