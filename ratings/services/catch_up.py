"""The sweep of lost rating messages: a league whose results changed after its ratings were
last written, and stayed so past the sweeper's grace period (a worker killed mid-task, the
broker down at the commit), is rated again, once.

Each write of a league's team rows records what they were rated from (``RatedUpTo``: how many
results and result changes its fixtures had), counted before the results are read: a change
committed meanwhile leaves the counts behind, never ahead, so it is caught at worst by one
extra, harmless rating. The sweep (every minute, with the other sweeps) sends the leagues whose
counts moved on; the task compares them again under the league's lock before rating, so a
league sent twice is rated once."""

from collections import defaultdict
from datetime import date, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F, Max, Q
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone

from core.enqueue import enqueue_on_commit
from league.models import League
from matches.models import Result, ResultCorrection
from ratings.models import CoachRating, RatedUpTo
from ratings.services.coaches import coach_first_mismatch, coach_pools_rerate, coaches_lock
from ratings.services.marks import per_league, with_counts
from ratings.services.played import played, rated_results
from ratings.services.teams import league_rerate

CATCH_UP = "ratings.tasks.league_catch_up_task"


def leagues_behind(*, grace: timedelta | None = None) -> list[int]:
    """The leagues whose results or result changes moved on since their ratings were written,
    the latest of them older than ``grace`` (the sweeper's grace period by default: a message
    sent at the commit has had its chance)."""
    if grace is None:
        grace = timedelta(seconds=settings.SWEEPER_GRACE_SECONDS)
    latest = Greatest(
        Coalesce(per_league(Result.objects.all(), Max("created_at")), F("created_at")),
        Coalesce(per_league(ResultCorrection.objects.all(), Max("created_at")), F("created_at")),
    )
    behind = (
        with_counts(League.objects.all())
        .annotate(
            rated_results=Coalesce(F("rated_up_to__results"), 0),
            rated_corrections=Coalesce(F("rated_up_to__corrections"), 0),
            latest_change=latest,
        )
        .filter(
            ~Q(seen_results=F("rated_results")) | ~Q(seen_corrections=F("rated_corrections")),
            latest_change__lt=timezone.now() - grace,
        )
    )
    return list(behind.order_by("pk").values_list("pk", flat=True))


def ratings_sweep() -> dict[str, int]:
    """The registered sweep: a catch-up task sent for each league behind."""
    ids = leagues_behind()
    for league_id in ids:
        enqueue_on_commit(CATCH_UP, league_id)
    return {"ratings_catch_ups_sent": len(ids)}


@transaction.atomic
def league_catch_up(*, league_id: int) -> dict[str, int]:
    """Rate the league again if its counts moved on since its rows were written (checked under
    its lock: sent twice, it rates once): its teams from the start, and its coaches in each of
    their pools, every week of the league's games and wherever their rows disagree with their
    games (a voided result's week). Returns the rows written (nothing when up to date)."""
    league = with_counts(League.objects.select_for_update()).filter(pk=league_id).first()
    if league is None:
        return {"teams": 0, "coaches": 0}
    mark = RatedUpTo.objects.filter(league_id=league_id).first()
    rated = (mark.results, mark.corrections) if mark else (0, 0)
    if (league.seen_results, league.seen_corrections) == rated:
        return {"teams": 0, "coaches": 0}
    teams = league_rerate(league=league)
    coaches_lock()
    forced: dict[str, dict[date, set[int]]] = defaultdict(lambda: defaultdict(set))
    for p in played(rated_results().filter(fixture__season__league_id=league_id)):
        if p.coached:
            for game in (p.game, CoachRating.EVERY_GAME):
                forced[game][p.week].update((p.home_coach, p.away_coach))
    coached = set(league.teams.exclude(coach=None).values_list("coach_id", flat=True))
    for game in (league.rule_system, CoachRating.EVERY_GAME):
        for coach in sorted(coached):
            week = coach_first_mismatch(game=game, coach=coach)
            if week is not None:
                forced[game][week].add(coach)
    coaches = coach_pools_rerate(forced=forced)
    return {"teams": teams, "coaches": coaches}
