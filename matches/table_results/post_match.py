"""The post-match sequence of a fixture played at the table: run once, in a worker.

``post_match_run`` holds both teams' row locks, then the fixture's (``matches.locking``'s
order), and claims the fixture's ``PostMatchRun`` by a conditional UPDATE (pending -> done):
only the transaction that wins the claim applies the sequence, so a task sent twice (late
acknowledgement, redelivery, the sweep) runs it once. The game's part is
``TableResults.post_match_many`` for this one fixture (by default its ``post_match``), with
dice whose seed the run keeps beside every roll.

``post_match_sweep`` re-sends the runs still pending past the grace period, each at most
``SWEEPER_MAX_ATTEMPTS`` times; then the run is ``failed`` and the fixture's ``problem`` says
why, for the commissioner. Each game registers it for its own fixtures (``sweeps`` of its
``registry.Game``), as before the workflow moved here.
"""

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.db.models.functions import Now
from django.utils import timezone
from django.utils.translation import gettext as _

from core import league_versions
from core.enqueue import enqueue_on_commit
from matches import locking
from matches.models import Fixture, PostMatchRun, Result, ResultReport
from matches.plugins import table_results
from rules_engine import Dice, MatchOutcome

POST_MATCH_TASK = "matches.tasks.post_match_task"
CLAIMABLE = (PostMatchRun.Status.PENDING, PostMatchRun.Status.FAILED)


def result_outcome(result: Result) -> MatchOutcome:
    """A recorded result as the engine's ``post_match`` reads it (a draw has no winner)."""
    return MatchOutcome(
        home_score=result.home_score,
        away_score=result.away_score,
        winner=None if result.winner == Result.Winner.DRAW else result.winner,
        decided_by=result.decided_by,
        seed=result.seed,
        record=result.record,
    )


def _report(fixture: Fixture) -> ResultReport | None:
    """The report the result was recorded from (its post-match choices), if any."""
    return (
        ResultReport.objects.filter(
            fixture=fixture,
            status__in=(ResultReport.Status.CONFIRMED, ResultReport.Status.DECIDED),
        )
        .order_by("-reviewed_at", "-pk")
        .first()
    )


@transaction.atomic
def post_match_run(
    *, fixture_id: int, seed: int | None = None, dice: Dice | None = None
) -> PostMatchRun | None:
    """Run the post-match sequence of a played fixture, exactly once (``dice``: scripted ones
    for the tests; by default seeded with ``seed``, or drawn).

    Returns the run (the stored one when it ran already), None for a fixture that is missing,
    not played at the table, without its result yet, or without a sequence (a forfeit).
    """
    fixture = locking.lock_fixture_with_teams(fixture_id)
    if fixture is None or not table_results.implements(fixture.season.league.rule_system):
        return None
    plugin = table_results.of(fixture.season.league.rule_system)
    runs = PostMatchRun.objects
    existing = runs.filter(fixture=fixture).first()
    if existing is None or existing.status != PostMatchRun.Status.DONE:
        result = Result.objects.filter(fixture=fixture).first()
        if result is None or not plugin.post_match_wanted(fixture=fixture, result=result):
            return None
        run = existing or runs.get_or_create(fixture=fixture)[0]
        claimed = runs.filter(pk=run.pk, status__in=CLAIMABLE).update(
            status=PostMatchRun.Status.DONE, done_at=timezone.now()
        )
        if claimed:  # else another worker ran it in the meantime
            dice = dice or Dice(seed)
            log = plugin.post_match_many(played=[(fixture, result, _report(fixture), dice)])[0]
            runs.filter(pk=run.pk).update(seed=dice.seed, log=dict(log), rolls=dice.log())
            # the game's bulk writes (injuries, stats, treasuries) send no signal; the leagues
            # list shows nothing a match changes
            league_versions.league_changed(fixture.season.league_id, listed=False)
        existing = run
    return plugin.run_model()._base_manager.get(pk=existing.pk)


def post_match_sweep(*, game: str | None = None) -> dict[str, int]:
    """Send again the post-match sequence of every run still pending past the grace period
    (of ``game``, or of every game), so nothing depends on a broker message surviving; a run
    sent ``SWEEPER_MAX_ATTEMPTS`` times is given up (``failed``, the fixture's ``problem``)."""
    waiting = PostMatchRun.objects.filter(
        status=PostMatchRun.Status.PENDING,
        fixture__result__created_at__lte=Now() - timedelta(seconds=settings.SWEEPER_GRACE_SECONDS),
    )
    if game is not None:
        waiting = waiting.filter(fixture__season__league__rule_system=game)
    limit = settings.SWEEPER_MAX_ATTEMPTS
    given_up = list(waiting.filter(attempts__gte=limit).values_list("fixture_id", flat=True))
    if given_up:
        PostMatchRun.objects.filter(fixture_id__in=given_up).update(
            status=PostMatchRun.Status.FAILED
        )
        problem = _(
            "The workers could not run the post-match sequence after %(n)s tries; the sweeper "
            "stopped."
        ) % {"n": limit}
        Fixture.objects.filter(pk__in=given_up, problem="").update(problem=problem[:300])
    pending = sorted(waiting.filter(attempts__lt=limit).values_list("fixture_id", flat=True))
    PostMatchRun.objects.filter(fixture_id__in=pending).update(attempts=F("attempts") + 1)
    for fixture_id in pending:
        enqueue_on_commit(POST_MATCH_TASK, fixture_id)
    return {"post_match_enqueued": len(pending)}


def post_match_ran(*, fixture: Fixture) -> bool:
    """Whether the fixture's post-match sequence ran (on the result it had then): what a
    correction or a void must have reviewed, since its dice cannot be replayed."""
    return PostMatchRun.objects.filter(fixture=fixture, status=PostMatchRun.Status.DONE).exists()


def post_match_voided(*, fixture: Fixture) -> bool:
    """The fixture's result was voided: a sequence still waiting for its worker is dropped
    (the replay's result gets its own); one that ran stays, so the replay's does not run on
    top of it. Whether one ran."""
    PostMatchRun.objects.filter(fixture=fixture, status=PostMatchRun.Status.PENDING).delete()
    return post_match_ran(fixture=fixture)
