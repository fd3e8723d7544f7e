"""The post-match sequence (sequences 14-15): one team state + the report + dice -> the new
team state and a log of everything done and rolled.

In order:

1. result and ranking points (powers of sequence 1), the team's match record;
2. a death-risk roll for each gladiator in a coma (TABLE 8);
3. the dead removed, and those the coach dismisses (only gladiators who played);
4. recruits up to seven: the coach's, then automatic ones; a recruit takes the place (the
   number) of a gladiator who left;
5. +5 XP (league setting) for each gladiator who played and lives, then the raises chosen;
6. new equipment: forced for a gladiator who lost his ("sans équipement magique, un
   gladiateur ne peut pas jouer"), optional for one who played; a redraw is kept, even if
   worse, until the next match he plays, which follows from allowing it only after a match
   played;
7. normal armour restored.

Readings: an automatic recruit copies the specialization and equipment kind of the gladiator
he replaces (without one, specializations in TABLE 11 order with a magic armour) and is named
"Recruit N". A forced redraw keeps the lost kind unless the coach names one. In tournament
mode (13.2) a team gets back its gladiators as they were before the match: no ranking points,
death risk, experience or equipment; only its match record changes, and coach decisions are
refused.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from rules_engine.dice import Dice
from rules_engine.errors import IllegalAction, InvalidInput
from rules_engine.killpower.creation import draw_equipment
from rules_engine.killpower.damage import DeathRisk, Fate, death_risk
from rules_engine.killpower.decisions import Decisions
from rules_engine.killpower.experience import gain_xp, take_raises
from rules_engine.killpower.gladiator import Gladiator
from rules_engine.killpower.ranking import Outcome, ranking_change
from rules_engine.killpower.recruiting import fill_places
from rules_engine.killpower.refusals import Refusal, check_played
from rules_engine.killpower.report import MatchReport
from rules_engine.killpower.settings import DEFAULT_SETTINGS, KillpowerSettings, Mode
from rules_engine.killpower.sides import Side
from rules_engine.killpower.team import Record, Team

_RECORD_FIELD = {
    Outcome.WIN: "won",
    Outcome.LOSS: "lost",
    Outcome.DRAW: "drawn",
    Outcome.ABANDON: "abandoned",
}


@dataclass(frozen=True, slots=True)
class PostMatch:
    team: Team
    outcome: Outcome
    log: dict[str, Any]  # step -> what it did, in sequence order
    rolls: list[dict[str, Any]]

    def to_dict(self) -> dict[str, Any]:
        return {
            "team": self.team.to_dict(),
            "outcome": self.outcome.value,
            "log": self.log,
            "rolls": self.rolls,
        }


def _record(record: Record, outcome: Outcome) -> Record:
    key = _RECORD_FIELD[outcome]
    return replace(record, played=record.played + 1, **{key: getattr(record, key) + 1})


def record_of(outcomes: Iterable[Outcome]) -> Record:
    """A team's match record from how each of its matches ended for it."""
    record = Record()
    for outcome in outcomes:
        record = _record(record, outcome)
    return record


def post_match(
    team: Team,
    report: MatchReport,
    side: Side,
    *,
    dice: Dice,
    decisions: Decisions | None = None,
    settings: KillpowerSettings = DEFAULT_SETTINGS,
    field: str = "decisions",
    used_names: Sequence[str] = (),
) -> PostMatch:
    """Run the sequence for ``team``, which played ``side`` of ``report``; ``used_names``:
    names of gladiators the team had before (its dead), kept from automatic recruits."""
    decisions = decisions or Decisions()
    start = len(dice.log())
    outcome = Outcome.of(side, report.winner, report.abandoned_by)
    record = _record(team.record, outcome)
    if settings.mode is Mode.TOURNAMENT:
        if not decisions.empty:
            raise InvalidInput(field, "tournament mode: a team is restored as it was")
        log: dict[str, Any] = {"tournament": "gladiators restored as before the match"}
        return PostMatch(replace(team, record=record), outcome, log, [])
    own = report.side(side)
    change = ranking_change(outcome, report.power(side), report.power(side.other), settings.ranking)
    points = max(settings.ranking.minimum, team.ranking_points + change)
    log = {
        "ranking": {
            "before": team.ranking_points,
            "change": points - team.ranking_points,
            "after": points,
        },
    }
    risks = [
        death_risk(
            coma.gladiator, coma.state, dice=dice, location=coma.location, table=settings.death_risk
        )
        for coma in own.comas
    ]
    log["death_risk"] = [risk.to_dict() for risk in risks]
    slots, removed = _remove(team, risks, decisions, own.played, field)
    log["removed"] = removed
    slots, recruited = fill_places(
        slots,
        team.gladiators,
        decisions.recruits,
        dice=dice,
        deck=settings.power_cards,
        field=f"{field}.recruits",
        used_names=used_names,
    )
    log["recruits"] = [g.name for g in recruited]
    gone = {entry["gladiator"] for entry in removed}
    # Those who played and stay: a recruit may take the name of one who left.
    veterans = [name for name in own.played if name not in gone]
    gladiators = [g for g in slots if g is not None]
    gladiators, log["experience"], log["raises"] = _experience(
        gladiators, veterans, decisions, gone, settings, field
    )
    forced = [name for name in own.equipment_lost if name not in gone]
    gladiators, log["equipment"] = _equipment(
        gladiators, forced, decisions, own.played, gone, dice, settings, field, team.name
    )
    log["armour_restored"] = [name for name in own.armour_lost if name not in gone]
    log["ignored"] = _ignored(decisions, gone)
    new_team = replace(team, gladiators=tuple(gladiators), ranking_points=points, record=record)
    return PostMatch(new_team, outcome, log, dice.log()[start:])


def _remove(
    team: Team,
    risks: list[DeathRisk],
    decisions: Decisions,
    played: tuple[str, ...],
    field: str,
) -> tuple[list[Gladiator | None], list[dict[str, str]]]:
    dead = {risk.gladiator for risk in risks if risk.fate is Fate.DEAD}
    for i, name in enumerate(decisions.dismiss):
        if name not in team.names:
            raise InvalidInput(f"{field}.dismiss.{i}", f"{name!r} is not in {team.name}")
        check_played(Refusal.DISMISS_NOT_PLAYED, name, played=played, team=team.name,
                     field=f"{field}.dismiss.{i}")  # fmt: skip
    removed = [{"gladiator": name, "reason": "dead"} for name in team.names if name in dead]
    removed += [
        {"gladiator": name, "reason": "dismissed"}
        for name in team.names
        if name in decisions.dismiss and name not in dead
    ]
    gone = {entry["gladiator"] for entry in removed}
    return [None if g.name in gone else g for g in team.gladiators], removed


def _experience(
    gladiators: list[Gladiator],
    played: list[str],
    decisions: Decisions,
    gone: set[str],
    settings: KillpowerSettings,
    field: str,
) -> tuple[list[Gladiator], list[dict[str, Any]], list[dict[str, Any]]]:
    gained = [gain_xp(g, settings.xp_per_match) if g.name in played else g for g in gladiators]
    experience = [
        {"gladiator": g.name, "xp": g.xp, "raises_available": g.raises_available}
        for g in gained
        if g.name in played
    ]
    names = [g.name for g in gained]
    raises: list[dict[str, Any]] = []
    for name, characteristics in decisions.raises.items():
        if name in gone:
            continue
        if name not in names:
            raise InvalidInput(f"{field}.raises.{name}", f"{name!r} is not in the team")
        index = names.index(name)
        try:
            gained[index] = take_raises(gained[index], characteristics)
        except IllegalAction as exc:
            raise InvalidInput(f"{field}.raises.{name}", str(exc)) from None
        raises += [
            {"gladiator": name, "characteristic": c.value, "value": gained[index].value(c)}
            for c in characteristics
        ]
    return gained, experience, raises


def _equipment(
    gladiators: list[Gladiator],
    forced: list[str],
    decisions: Decisions,
    played: tuple[str, ...],
    gone: set[str],
    dice: Dice,
    settings: KillpowerSettings,
    field: str,
    team: str,
) -> tuple[list[Gladiator], list[dict[str, Any]]]:
    for name in decisions.redraw:
        if name not in gone:  # the choices about the dead and the dismissed are ignored
            check_played(Refusal.REDRAW_NOT_PLAYED, name, played=played, team=team,
                         field=f"{field}.redraw.{name}", equipment_lost=forced)  # fmt: skip
    log: list[dict[str, Any]] = []
    result = []
    for gladiator in gladiators:
        name = gladiator.name
        if name in forced or name in decisions.redraw:
            kind = decisions.redraw.get(name, gladiator.equipment.kind)
            new = draw_equipment(kind, dice=dice, holder=name, deck=settings.power_cards)
            log.append(
                {
                    "gladiator": name,
                    "before": gladiator.equipment.to_dict(),
                    "after": new.to_dict(),
                    "forced": name in forced,
                }
            )
            gladiator = replace(gladiator, equipment=new)
        result.append(gladiator)
    return result, log


def _ignored(decisions: Decisions, gone: set[str]) -> list[dict[str, str]]:
    return [
        {"gladiator": name, "decision": kind}
        for kind, names in (("raises", decisions.raises), ("redraw", decisions.redraw))
        for name in names
        if name in gone
    ]
