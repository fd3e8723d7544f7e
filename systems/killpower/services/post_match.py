"""The post-match sequence of a Killpower Ball fixture, run once, in a worker.

The result-report workflow (:mod:`matches.table_results.post_match`) holds both teams' row
locks, then the fixture's, and claims the fixture's ``PostMatchRun`` once; it calls
:func:`sequence_apply` (through :class:`systems.killpower.table_results.KillpowerResults`).
The engine (:func:`rules_engine.killpower.post_match`) runs the sequence for both teams, home
first, on one :class:`~rules_engine.Dice`: ranking points, death-risk rolls, the dead removed,
recruits up to seven, +5 XP for those who played (raises then become available, the coach
takes them with ``gladiator_raise``), the equipment redraws the coaches chose with the result,
normal armour restored. What it returns is applied to the rows as changes (ranking points,
statuses, XP, equipment, recruits), each written to the gladiators' history with its rolls.

Gladiator status after a match: ``dead`` for the dead; ``coma`` for a coma survived;
``badly_wounded`` for those the report lists so; ``fit`` for every other living gladiator.

Tournament mode (13.2): the engine restores both teams as they were before the match, so only
"played" events are written; then ``tournament_advance`` creates the next bracket fixture.
"""

import logging
from typing import Any

from django.utils import timezone

from core import history
from league.models import Team
from matches.models import Fixture, Result
from matches.table_results import post_match as table_post_match
from rules_engine import Dice, MatchOutcome
from rules_engine.killpower import SYSTEM, Mode
from systems.killpower import RULE_SYSTEM, SIDES
from systems.killpower.engine import DEATH_RISK_ROLLS, rolls_for
from systems.killpower.kickoff import fixture_settings
from systems.killpower.models import (
    Gladiator,
    GladiatorEvent,
    KillpowerTeam,
    PostMatchRun,
    ResultReport,
)
from systems.killpower.models.gladiators import LIVING
from systems.killpower.report_checks import WOUNDED

log = logging.getLogger(__name__)

Event = GladiatorEvent.Kind
HISTORY_FIELDS = ["status", "died_at", "xp", "equipment"]
"""What a post-match sequence writes on gladiators (in one statement: recorded per gladiator)."""


def _outcome(result: Result) -> MatchOutcome:
    return MatchOutcome(
        home_score=result.home_score,
        away_score=result.away_score,
        winner=None if result.winner == Result.Winner.DRAW else result.winner,
        decided_by=result.decided_by,
        seed=result.seed,
        record=result.record,
    )


def post_match_run(*, fixture_id: int, seed: int | None = None) -> PostMatchRun | None:
    """Run the post-match sequence of a played Killpower fixture, exactly once (the workflow's
    :func:`matches.table_results.post_match.post_match_run`, read as this game's run)."""
    run = table_post_match.post_match_run(fixture_id=fixture_id, seed=seed)
    return None if run is None else PostMatchRun.objects.filter(pk=run.pk).first()


def sequence_apply(
    *, fixture: Fixture, result: Result, report: ResultReport | None, dice: Dice
) -> dict[str, Any]:
    """The engine's sequence for both teams, home first, on ``dice``, written to the (locked)
    rows; in a tournament the next bracket fixture follows. Returns the engine's account."""
    match_settings = fixture_settings(fixture)
    sides = SYSTEM.post_match(
        _outcome(result),
        dice=dice,
        options={
            **match_settings,
            "decisions": dict(report.decisions) if report is not None else {},
            "used_names": {side: _dead_names(getattr(fixture, side)) for side in SIDES},
        },
    )
    tournament = match_settings.get("mode") == Mode.TOURNAMENT
    for side in SIDES:
        team = getattr(fixture, side)  # locked with the fixture, in the locking order
        _apply(fixture, result, team, side, sides[side], tournament=tournament)
    if tournament:
        from systems.killpower.services.tournaments import tournament_advance

        tournament_advance(season=fixture.season)
    return sides


def _dead_names(team: Team) -> list[str]:
    """The names of the team's dead: an automatic recruit never takes one of them."""
    return sorted(team.gladiators.exclude(LIVING).values_list("name", flat=True).distinct())


def _apply(
    fixture: Fixture,
    result: Result,
    team: Team,
    side: str,
    done: dict[str, Any],
    *,
    tournament: bool,
) -> None:
    """Write one team's post-match sequence to its rows and its gladiators' history."""
    report = result.record["report"][side]
    living = {g.name: g for g in team.gladiators.filter(LIVING).order_by("number")}
    before = history.snapshot(living.values(), HISTORY_FIELDS)
    events: list[GladiatorEvent] = []

    def event(who: Gladiator, kind: str, /, **detail: Any) -> None:
        events.append(GladiatorEvent(gladiator=who, kind=kind, fixture=fixture, detail=detail))

    out, armour_lost = set(report["out"]), report["armour_lost"]
    for name in report["played"]:
        event(
            living[name],
            Event.PLAYED,
            outcome=done["outcome"],
            out=name in out,
            armour_lost=armour_lost.get(name, 0),
        )
    if tournament:
        GladiatorEvent.objects.bulk_create(events)
        return
    steps = done["log"]
    rolls = done["rolls"]
    KillpowerTeam.objects.update_or_create(
        team=team, defaults={"ranking_points": done["team"]["ranking_points"]}
    )
    status = {name: Gladiator.Status.FIT for name in living}
    for name in result.record.get(WOUNDED, {}).get(side, []):
        status[name] = Gladiator.Status.BADLY_WOUNDED
        event(living[name], Event.INJURED)
    for coma in report["comas"]:
        event(living[coma["gladiator"]], Event.COMA, state=coma["state"], location=coma["location"])
    for risk in steps["death_risk"]:
        name = risk["gladiator"]
        event(
            living[name], Event.DEATH_RISK, **risk, rolls=rolls_for(rolls, name, DEATH_RISK_ROLLS)
        )
        status[name] = Gladiator.Status.COMA
    for removed in steps["removed"]:
        name = removed["gladiator"]
        status[name] = Gladiator.Status.DEAD
        event(living[name], Event.DIED, reason=removed["reason"])
    for entry in steps["experience"]:
        gladiator = living[entry["gladiator"]]
        gained = entry["xp"] - gladiator.xp
        gladiator.xp = entry["xp"]
        event(
            gladiator,
            Event.XP,
            gained=gained,
            xp=entry["xp"],
            raises_available=entry["raises_available"],
        )
    for entry in steps["equipment"]:
        gladiator = living[entry["gladiator"]]
        gladiator.equipment = entry["after"]
        event(
            gladiator,
            Event.EQUIPMENT,
            before=entry["before"],
            after=entry["after"],
            forced=entry["forced"],
            rolls=rolls_for(rolls, gladiator.name),
        )
    now = timezone.now()
    for name, gladiator in living.items():
        gladiator.status = status[name]
        if gladiator.status == Gladiator.Status.DEAD:
            gladiator.died_at = now
    Gladiator.objects.bulk_update(living.values(), HISTORY_FIELDS)
    history.record_changes(rows=living.values(), before=before, league_id=team.league_id)
    events += _recruit(fixture, team, done, living)
    GladiatorEvent.objects.bulk_create(events)


def _recruit(
    fixture: Fixture, team: Team, done: dict[str, Any], before: dict[str, Gladiator]
) -> list[GladiatorEvent]:
    """Rows for the recruits, each in the place (number) of the gladiator who left it."""
    recruits = set(done["log"]["recruits"])
    numbered = {g.number: g.name for g in before.values()}
    events = []
    for number, sheet in enumerate(done["team"]["gladiators"], start=1):
        if sheet["name"] not in recruits:
            continue
        gladiator = Gladiator.objects.create(
            team=team,
            number=number,
            name=sheet["name"],
            race=sheet["race"],
            specialization=sheet["specialization"],
            equipment=sheet["equipment"],
            xp=sheet["xp"],
            raises=sheet["raises"],
        )
        events.append(
            GladiatorEvent(
                gladiator=gladiator,
                kind=Event.RECRUITED,
                fixture=fixture,
                detail={
                    "replaces": numbered.get(number),
                    "equipment": sheet["equipment"],
                    "rolls": rolls_for(done["rolls"], sheet["name"]),
                },
            )
        )
    return events


def post_match_sweep() -> dict[str, int]:
    """The workflow's sweep (:func:`matches.table_results.post_match.post_match_sweep`) for
    Killpower fixtures only."""
    return table_post_match.post_match_sweep(game=RULE_SYSTEM)
