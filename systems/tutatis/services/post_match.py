"""The post-match sequence of a played Tutatis fixture, in a worker: the injuries carried
over. The engine names each side's badly hurt players (``TutatisSystem.post_match``); they
start the team's next match in the injured zone, and the others who played are fit again.

``post_match_run`` runs once per fixture (the one-to-one ``PostMatchRun`` witnesses it,
written under the teams' and the fixture's row locks), so a redelivered task changes nothing;
``post_match_sweep`` re-sends any the workers missed.
"""

from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models.functions import Now
from django.utils.translation import gettext as _

from core import history
from core.enqueue import enqueue_on_commit
from core.registry import FORFEIT
from matches import locking
from matches.models import Fixture, Result
from matches.resending import resend_counted
from rules_engine import Dice, MatchOutcome
from rules_engine.tutatis import SYSTEM
from systems.tutatis import POST_MATCH_TASK, RULE_SYSTEM
from systems.tutatis.models import Player, PostMatchRun

SIDES = ("home", "away")


@transaction.atomic
def post_match_run(*, fixture_id: int) -> PostMatchRun | None:
    """The fixture's run: the stored one, a new one, or None (not a played Tutatis fixture)."""
    fixture = locking.lock_fixture_with_teams(fixture_id)
    if fixture is None or fixture.season.league.rule_system != RULE_SYSTEM:
        return None
    existing = PostMatchRun.objects.filter(fixture=fixture).first()
    if existing is not None:
        return existing
    result = Result.objects.filter(fixture=fixture).first()
    if result is None or result.decided_by == FORFEIT:  # awarded without playing: no sequence
        return None
    outcome = MatchOutcome(
        home_score=result.home_score,
        away_score=result.away_score,
        winner=None if result.winner == Result.Winner.DRAW else result.winner,
        decided_by=result.decided_by,
        seed=result.seed,
        record=result.record,
    )
    carried = SYSTEM.post_match(outcome, dice=Dice(result.seed), options={})
    for side in SIDES:
        played = [player["id"] for player in getattr(fixture, f"{side}_sheet")["players"]]
        hurt = set(carried[side]["badly_hurt"])
        rows = Player.objects.filter(team=getattr(fixture, side), pk__in=played)
        players = list(rows.only("pk", "team_id", "name", "badly_hurt"))
        before = history.snapshot(players, ["badly_hurt"])
        rows.filter(name__in=hurt).update(badly_hurt=True)
        rows.exclude(name__in=hurt).update(badly_hurt=False)
        for player in players:
            player.badly_hurt = player.name in hurt
        history.record_changes(rows=players, before=before, league_id=fixture.season.league_id)
    return PostMatchRun.objects.create(fixture=fixture, log=carried)


def post_match_sweep() -> dict[str, int]:
    """Enqueue the post-match sequence of every played Tutatis fixture still without one
    (past the grace period, at most ``SWEEPER_MAX_ATTEMPTS`` times)."""
    waiting = Fixture.objects.filter(
        status=Fixture.Status.PLAYED,
        season__league__rule_system=RULE_SYSTEM,
        tutatis_post_match__isnull=True,
        result__created_at__lte=Now() - timedelta(seconds=settings.SWEEPER_GRACE_SECONDS),
    ).exclude(result__decided_by=FORFEIT)  # awarded, not played: no sequence
    pending = resend_counted(
        waiting,
        problem=_("The workers could not carry the injuries over after %(n)s tries.")
        % {"n": settings.SWEEPER_MAX_ATTEMPTS},
    )
    for fixture_id in pending:
        enqueue_on_commit(POST_MATCH_TASK, fixture_id)
    return {"post_match_enqueued": len(pending)}
