"""The post-match sequence of a Mythril fixture, run once, in a worker.

The result-report workflow (:mod:`matches.table_results.post_match`) locks both teams then
the fixture and claims the fixture's ``PostMatchRun`` with a conditional UPDATE (``pending`` ->
``done``) in the same transaction: a second delivery, a second worker or a retry finds nothing
to claim and returns the stored run. It calls :func:`sequence_apply`. The engine (``rules_engine.mythril.post_match``) runs the sequence on one
seeded :class:`~rules_engine.Dice`, home first: apothecary, injuries, experience, the MVP (never
a champion), level-ups queued with their skill roll, winnings and the popularity roll. What it
returns is written to the rows: players (experience, injuries, the dead), the level-ups for the
coach to pick (:mod:`systems.mythril.services.level_ups`), popularity, and the winnings credited to the
treasury as a ledger transaction. The run keeps the seed, the engine's account and every roll.

The engine starts from the sheets frozen at kick-off, and the sequence may run long after it:
what the rows get is what the sequence changed (star player points and levels gained, skills
and characteristic losses gained, injuries, the dead, the popularity change) on top of what
they hold now, so a skill picked since the kick-off stays, and a player off the roster stays so.
"""

from collections import Counter
from typing import Any

from django.db.models import F
from django.db.models.functions import Greatest

from core import history
from league.models import Team
from matches.models import Fixture, Result
from matches.table_results import post_match as table_post_match
from rules_engine import Dice
from rules_engine.mythril.post_match import post_match
from rules_engine.mythril.report import COUNTS, MatchReport
from rules_engine.mythril.settings import MythrilSettings
from systems.mythril import RULE_SYSTEM, SIDES
from systems.mythril.events import level_ups_publish
from systems.mythril.models import LevelUp, Player, PlayerStatus, PostMatchRun, TeamProfile
from systems.mythril.reasons import Reason
from systems.mythril.selectors import ON_ROSTER
from systems.mythril.services.treasury import treasury_credit
from systems.mythril.services.trophies import trophy_after_match

HISTORY_FIELDS = ["spp", "levels_taken", "profile", "skills", "status", *COUNTS]
"""What a post-match sequence writes on players (in one statement: recorded per player)."""


def post_match_run(
    *, fixture_id: int, seed: int | None = None, dice: Dice | None = None
) -> PostMatchRun | None:
    """Run the post-match sequence of a played Mythril fixture, exactly once (the workflow's
    :func:`matches.table_results.post_match.post_match_run`, read as this game's run;
    ``dice``: scripted ones for the tests; by default seeded with ``seed``)."""
    run = table_post_match.post_match_run(fixture_id=fixture_id, seed=seed, dice=dice)
    return None if run is None else PostMatchRun.objects.filter(pk=run.pk).first()


def sequence_apply(*, fixture: Fixture, result: Result, dice: Dice) -> dict[str, Any]:
    """The engine's sequence for both teams on ``dice``, written to the (locked) rows; then
    the fixture's trophy goes on. Returns the engine's account."""
    record = result.record
    outcome = post_match(
        dice,
        MatchReport.from_dict(record["report"], "result"),
        MythrilSettings.from_dict((fixture.options or {}).get("settings", {}), "settings"),
    )
    log: dict[str, Any] = outcome.to_dict()
    for side in SIDES:
        _apply(fixture, getattr(fixture, side), log[side], record["report"][side])
    trophy_after_match(fixture=fixture)
    return log


def _apply(fixture: Fixture, team: Team, done: dict[str, Any], report: dict[str, Any]) -> None:
    """One team's sequence written to its rows: its changes on top of their values now (see
    the module's docstring)."""
    ids = [int(p["id"]) for p in report["players"] if str(p["id"]).isdigit()]
    rows = {str(p.pk): p for p in Player.objects.filter(team=team, pk__in=ids)}
    before = history.snapshot(rows.values(), HISTORY_FIELDS)
    sheet = {str(p["id"]): p for p in report["players"]}
    for pid in done["dead"]:
        if pid in rows and rows[pid].status in ON_ROSTER:
            rows[pid].status = PlayerStatus.DEAD
    for player in done["players"]:
        row = rows.get(player["id"])
        if row is not None:
            _player_changes(row, sheet[player["id"]], player)
    for line in report["stats"]:
        row = rows.get(line["player"])
        if row is not None:
            for key in COUNTS:
                setattr(row, key, getattr(row, key) + line[key])
    Player.objects.bulk_update(rows.values(), HISTORY_FIELDS)
    history.record_changes(rows=rows.values(), before=before, league_id=team.league_id)
    if done["mvp"] in rows:
        Player.objects.filter(pk=int(done["mvp"])).update(mvps=F("mvps") + 1)
    levels = [level for level in done["levels"] if level["player"] in rows]
    LevelUp.objects.bulk_create(
        LevelUp(
            player_id=int(level["player"]),
            fixture=fixture,
            level=level["level"],
            roll=level["roll"]["dice"],
            options=level["roll"],
        )
        for level in levels
    )
    names = [rows[level["player"]].name for level in levels]
    level_ups_publish(team=team, fixture=fixture, players=names)
    TeamProfile.objects.filter(team=team).update(
        popularity=Greatest(F("popularity") + done["popularity_change"], 0)
    )
    treasury_credit(
        team=team, amount=done["winnings"], reason=Reason.WINNINGS, fixture_id=fixture.pk
    )


def _player_changes(row: Player, was: dict[str, Any], now: dict[str, Any]) -> None:
    """What the sequence changed on a player (``was`` on the kick-off sheet, ``now`` the
    engine's) added to his row as it is now: a player off the roster keeps his status."""
    row.spp += now["spp"] - was["spp"]
    row.levels_taken += now["levels"] - was["levels"]
    row.skills = [*row.skills, *_gained(was["skills"], now["skills"])]
    if now["profile"] != was["profile"]:
        row.profile = _profile_moved(row.profile or row.start, was["profile"], now["profile"])
    if now["miss_next_match"] != was["miss_next_match"] and row.status in ON_ROSTER:
        row.status = PlayerStatus.INJURED if now["miss_next_match"] else PlayerStatus.ACTIVE


def _gained(was: list[str], now: list[str]) -> list[str]:
    """The skills in ``now`` beyond those in ``was``, in order (counted: a second Niggling
    Injury is gained as the engine adds it)."""
    return list((Counter(now) - Counter(was)).elements())


def _profile_moved(
    current: dict[str, int] | None, was: dict[str, int], now: dict[str, int]
) -> dict[str, int]:
    """``current`` moved as the sequence moved ``was`` to ``now`` (a characteristic lost),
    never below 1; ``now`` for a row without characteristics."""
    if current is None:
        return now
    return {key: max(1, current[key] + now[key] - was[key]) for key in now}


def post_match_sweep() -> dict[str, int]:
    """The workflow's sweep (:func:`matches.table_results.post_match.post_match_sweep`) for
    Mythril fixtures only, under this game's key."""
    sent = table_post_match.post_match_sweep(game=RULE_SYSTEM)
    return {"mythril_post_match_enqueued": sent["post_match_enqueued"]}
