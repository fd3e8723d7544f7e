"""Deadlines of results played at the table, and what happens around them.

A fixture's deadline is its own (``Fixture.deadline``, an extension) or else its round's
(``RoundDeadline``). Simulated games have none: the workers play their fixtures on time.

* The commissioner sets a season's round deadlines and extends one fixture's.
* Coaches are reminded ``League.deadline_reminder_hours`` before the deadline, once per
  deadline (an extension reminds again): the ``deadline.reminder`` event, in the app, by email
  as each coach chose, and to the league's webhooks.
* A fixture without a result once ``League.deadline_grace_hours`` have passed after its
  deadline is *late*: the commissioner sees it, with a forfeit or an extension one click away.
  With ``League.automatic_forfeits`` the sweep awards it to the one side that showed up
  (entered a result or proposed a time), once: ``fixture_award`` refuses a fixture already
  played, so a second sweep changes nothing. When neither or both sides showed up, the
  fixture waits for the commissioner (a table of players would not hand a win to either).
* The coaches of a scheduled fixture propose kick-off times; the other side's coach accepting
  one makes it the kick-off (``fixture_reschedule``), and the other open proposals lapse.
"""

from collections.abc import Mapping
from datetime import UTC, datetime, timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.utils import timezone
from django.utils.translation import gettext as _

from core import registry
from core.refusals import Forbidden, Refused
from league.models import League, Season
from league.roles import is_commissioner
from matches.corrections import WrongState, fixture_award
from matches.events import fixture_publish
from matches.models import Fixture, KickoffProposal, Result, ResultReport, RoundDeadline
from matches.services import fixture_reschedule

MAX_EXTENSION_DAYS = 60
MAX_REMINDER_HOURS = 720
"""The longest reminder time a league may set (``League.deadline_reminder_hours``)."""
OPEN = (Fixture.Status.SCHEDULED, Fixture.Status.LOCKED)
SIDES = ("home", "away")


def _table_played(league: League) -> None:
    if league.rule_system in registry.simulated_names():
        raise Refused(
            "simulated_game",
            _("The workers play this game's fixtures on time: they have no deadline."),
            field="deadline",
        )


def _commissioner(user: User, league: League) -> None:
    if not is_commissioner(user, league):
        raise Forbidden(_("Only the league's commissioner sets deadlines."))


def with_deadlines(fixtures: QuerySet[Fixture]) -> QuerySet[Fixture]:
    """``fixtures`` with ``due_at``: their own deadline, else their round's (None: none)."""
    round_due = RoundDeadline.objects.filter(
        season=OuterRef("season_id"), round=OuterRef("round")
    ).values("due_at")[:1]
    return fixtures.annotate(due_at=Coalesce("deadline", Subquery(round_due)))


def _unplayed(fixtures: QuerySet[Fixture]) -> QuerySet[Fixture]:
    return fixtures.filter(status__in=OPEN, result__isnull=True, season__finished_at=None)


def late_fixtures(*, league: League, now: datetime | None = None) -> QuerySet[Fixture]:
    """The league's fixtures without a result past their deadline and the grace period."""
    cutoff = (now or timezone.now()) - timedelta(hours=league.deadline_grace_hours)
    fixtures = _unplayed(Fixture.objects.filter(season__league=league))
    return (
        with_deadlines(fixtures)
        .filter(due_at__lt=cutoff)
        .select_related("home", "away", "season")
        .order_by("due_at", "pk")
    )


@transaction.atomic
def round_deadlines_set(
    *, season: Season, deadlines: Mapping[int, datetime | None], by: User
) -> list[RoundDeadline]:
    """Set (or, with None, remove) the deadline of each round named; every round must be one
    of the season's. The season's deadlines after the change."""
    league = season.league
    _commissioner(by, league)
    _table_played(league)
    rounds = set(Fixture.objects.filter(season=season).values_list("round", flat=True))
    unknown = sorted(set(deadlines) - rounds)
    if unknown:
        raise Refused(
            "unknown_round",
            _("This season has no round %(rounds)s."),
            field="round",
            rounds=", ".join(map(str, unknown)),
        )
    for number, due_at in deadlines.items():
        if due_at is None:
            RoundDeadline.objects.filter(season=season, round=number).delete()
            continue
        if RoundDeadline.objects.filter(season=season, round=number, due_at=due_at).exists():
            continue  # the same deadline: the reminders already sent for it stay sent
        RoundDeadline.objects.update_or_create(
            season=season, round=number, defaults={"due_at": due_at}
        )
        # a new deadline reminds again, unless the fixture keeps its own
        Fixture.objects.filter(season=season, round=number, deadline=None).update(reminded_at=None)
    return list(RoundDeadline.objects.filter(season=season))


@transaction.atomic
def fixture_extend(*, fixture: Fixture, days: int, by: User) -> Fixture:
    """Give a fixture not played yet ``days`` more days: from its deadline, or from now when
    that is past, on the site's wall clock (a deadline on Sunday at 20:00 extended by 7 days is
    due next Sunday at 20:00, across a change of daylight saving time). Both coaches are told."""
    league = fixture.season.league
    _commissioner(by, league)
    _table_played(league)
    if not 1 <= days <= MAX_EXTENSION_DAYS:
        raise Refused(
            "extension_range",
            _("Extend by 1 to %(max)s days."),
            field="days",
            max=MAX_EXTENSION_DAYS,
        )
    locked = with_deadlines(Fixture.objects.select_for_update(of=("self",))).get(pk=fixture.pk)
    if locked.status not in OPEN or Result.objects.filter(fixture=locked).exists():
        raise WrongState(
            "not_open", _("Only a fixture not played yet can be extended."), field="fixture"
        )
    now = timezone.now()
    start = max(locked.due_at or now, now)
    # days added to the local time (zoneinfo adds on the wall clock), not to the UTC instant
    local = timezone.localtime(start, timezone.get_default_timezone()) + timedelta(days=days)
    locked.deadline = local.astimezone(UTC)
    locked.reminded_at = None
    locked.save(update_fields=["deadline", "reminded_at"])
    fixture_publish(
        "deadline.extended",
        fixture=locked,
        key=f"deadline.extended:{locked.pk}:{locked.deadline.isoformat()}",
        extra={"deadline": locked.deadline.isoformat()},
    )
    return locked


def deadlines_remind(*, now: datetime | None = None) -> dict[str, int]:
    """Tell both coaches of each fixture whose deadline comes within its league's reminder
    time, once per deadline (a conditional UPDATE claims each)."""
    now = now or timezone.now()
    soon = with_deadlines(
        _unplayed(Fixture.objects.filter(reminded_at=None)).filter(
            season__league__deadline_reminder_hours__gt=0
        )
    ).filter(due_at__gt=now, due_at__lte=now + timedelta(hours=MAX_REMINDER_HOURS))
    reminded = 0
    for fixture in soon.select_related("home", "away", "season__league"):
        ahead = timedelta(hours=fixture.season.league.deadline_reminder_hours)
        if fixture.due_at > now + ahead:
            continue
        with transaction.atomic():
            claimed = Fixture.objects.filter(pk=fixture.pk, reminded_at=None).update(
                reminded_at=now
            )
            if claimed:
                fixture_publish(
                    "deadline.reminder",
                    fixture=fixture,
                    # once a claim (the UPDATE above), even of a deadline set back to a
                    # value it had before
                    key=(
                        f"deadline.reminder:{fixture.pk}:{fixture.due_at.isoformat()}:"
                        f"{now.isoformat()}"
                    ),
                    extra={"deadline": fixture.due_at.isoformat()},
                )
                reminded += 1
    return {"deadline_reminders": reminded}


def side_that_showed(fixture: Fixture) -> str | None:
    """The one side whose coach entered a result, disputed one or proposed a time; None for
    neither or both (a result one coach entered and the other disputed waits for the
    commissioner, as any dispute does)."""
    showed = set(KickoffProposal.objects.filter(fixture=fixture).values_list("side", flat=True))
    reports = ResultReport.objects.filter(fixture=fixture)
    for report in reports.values_list("submitted_by_id", "disputed_by_id"):
        for side in SIDES:
            coach_id = getattr(fixture, side).coach_id
            if coach_id is not None and coach_id in report:  # a side with no coach never shows
                showed.add(side)
    return showed.pop() if len(showed) == 1 else None


def forfeits_apply(*, now: datetime | None = None) -> dict[str, int]:
    """In leagues with automatic forfeits, award each late fixture to the one side that
    showed up; a fixture already played meanwhile is left as it is."""
    awarded = 0
    for league in League.objects.filter(automatic_forfeits=True):
        for fixture in late_fixtures(league=league, now=now):
            side = side_that_showed(fixture)
            if side is None:
                continue
            reason = _("The deadline passed: %(team)s entered a result or proposed a time.")
            try:
                fixture_award(
                    fixture=fixture,
                    winner=side,
                    reason=reason % {"team": getattr(fixture, side).name},
                    by=None,
                )
            except WrongState:
                continue  # played or awarded in the meantime
            awarded += 1
    return {"forfeits_awarded": awarded}


def deadlines_sweep() -> dict[str, int]:
    """The sweeper's round: reminders, then automatic forfeits."""
    return deadlines_remind() | forfeits_apply()


def _side_of(user: User, fixture: Fixture) -> str:
    for side in SIDES:
        if getattr(fixture, side).coach_id == user.pk:
            return side
    raise Forbidden(_("Only the coaches of this fixture propose or accept a kick-off time."))


@transaction.atomic
def kickoff_propose(*, fixture: Fixture, user: User, at: datetime) -> KickoffProposal:
    """A coach of a scheduled, table-played fixture proposes ``at`` as its kick-off; the
    other side's coach is told."""
    _table_played(fixture.season.league)
    side = _side_of(user, fixture)
    if fixture.status != Fixture.Status.SCHEDULED:
        raise WrongState(
            "already_kicked_off",
            _("Only a fixture that has not kicked off gets a new time."),
            field="fixture",
        )
    if at <= timezone.now():
        raise Refused("past", _("Propose a time still to come."), field="at")
    proposal = KickoffProposal.objects.create(fixture=fixture, side=side, proposed_by=user, at=at)
    other = fixture.away if side == "home" else fixture.home
    fixture_publish(
        "kickoff.proposed",
        fixture=fixture,
        key=f"kickoff.proposed:{proposal.pk}",
        recipients=[other.coach_id],
        extra={"at": at.isoformat(), "kickoff": at.isoformat()},
    )
    return proposal


@transaction.atomic
def kickoff_accept(*, proposal: KickoffProposal, user: User) -> Fixture:
    """The other side's coach accepts an open proposal: it becomes the kick-off, and the
    fixture's other open proposals lapse."""
    locked = KickoffProposal.objects.select_for_update().get(pk=proposal.pk)
    fixture = locked.fixture
    side = _side_of(user, fixture)
    if side == locked.side:
        raise Refused(
            "own_proposal", _("The other side's coach accepts a proposed time."), field="proposal"
        )
    if locked.status != KickoffProposal.Status.OPEN:
        raise WrongState("not_open", _("This proposal is no longer open."), field="proposal")
    if locked.at <= timezone.now():
        raise Refused("past", _("This proposed time is already past."), field="proposal")
    fixture = fixture_reschedule(fixture=fixture, kickoff=locked.at)
    now = timezone.now()
    KickoffProposal.objects.filter(pk=locked.pk).update(
        status=KickoffProposal.Status.ACCEPTED, answered_at=now
    )
    KickoffProposal.objects.filter(fixture=fixture, status=KickoffProposal.Status.OPEN).exclude(
        pk=locked.pk
    ).update(status=KickoffProposal.Status.SUPERSEDED, answered_at=now)
    return fixture


def proposals_open(*, fixture: Fixture) -> QuerySet[KickoffProposal]:
    return KickoffProposal.objects.filter(fixture=fixture, status=KickoffProposal.Status.OPEN)
