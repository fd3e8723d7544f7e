"""The post-match sequence of a Mythril fixture, run once, in a worker.

``post_match_run`` locks both teams then the fixture (``matches.locking``'s order) and claims
the fixture's ``PostMatchRun`` with a conditional UPDATE (``pending`` -> ``done``) in the same
transaction: a second delivery, a second worker or a retry finds nothing to claim and returns
the stored run. The engine (``rules_engine.mythril.post_match``) runs the sequence on one
seeded :class:`~rules_engine.Dice`, home first: apothecary, injuries, experience, the MVP (never
a champion), level-ups queued with their skill roll, winnings and the popularity roll. What it
returns is written to the rows: players (experience, injuries, the dead), the level-ups for the
coach to pick (:mod:`systems.mythril.level_ups`), popularity, and the winnings credited to the
treasury as a ledger transaction. The run keeps the seed, the engine's account and every roll.
"""

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.db.models.functions import Now
from django.utils import timezone
from django.utils.translation import gettext as _

from core import history
from core.enqueue import enqueue_on_commit
from league.models import Team
from matches import locking
from matches.models import Fixture
from rules_engine import Dice
from rules_engine.mythril.post_match import post_match
from rules_engine.mythril.report import MatchReport
from rules_engine.mythril.settings import MythrilSettings
from systems.mythril import POST_MATCH_TASK, RULE_SYSTEM
from systems.mythril.events import level_ups_publish
from systems.mythril.models import LevelUp, Player, PlayerStatus, PostMatchRun, TeamProfile
from systems.mythril.treasury import Reason, treasury_credit
from systems.mythril.trophies import trophy_after_match

SIDES = ("home", "away")
COUNTS = {
    "touchdowns": "touchdowns",
    "completions": "completions",
    "casualties": "casualties",
    "interceptions": "interceptions",
}
HISTORY_FIELDS = [
    "spp",
    "levels_taken",
    "profile",
    "skills",
    "status",
    "touchdowns",
    "completions",
    "casualties",
    "interceptions",
]
"""What a post-match sequence writes on players (in one statement: recorded per player)."""


@transaction.atomic
def post_match_run(
    *, fixture_id: int, seed: int | None = None, dice: Dice | None = None
) -> PostMatchRun | None:
    """Run the post-match sequence of a played Mythril fixture, exactly once (``dice``: scripted
    ones for the tests; by default seeded with ``seed``)."""
    fixture = locking.lock_fixture_with_teams(fixture_id)
    if fixture is None or fixture.season.league.rule_system != RULE_SYSTEM:
        return None
    claimed = PostMatchRun.objects.filter(
        fixture=fixture, status=PostMatchRun.Status.PENDING
    ).update(status=PostMatchRun.Status.DONE, done_at=timezone.now())
    run = PostMatchRun.objects.filter(fixture=fixture).first()
    if not claimed or run is None:
        return run
    record = fixture.result.record
    dice = dice or Dice(seed)
    outcome = post_match(
        dice,
        MatchReport.from_dict(record["report"], "result"),
        MythrilSettings.from_dict((fixture.options or {}).get("settings", {}), "settings"),
    )
    log = outcome.to_dict()
    for side in SIDES:
        _apply(fixture, getattr(fixture, side), log[side], record["report"][side])
    run.seed, run.log, run.rolls = dice.seed, log, list(dice.log())
    run.save(update_fields=["seed", "log", "rolls"])
    trophy_after_match(fixture=fixture)
    return run


def _apply(fixture: Fixture, team: Team, done: dict[str, Any], report: dict[str, Any]) -> None:
    """One team's sequence written to its rows."""
    rows = {
        str(p.pk): p
        for p in Player.objects.filter(
            team=team, pk__in=[int(p["id"]) for p in report["players"] if str(p["id"]).isdigit()]
        )
    }
    before = history.snapshot(rows.values(), HISTORY_FIELDS)
    for pid in done["dead"]:
        if pid in rows:
            rows[pid].status = PlayerStatus.DEAD
    for player in done["players"]:
        row = rows.get(player["id"])
        if row is None:
            continue
        row.spp, row.levels_taken = player["spp"], player["levels"]
        row.profile, row.skills = player["profile"], player["skills"]
        row.status = PlayerStatus.INJURED if player["miss_next_match"] else PlayerStatus.ACTIVE
    for line in report["stats"]:
        row = rows.get(line["player"])
        if row is not None:
            for key, field in COUNTS.items():
                setattr(row, field, getattr(row, field) + line[key])
    Player.objects.bulk_update(rows.values(), HISTORY_FIELDS)
    history.record_changes(rows=rows.values(), before=before, league_id=team.league_id)
    if done["mvp"] in rows:
        Player.objects.filter(pk=int(done["mvp"])).update(mvps=F("mvps") + 1)
    LevelUp.objects.bulk_create(
        LevelUp(
            player_id=int(level["player"]),
            fixture=fixture,
            level=level["level"],
            roll=level["roll"]["dice"],
            options=level["roll"],
        )
        for level in done["levels"]
        if level["player"] in rows
    )
    level_ups_publish(
        team=team,
        fixture=fixture,
        players=[rows[level["player"]].name for level in done["levels"] if level["player"] in rows],
    )
    TeamProfile.objects.filter(team=team).update(popularity=done["popularity"])
    treasury_credit(
        team=team, amount=done["winnings"], reason=Reason.WINNINGS, fixture_id=fixture.pk
    )


def post_match_sweep() -> dict[str, int]:
    """Send again the post-match sequence of every fixture still ``pending`` after the grace
    period (a lost message only delays it)."""
    from matches.resending import resend_counted

    waiting = Fixture.objects.filter(
        status=Fixture.Status.PLAYED,
        season__league__rule_system=RULE_SYSTEM,
        mythril_post_match__status=PostMatchRun.Status.PENDING,
        mythril_post_match__created_at__lte=Now()
        - timedelta(seconds=settings.SWEEPER_GRACE_SECONDS),
    )
    pending = resend_counted(
        waiting,
        problem=_(
            "The workers could not run the post-match sequence after %(n)s tries; the sweeper "
            "stopped."
        )
        % {"n": settings.SWEEPER_MAX_ATTEMPTS},
    )
    for fixture_id in pending:
        enqueue_on_commit(POST_MATCH_TASK, fixture_id)
    return {"mythril_post_match_enqueued": len(pending)}
