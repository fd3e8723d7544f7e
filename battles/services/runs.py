"""Write-side operations on battle runs: start, step, decisions, resolution, casualties; odds.

Exactly once: every action on a run runs in one transaction holding the run's row lock
(``SELECT ... FOR UPDATE``): it resumes the engine's stored state (same seed, same dice
stream), acts, and saves the new state with an update conditional on the run's ``version``.
Two concurrent steps therefore play two rounds, one after the other, and a write based on a
stale state is refused even if the lock were missing. A finished run is never played again.

Casualties are applied to the armies once: ``casualties_confirm`` claims the run with a
conditional update on ``casualties_confirmed_at IS NULL``, and the ``casualties`` army events
(unique per army and run) witness it.
"""

import logging
from collections.abc import Callable, Mapping
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.db.models.functions import Now
from django.utils import timezone
from django.utils.translation import gettext as _

from battles import engine, locking, roles
from battles.models import ArmyEvent, Battle, BattleRun, Troop
from battles.services.campaigns import Actor, require
from core.enqueue import enqueue_on_commit
from core.refusals import Refused, engine_refused
from rules_engine import Dice, IllegalAction, InvalidInput, witcher

RESOLVE_TASK = "battles.tasks.battle_run_resolve_task"
log = logging.getLogger(__name__)

MAX_ODDS_N = 20_000  # per request; the requests themselves are throttled per user
STATUS = {
    witcher.RunStatus.RUNNING: BattleRun.Status.RUNNING,
    witcher.RunStatus.AWAITING_CRUCIAL_MOMENT: BattleRun.Status.PAUSED,
    witcher.RunStatus.AWAITING_PHASE3_SKILL: BattleRun.Status.PAUSED,
    witcher.RunStatus.FINISHED: BattleRun.Status.FINISHED,
}


class StaleRunError(ValidationError):
    """A save based on a state the run has moved past (the row lock makes it never happen)."""

    def __init__(self) -> None:
        super().__init__({"run": [_("The run moved on meanwhile: reload it and try again.")]})


def _run_fields(engine_run: witcher.BattleRun) -> dict[str, Any]:
    state = engine_run.to_dict()
    report = engine_run.result().to_dict() if engine_run.finished else None
    return {
        "state": state,
        "status": STATUS[engine_run.status],
        "pending": state["progress"]["pending"],
        "report": report,
        "winner": report["winner"] if report else "",
    }


def _save(run: BattleRun, engine_run: witcher.BattleRun) -> BattleRun:
    fields = {**_run_fields(engine_run), "version": run.version + 1, "updated_at": timezone.now()}
    if not BattleRun.objects.filter(pk=run.pk, version=run.version).update(**fields):
        raise StaleRunError()
    for field, value in fields.items():
        setattr(run, field, value)
    return run


def _battle_data(
    battle: Battle, troops: Mapping[str, list[Troop]] | None = None
) -> tuple[dict[str, Any], witcher.WitcherTables]:
    """The engine's battle JSON and tables, or ``ValidationError`` listing every card error
    of both armies by field (``attacker.troops.2.phase``)."""
    tables = engine.tables_for(battle.campaign)
    data = engine.battle_input(battle, troops=troops)
    errors = engine.card_errors(data, tables)
    if errors:
        raise ValidationError(errors)
    return data, tables


@transaction.atomic
def run_start(*, battle: Battle, user: Actor, seed: int | None = None) -> BattleRun:
    """Start resolving ``battle`` (its game master). Both armies are read under their row
    locks and snapshotted into the run's state, so later card edits never change it. A card
    with errors refuses the run, naming each field; ``seed`` None draws a fresh one. A battle
    fought to the end is never fought again: its result stands."""
    require(roles.can_run_battle(user, battle))
    locking.lock_armies([battle.attacker_id, battle.defender_id])
    if BattleRun.objects.filter(battle=battle, status=BattleRun.Status.FINISHED).exists():
        raise Refused(
            "battle_fought",
            _(
                "This battle has been fought: its result stands. To fight again, create "
                "a new battle, with its own record."
            ),
            field="battle",
        )
    battle = Battle.objects.select_related("campaign", "attacker", "defender").get(pk=battle.pk)
    troops = {
        side: list(Troop.objects.filter(army_id=getattr(battle, f"{side}_id")))
        for side in engine.SIDES
    }
    data, tables = _battle_data(battle, troops)
    try:
        engine_run = witcher.BattleRun.start(witcher.parse_battle(data, tables=tables), Dice(seed))
    except InvalidInput as exc:
        raise engine_refused(exc) from None
    return BattleRun.objects.create(
        battle=battle,
        seed=engine_run.dice.seed,
        started_by=user if getattr(user, "is_authenticated", False) else None,
        **_run_fields(engine_run),
    )


def _waiting_message(pending: witcher.Pending) -> str:
    if pending.decision is witcher.Decision.CRUCIAL_MOMENT:
        return _(
            "The battle waits for the game master: who won the crucial moment of phase %(phase)s?"
        ) % {"phase": pending.phase}
    return _("The battle waits for the game master: which skill for phase 3?")


def _act(run_id: int, user: Actor, action: Callable[[witcher.BattleRun], object]) -> BattleRun:
    """Lock the run, check the game master, resume the engine, act, save: one transaction."""
    with transaction.atomic():
        run = locking.lock_run(run_id)
        if run is None:
            raise Refused("not_found", _("No such run."), field="run")
        require(roles.can_run_battle(user, run.battle))
        engine_run = engine.run_load(run.state)
        if engine_run.finished:
            raise Refused("battle_over", _("The battle is over."), field="run")
        try:
            action(engine_run)
        except InvalidInput as exc:
            raise engine_refused(exc) from None
        except IllegalAction as exc:  # a decision that is not (or no longer) due
            raise Refused("step_refused", str(exc), field="run") from None
        return _save(run, engine_run)


def run_step(*, run_id: int, user: Actor) -> BattleRun:
    """Play one exchange round (or a crucial moment drawn by its chance, or the casualty
    rolls). Refused while a decision is pending: the game master answers it first."""

    def step(engine_run: witcher.BattleRun) -> None:
        if engine_run.pending is not None:
            raise Refused("waiting_for_choice", _waiting_message(engine_run.pending), field="run")
        engine_run.step()

    return _act(run_id, user, step)


def _expect(engine_run: witcher.BattleRun, decision: witcher.Decision, field: str) -> None:
    pending = engine_run.pending
    if pending is not None and pending.decision is decision:
        return
    if decision is witcher.Decision.CRUCIAL_MOMENT:
        message = _("No crucial moment is waiting for a decision.")
    else:
        message = _("No phase-3 skill is waiting for a decision.")
    raise Refused("no_pending_decision", message, field=field)


def run_decide_crucial_moment(*, run_id: int, user: Actor, winner: str) -> BattleRun:
    """Record the side (``attacker``/``defender``) that won the pending crucial moment; it
    adds 5 points. Only the game master decides."""

    def decide(engine_run: witcher.BattleRun) -> None:
        _expect(engine_run, witcher.Decision.CRUCIAL_MOMENT, "winner")
        engine_run.decide_crucial_moment(winner)

    return _act(run_id, user, decide)


def run_skip_crucial_moment(*, run_id: int, user: Actor) -> BattleRun:
    """Drop the pending crucial moment (the game master's call, e.g. the battle is won)."""

    def skip(engine_run: witcher.BattleRun) -> None:
        _expect(engine_run, witcher.Decision.CRUCIAL_MOMENT, "run")
        engine_run.skip_crucial_moment()

    return _act(run_id, user, skip)


def run_choose_phase3_skill(*, run_id: int, user: Actor, skill: str) -> BattleRun:
    """The phase-2 winner's skill for phase 3 (``tactics``/``command``), when the battle's
    ``phase3_skill`` option leaves it to the game master."""

    def choose(engine_run: witcher.BattleRun) -> None:
        _expect(engine_run, witcher.Decision.PHASE3_SKILL, "skill")
        engine_run.choose_phase3_skill(skill)

    return _act(run_id, user, choose)


@transaction.atomic
def run_resolve_request(*, run_id: int, user: Actor) -> BattleRun:
    """Ask a worker to resolve the run to the end (its game master); the task is enqueued
    after commit. A finished run is returned as it is, nothing enqueued."""
    run = locking.lock_run(run_id)
    if run is None:
        raise Refused("not_found", _("No such run."), field="run")
    require(roles.can_run_battle(user, run.battle))
    if run.status == BattleRun.Status.FINISHED:
        return run
    BattleRun.objects.filter(pk=run.pk).update(
        resolve_requested_at=Now(), resolve_attempts=0, problem=""
    )
    enqueue_on_commit(RESOLVE_TASK, run.pk)
    run.refresh_from_db(fields=["resolve_requested_at"])
    return run


@transaction.atomic
def run_resolve(*, run_id: int) -> BattleRun | None:
    """Play the run to the end, the automatic policies taking every pending decision
    (crucial moments drawn with their chance, the phase-3 skill by policy). Idempotent: a
    finished run is returned unchanged; a missing one gives None. The worker's service."""
    run = locking.lock_run(run_id)
    if run is None or run.status == BattleRun.Status.FINISHED:
        return run
    try:
        engine_run = engine.run_load(run.state)
    except engine.RunReplayError as error:  # resending it would fail the same way: stop
        log.warning("battle run %s does not replay: %s", run.pk, error.messages[0])
        run.problem = error.messages[0][:300]
        run.resolve_requested_at = None
        run.save(update_fields=["problem", "resolve_requested_at"])
        return run
    engine_run.run_to_end(auto_decide=True)
    return _save(run, engine_run)


# --- casualties ---------------------------------------------------------------------------


def spread(total: int, weights: list[int]) -> list[int]:
    """Split ``total`` over ``weights`` in proportion (largest remainders, earlier lines
    first on ties), never more than a weight: how an army's casualties fall on its troops."""
    whole = sum(weights)
    total = min(max(total, 0), whole)
    if not whole:
        return [0] * len(weights)
    shares = [total * weight // whole for weight in weights]
    order = sorted(range(len(weights)), key=lambda i: (-(total * weights[i] % whole), i))
    for i in order[: total - sum(shares)]:
        shares[i] += 1
    return shares


def _apply_casualties(run: BattleRun, side: str, user: Actor) -> None:
    army = getattr(run.battle, side)
    losses = run.report["casualties"][side]
    fought = {troop["name"] for troop in run.state["battle"][side]["troops"]}
    troops = [t for t in Troop.objects.filter(army=army).order_by("order", "pk") if t.count]
    if any(troop.name in fought for troop in troops):
        troops = [troop for troop in troops if troop.name in fought]
    counts = [troop.count for troop in troops]
    dead = spread(losses["dead"], counts)
    wounded = spread(losses["wounded"], [c - d for c, d in zip(counts, dead, strict=True)])
    lines = []
    for troop, killed, hurt in zip(troops, dead, wounded, strict=True):
        before = troop.count
        troop.count -= killed + hurt
        troop.wounded += hurt
        troop.save(update_fields=["count", "wounded"])
        lines.append(
            {
                "troop": troop.pk,
                "name": troop.name,
                "before": before,
                "after": troop.count,
                "dead": killed,
                "wounded": hurt,
            }
        )
    ArmyEvent.objects.create(
        army=army,
        kind=ArmyEvent.Kind.CASUALTIES,
        run=run,
        user=user if getattr(user, "is_authenticated", False) else None,
        detail={
            "battle": run.battle.pk,
            "battle_name": run.battle.name,
            "side": side,
            "casualties": losses["casualties"],
            "dead": sum(dead),
            "wounded": sum(wounded),
            "troops": lines,
        },
    )


@transaction.atomic
def casualties_confirm(*, run_id: int, user: Actor) -> BattleRun:
    """The game master confirms a finished run's casualties: each army's dead and wounded
    leave its troops' head counts (in proportion to the troops that fought; the wounded
    are kept on their troop, off the card) and the army's history records before and after.

    Exactly once: confirming again returns the run unchanged; only one run of a battle may
    have its casualties confirmed.
    """
    run = BattleRun.objects.select_related("battle__campaign").filter(pk=run_id).first()
    if run is None:
        raise Refused("not_found", _("No such run."), field="run")
    require(roles.can_run_battle(user, run.battle))
    locking.lock_armies([run.battle.attacker_id, run.battle.defender_id])
    run = locking.lock_run(run_id)
    assert run is not None  # runs are deleted only with their battle, whose armies we hold
    if run.casualties_confirmed_at is not None:
        return run
    if run.status != BattleRun.Status.FINISHED:
        raise Refused("battle_not_over", _("The battle is not over yet."), field="run")
    if "casualties" not in (run.report or {}):
        raise Refused(
            "no_casualties", _("This battle was fought without casualties."), field="casualties"
        )
    other = run.battle.runs.exclude(pk=run.pk).filter(casualties_confirmed_at__isnull=False)
    if other.exists():
        raise Refused(
            "casualties_confirmed_elsewhere",
            _("The casualties of this battle were confirmed from another run."),
            field="run",
        )
    claimed = BattleRun.objects.filter(pk=run.pk, casualties_confirmed_at__isnull=True).update(
        casualties_confirmed_at=Now()
    )
    if not claimed:  # pragma: no cover - the row lock serialises confirmations
        return run
    for side in engine.SIDES:
        _apply_casualties(run, side, user)
    run.refresh_from_db(fields=["casualties_confirmed_at"])
    return run


# --- odds ---------------------------------------------------------------------------------


def battle_odds(*, battle: Battle, n: int = 10_000, seed: int | None = None) -> dict[str, Any]:
    """The engine's win-probability estimate for ``battle`` as the cards stand now:
    ``{"n", "attacker_win", "crushing": {side}, "phase_win": {"1", "2", "3"}, "seed"}``
    (shares; ``phase_win`` is the attacker's). Card errors refuse it, like a run."""
    if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_ODDS_N:
        raise Refused(
            "count_out_of_range",
            _("Give a number of battles from 1 to %(max)s."),
            field="n",
            max=MAX_ODDS_N,
        )
    data, tables = _battle_data(battle)
    try:
        return witcher.odds(data, n=n, seed=seed, tables=tables)
    except InvalidInput as exc:
        raise engine_refused(exc) from None


def runs_sweep_requested() -> dict[str, int]:
    """Re-enqueue every run whose resolution was requested but is not finished, so a lost
    broker message never leaves a battle half fought. Safe: ``run_resolve`` is idempotent.
    Each run at most ``SWEEPER_MAX_ATTEMPTS`` times; then its ``problem`` says so, and the
    game master's new request starts the count afresh."""
    pending = BattleRun.objects.filter(resolve_requested_at__isnull=False).exclude(
        status=BattleRun.Status.FINISHED
    )
    limit = settings.SWEEPER_MAX_ATTEMPTS
    pending.filter(resolve_attempts__gte=limit, problem="").update(
        problem=_(
            "The workers could not resolve this run after %(n)s tries; the sweeper stopped. "
            "Ask for its resolution again."
        )
        % {"n": limit}
    )
    run_ids = list(pending.filter(resolve_attempts__lt=limit).values_list("pk", flat=True))
    BattleRun.objects.filter(pk__in=run_ids).update(resolve_attempts=F("resolve_attempts") + 1)
    for run_id in run_ids:
        enqueue_on_commit(RESOLVE_TASK, run_id)
    return {"enqueued": len(run_ids)}
