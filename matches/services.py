"""Write-side operations on fixtures: generation, kick-off, simulation, sweeping.

Exactly-once resolution: ``fixture_simulate`` runs in one transaction holding the fixture's
row lock; it returns the existing result when there is one, and the one-to-one ``Result``
row is the database witness of the resolution. A worker killed mid-task rolls the whole
transaction back, so the fixture stays ``locked`` and is picked up again (late ack, or the
sweeper).
"""

import logging
from collections.abc import Iterable
from datetime import datetime, time, timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import DatabaseError, transaction
from django.db.models import Max, Q, QuerySet
from django.db.models.functions import Now
from django.utils import timezone
from django.utils.translation import gettext as _

from core import league_versions, registry
from core.enqueue import enqueue_on_commit
from core.refusals import Refused
from core.signals import fixture_cancelled, fixtures_scheduled
from league.models import League, Season, Team
from league.services import season_check_open
from matches import history, locking, plugins
from matches.events import fixture_publish
from matches.models import MAX_ROUND, Fixture, Result, SimulationBatch, kickoff_in_range
from matches.resending import resend_counted, resend_reset
from matches.scheduling import round_robin
from matches.signals import fixtures_generating
from matches.simulation_chunks import (
    fixtures_kick_off_locked,
    problems_record,
    result_resolve,
    simulation_chunks,
)

log = logging.getLogger(__name__)

SIMULATE_CHUNK_TASK = "matches.tasks.fixtures_simulate_task"
KICK_OFF_TASK = "matches.tasks.batch_kick_off_task"

UNRESOLVED = (Fixture.Status.SCHEDULED, Fixture.Status.LOCKED)


def is_simulated(league: League) -> bool:
    """The workers simulate this league's matches; the others are played at the table."""
    return league.rule_system in registry.simulated_names()


def fixtures_generate_check(*, season: Season) -> None:
    """Refuse what ``fixtures_generate`` refuses of the season itself: a tournament's, a
    finished one, one whose fixtures another app makes (``signals.fixtures_generating``), one
    that has its fixtures already, a league of fewer than two teams. The
    league page asks it before offering the button, and says why not."""
    if season.league.competition_format == League.CompetitionFormat.TOURNAMENT:
        raise Refused(
            "tournament_season",
            _("A tournament season is played as a bracket: create the tournament."),
            field="season",
        )
    season_check_open(season=season)
    fixtures_generating.send(sender=Season, season=season)
    count = season.fixtures.count()
    if count:
        raise Refused(
            "fixtures_exist", _("This season already has fixtures."), field="season", count=count
        )
    if season.league.teams.filter(retired_at__isnull=True).count() < 2:
        raise Refused(
            "too_few_teams",
            _("Register at least two teams before generating fixtures."),
            field="season",
        )


def first_kickoff_default(*, at: time = time(20)) -> datetime:
    """Tomorrow at ``at`` on the site's wall clock (its time zone, ``TIME_ZONE``, whatever
    zone the request reads in)."""
    tomorrow = timezone.localtime(timezone=timezone.get_default_timezone()) + timedelta(days=1)
    return tomorrow.replace(hour=at.hour, minute=at.minute, second=0, microsecond=0)


@transaction.atomic
def fixtures_generate(
    *,
    season: Season,
    double: bool = True,
    first_kickoff: datetime | None = None,
    interval: timedelta = timedelta(days=7),
) -> list[Fixture]:
    """A round robin for every team of the season's league (circle method, byes when odd).

    Rounds are ``interval`` apart on the site's wall clock: a round after a change of daylight
    saving time kicks off at the same local hour as round 1."""
    Season.objects.select_for_update().filter(pk=season.pk).first()  # one generator at a time
    fixtures_generate_check(season=season)
    teams = list(season.league.teams.filter(retired_at__isnull=True).order_by("pk"))
    if interval <= timedelta(0):
        raise Refused(
            "interval_not_positive",
            _("The time between rounds must be positive."),
            field="interval",
        )
    start = first_kickoff or first_kickoff_default()
    if timezone.is_aware(start):  # rounds added on the site's wall clock, not in UTC
        start = timezone.localtime(start, timezone.get_default_timezone())
    rounds = round_robin(teams, double=double)
    _check_kickoff(start, "first_kickoff")
    _check_kickoff(start + (len(rounds) - 1) * interval, "interval")
    if len(rounds) > MAX_ROUND:
        raise Refused("too_many_teams", _("Too many teams for one round robin."), field="season")
    fixtures = [
        Fixture(
            season=season,
            round=number,
            home=home,
            away=away,
            kickoff=start + (number - 1) * interval,
        )
        for number, pairs in enumerate(rounds, start=1)
        for home, away in pairs
    ]
    created = Fixture.objects.bulk_create(fixtures)
    history.fixtures_record_created(league_id=season.league_id, fixtures=created)
    fixtures_scheduled.send(sender=Fixture, fixture_ids=[fixture.pk for fixture in created])
    return created


@transaction.atomic
def fixture_schedule(
    *,
    season: Season,
    home: Team,
    away: Team,
    kickoff: datetime,
    round_number: int | None = None,
) -> Fixture:
    """One fixture between any two teams of the season's league (championship seasons).

    The round defaults to the season's last round + 1; a team plays at most once a round.
    """
    league = season.league
    if league.competition_format == League.CompetitionFormat.TOURNAMENT:
        raise Refused(
            "tournament_season",
            _("A tournament season is played as a bracket: create the tournament."),
            field="season",
        )
    season_check_open(season=season)
    errors: dict[str, str] = {}
    retired = set(
        Team.objects.filter(pk__in=[home.pk, away.pk], retired_at__isnull=False).values_list(
            "pk", flat=True
        )
    )
    for side, team in (("home", home), ("away", away)):
        if team.league_id != league.pk:
            errors[side] = _("%(team)s is not a team of this league.") % {"team": team.name}
        elif team.pk in retired:
            errors[side] = _("%(team)s is retired: bring it back before it plays.") % {
                "team": team.name
            }
    if "away" not in errors and home.pk == away.pk:
        errors["away"] = _("A team cannot play itself.")
    if kickoff is None:
        errors["kickoff"] = _("Give the kick-off.")
    elif timezone.is_naive(kickoff):
        errors["kickoff"] = _("The kick-off needs a time zone.")
    else:
        try:
            kickoff_in_range(kickoff)
        except ValidationError as error:
            errors["kickoff"] = error.messages[0]
    if round_number is not None and not 1 <= round_number <= MAX_ROUND:
        errors["round"] = _("Rounds are numbered from 1 to %(max)s.") % {"max": MAX_ROUND}
    if errors:
        raise ValidationError(errors)
    Season.objects.select_for_update().filter(pk=season.pk).first()  # one scheduler at a time
    if round_number is None:
        last = season.fixtures.aggregate(last=Max("round"))["last"] or 0
        round_number = last + 1
        if round_number > MAX_ROUND:
            raise Refused(
                "round_out_of_range",
                _("Rounds are numbered from 1 to %(max)s."),
                field="round",
                max=MAX_ROUND,
            )
    busy = season.fixtures.filter(round=round_number)
    for side, team in (("home", home), ("away", away)):
        if busy.filter(Q(home=team) | Q(away=team)).exists():
            errors[side] = _("%(team)s already plays in round %(round)s.") % {
                "team": team.name,
                "round": round_number,
            }
    if errors:
        raise ValidationError(errors)
    fixture = Fixture.objects.create(
        season=season, round=round_number, home=home, away=away, kickoff=kickoff
    )
    fixtures_scheduled.send(sender=Fixture, fixture_ids=[fixture.pk])
    return fixture


def _kick_off(fixture: Fixture) -> None:
    """Freeze what the match needs, as its game says (``matches.plugins.kick_off``: line-ups,
    settings, draws); the caller holds the teams' and the fixture's row locks.
    ``ValidationError`` when a line-up cannot play; the fixture is left as it was."""
    plugins.kick_off.of(fixture.season.league.rule_system).kick_off(fixture)


@transaction.atomic
def fixture_kick_off(*, fixture_id: int) -> Fixture:
    """Freeze a scheduled fixture's line-ups now (its kick-off). Idempotent."""
    fixture = locking.lock_fixture_with_teams(fixture_id)
    if fixture is None:
        raise Refused("not_found", _("No such fixture."), field="fixture")
    if fixture.status == Fixture.Status.SCHEDULED:
        _kick_off(fixture)
    elif fixture.status == Fixture.Status.CANCELLED:
        raise Refused("fixture_cancelled", _("This fixture is cancelled."), field="fixture")
    return fixture


@transaction.atomic
def fixture_simulate(*, fixture_id: int, seed: int | None = None) -> Result | None:
    """Resolve a fixture exactly once and return its result.

    A fixture already played returns its stored result unchanged; a cancelled or missing
    fixture returns None. A scheduled fixture kicks off first (its line-ups are snapshotted).
    """
    fixture = locking.lock_fixture_with_teams(fixture_id)  # a scheduled one kicks off
    if fixture is None or fixture.status == Fixture.Status.CANCELLED:
        return None
    if fixture.status == Fixture.Status.PLAYED:
        return Result.objects.get(fixture=fixture)
    if not is_simulated(fixture.season.league):  # played at the table: its result is entered
        return None
    if fixture.status == Fixture.Status.SCHEDULED:
        _kick_off(fixture)
    result = result_resolve(fixture, seed=seed)
    result.save()
    fixture.status = Fixture.Status.PLAYED
    fixture.save(update_fields=["status"])
    return result


def fixture_cancel(*, fixture: Fixture) -> Fixture:
    updated = Fixture.objects.filter(pk=fixture.pk, status=Fixture.Status.SCHEDULED).update(
        status=Fixture.Status.CANCELLED
    )
    if not updated:
        raise Refused(
            "already_kicked_off",
            _("Only a fixture that has not kicked off can be cancelled."),
            field="status",
        )
    history.fixture_record_update(
        fixture=fixture, field="status", old=fixture.status, new=Fixture.Status.CANCELLED
    )
    fixture_cancelled.send(sender=Fixture, fixture_id=fixture.pk)
    fixture.refresh_from_db()
    fixture_publish("fixture.cancelled", fixture=fixture)
    return fixture


def _check_kickoff(kickoff: datetime, field: str) -> None:
    try:
        kickoff_in_range(kickoff)
    except ValidationError as error:  # the model's validator, named on this field
        raise Refused("kickoff_range", error.messages[0], field=field) from None


def fixture_reschedule(*, fixture: Fixture, kickoff: datetime, past: bool = False) -> Fixture:
    """Move a fixture that has not kicked off. A kick-off already past would kick it off at the
    next sweep: it needs ``past=True`` (the page and the API ask for that confirmation)."""
    _check_kickoff(kickoff, "kickoff")
    if kickoff <= timezone.now() and not past:
        raise Refused(
            "past",
            _(
                "This kick-off is already past: the fixture would kick off at once. Confirm "
                "it to go on."
            ),
            field="kickoff",
        )
    updated = Fixture.objects.filter(pk=fixture.pk, status=Fixture.Status.SCHEDULED).update(
        kickoff=kickoff
    )
    if not updated:
        raise Refused(
            "already_kicked_off",
            _("Only a fixture that has not kicked off can be rescheduled."),
            field="kickoff",
        )
    history.fixture_record_update(
        fixture=fixture, field="kickoff", old=fixture.kickoff, new=kickoff
    )
    fixture.refresh_from_db()
    # One notification a change, so a move back to a time the fixture had before is told too.
    moved_at = timezone.now().isoformat()
    fixture_publish(
        "fixture.rescheduled",
        fixture=fixture,
        key=f"fixture.rescheduled:{fixture.pk}:{fixture.kickoff.isoformat()}:{moved_at}",
    )
    return fixture


def _enqueue(fixture_ids: list[int]) -> None:
    """Send the fixtures to the workers in chunks (``matches.simulation_chunks``), in round
    order, once the transaction commits."""
    _enqueue_rounds(Fixture.objects.filter(pk__in=fixture_ids).values_list("round", "pk"))


def _enqueue_rounds(rounds: Iterable[tuple[int, int]]) -> None:
    """:func:`_enqueue` of fixtures whose rounds are known, as ``(round, id)`` pairs."""
    for chunk in simulation_chunks(rounds):
        enqueue_on_commit(SIMULATE_CHUNK_TASK, chunk)


@transaction.atomic
def simulation_request(
    *,
    season: Season,
    user: User | None,
    round_number: int | None = None,
    fixture: Fixture | None = None,
) -> SimulationBatch:
    """Kick off and enqueue the unresolved fixtures of a fixture, a round or a whole season.

    Up to ``SIMULATION_KICK_OFF_IN_REQUEST`` fixtures (a round, a small season) kick off now,
    in this transaction: their line-ups are snapshotted and the workers told after commit;
    fixtures whose line-ups are incomplete are refused together, naming each team. A larger
    request checks every team's line-up now (refusing the same way) and leaves the kick-offs
    to a worker, in chunks (:func:`batch_kick_off`), so the request stays short.
    """
    season_check_open(season=season)
    if not is_simulated(season.league):
        raise Refused(
            "played_at_table",
            _("%(system)s matches are played at the table: enter their results instead."),
            field="fixtures",
            system=season.league.get_rule_system_display(),
        )
    fixtures: QuerySet[Fixture] = season.fixtures.filter(status__in=UNRESOLVED)
    if fixture is not None:
        fixtures = fixtures.filter(pk=fixture.pk)
        label = str(fixture)
    elif round_number is not None:
        fixtures = fixtures.filter(round=round_number)
        label = _("Round %(number)s") % {"number": round_number}
    else:
        label = _("Whole season")
    rounds = list(fixtures.order_by("round", "pk").values_list("round", "pk"))
    ids = [fixture_id for _round, fixture_id in rounds]
    if not ids:
        raise Refused(
            "nothing_to_simulate",
            _("Nothing left to simulate here: every fixture is played or cancelled."),
            field="fixtures",
        )
    in_request = len(ids) <= settings.SIMULATION_KICK_OFF_IN_REQUEST
    if in_request:
        _kick_off_now(ids)
    else:
        _check_line_ups(season, fixtures)
    resend_reset(ids)
    batch = _same_batch(season, label, ids)
    if batch is None:
        batch = SimulationBatch.objects.create(season=season, requested_by=user, label=label)
        batch.fixtures.add(*ids)  # a new batch: no rows to read first, as set() would
    if in_request:
        _enqueue_rounds(rounds)
    else:
        enqueue_on_commit(KICK_OFF_TASK, batch.pk)
    return batch


def _kick_off_now(ids: list[int]) -> None:
    """Kick off the scheduled ones of ``ids`` (the request's, in its order) in this
    transaction, many at once (``matches.plugins.kick_off``'s ``kick_off_many``): their teams
    locked, then every fixture (matches/locking.py's order). Line-ups that cannot play are
    refused together, naming each team, and nothing kicks off."""
    fixtures, teams = locking.lock_fixtures_to_resolve(ids)
    if len(fixtures) < len(ids):  # deleted since their ids were read
        raise Refused("not_found", _("No such fixture."), field="fixture")
    if any(fixture.status == Fixture.Status.CANCELLED for fixture in fixtures):
        raise Refused("fixture_cancelled", _("This fixture is cancelled."), field="fixture")
    scheduled = [
        f
        for f in fixtures
        if f.status == Fixture.Status.SCHEDULED and {f.home_id, f.away_id} <= teams
    ]
    refused = fixtures_kick_off_locked(scheduled)
    problems: list[str] = []
    for fixture_id in ids:
        problems += [m for m in refused.get(fixture_id, []) if m not in problems]
    if problems:
        raise ValidationError({"lineups": problems})


def _check_line_ups(season: Season, fixtures: QuerySet[Fixture]) -> None:
    """Every team that still has to kick off can, as its game judges it (nothing locked)."""
    rule_system = season.league.rule_system
    if not plugins.readiness.implements(rule_system):
        return  # every line-up can play: no team read
    scheduled = fixtures.filter(status=Fixture.Status.SCHEDULED)
    team_ids = {t for pair in scheduled.values_list("home_id", "away_id") for t in pair}
    teams = list(Team.objects.filter(pk__in=team_ids).select_related("league").order_by("name"))
    not_ready = plugins.readiness.of(rule_system).teams_not_ready(teams=teams)
    if not_ready:
        raise ValidationError(
            {
                "lineups": [
                    _("%(team)s's line-up is not ready: %(problems)s")
                    % {"team": team.name, "problems": not_ready[team.pk]}
                    for team in teams
                    if team.pk in not_ready
                ]
            }
        )


def batch_kick_off(*, batch_id: int) -> dict[str, int]:
    """Kick off a batch's scheduled fixtures, ``SIMULATION_KICK_OFF_CHUNK`` at a time (each
    chunk one short transaction, its teams locked first, then its fixtures), and send each
    chunk's kicked-off fixtures to the workers as soon as it commits, so they simulate while
    the next chunk kicks off. A fixture that cannot kick off records why, as the sweeper does.
    Idempotent: what is kicked off already is only sent again."""
    batch = SimulationBatch.objects.filter(pk=batch_id).first()
    if batch is None:
        return {"kicked_off": 0, "enqueued": 0}
    pending = list(
        batch.fixtures.filter(status=Fixture.Status.SCHEDULED)
        .order_by("round", "pk")
        .values_list("pk", flat=True)
    )
    chunk = settings.SIMULATION_KICK_OFF_CHUNK
    sent: set[int] = set()
    for start in range(0, len(pending), chunk):
        with transaction.atomic():
            ids = pending[start : start + chunk]
            fixtures, teams = locking.lock_fixtures_to_resolve(ids)
            scheduled = [
                f
                for f in fixtures
                if f.status == Fixture.Status.SCHEDULED and {f.home_id, f.away_id} <= teams
            ]
            problems = fixtures_kick_off_locked(scheduled)
            problems_record(problems)
            ready = [f.pk for f in scheduled if f.pk not in problems]
            _enqueue(ready)
            sent.update(ready)
    waiting = batch.fixtures.filter(status=Fixture.Status.LOCKED).exclude(pk__in=sent)
    others = list(waiting.order_by("round", "pk").values_list("pk", flat=True))
    _enqueue(others)
    return {"kicked_off": len(sent), "enqueued": len(sent) + len(others)}


def _same_batch(season: Season, label: str, ids: list[int]) -> SimulationBatch | None:
    """The latest batch asking for exactly these fixtures, none of them played yet: a request
    sent again (a double submit, a client's retry) is the same request, not a second batch."""
    batch = SimulationBatch.objects.filter(season=season, label=label).order_by("-pk").first()
    if batch is None or sorted(batch.fixtures.values_list("pk", flat=True)) != sorted(ids):
        return None
    return batch


def fixtures_sweep_due() -> dict[str, int]:
    """Kick off fixtures past kick-off by the database's clock, and enqueue every simulated
    fixture that is kicked off but unresolved. Nothing then depends on a broker message
    surviving. (Fixtures played at the table wait for their result; their post-match sequence
    has its own sweep, ``matches.table_results.post_match.post_match_sweep``.)
    """
    kicked_off: list[int] = []
    stale = Now() - timedelta(seconds=settings.SWEEPER_GRACE_SECONDS)
    # Due by the database's clock, or asked for in a simulation whose kick-offs never came
    # (a large request's kick-off message lost with the broker).
    due = Fixture.objects.filter(status=Fixture.Status.SCHEDULED).filter(
        Q(kickoff__lte=Now()) | Q(batches__created_at__lte=stale)
    )
    for fixture_id in due.values_list("pk", flat=True).distinct():
        try:
            fixture_kick_off(fixture_id=fixture_id)
            kicked_off.append(fixture_id)
        except ValidationError as error:
            message = "; ".join(m for ms in error.message_dict.values() for m in ms)[:300]
            Fixture.objects.filter(pk=fixture_id).update(problem=message)
            league_versions.league_changed(
                league_versions.league_of(Fixture, fixture_id), listed=False
            )
            log.warning("fixture %s cannot kick off: %s", fixture_id, message)
        except DatabaseError:  # a lock timeout, a lost connection: the next sweep tries again
            log.exception("fixture %s: kick-off failed, left for the next sweep", fixture_id)
    # Fixtures kicked off a while ago and still unresolved lost their message (or their worker);
    # recent ones are still on their way, so re-sending them would only pile up duplicates.
    unresolved = Fixture.objects.filter(
        status=Fixture.Status.LOCKED, season__league__rule_system__in=registry.simulated_names()
    )
    due_again = unresolved.filter(Q(locked_at__lte=stale) | Q(pk__in=kicked_off))
    pending = resend_counted(
        due_again,
        problem=_(
            "The workers could not simulate this fixture after %(n)s tries; the sweeper stopped. "
            "Ask for its simulation again once the cause is mended."
        )
        % {"n": settings.SWEEPER_MAX_ATTEMPTS},
    )
    _enqueue(pending)
    return {"kicked_off": len(kicked_off), "enqueued": len(pending)}
