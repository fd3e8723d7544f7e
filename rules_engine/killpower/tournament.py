"""Tournament mode (13.2): a match tied after 20 turns settled by free throws.

The coaches name their shooters (``free_throws`` option, JSON)::

    {"home": ["Tom", "Max"], "away": ["Bob"], "distances": {"home": [10, 12], "away": [2]}}

or, for a side left out, the engine picks its two eligible gladiators with the best BAL (the
earlier on the team sheet on a tie). Eligible: played the match, not in a coma, not ``out``.
A side that names its shooters names two when it has two eligible gladiators, and the one it
has when it has only one ("si l'une des deux équipes ne peut présenter qu'un gladiateur,
elle n'aura le droit qu'à un seul tir au panier").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from rules_engine.dice import Dice
from rules_engine.errors import InvalidInput
from rules_engine.killpower import tables
from rules_engine.killpower.free_throws import FreeThrows, Shooter, free_throws
from rules_engine.killpower.gladiator import Characteristic, Gladiator
from rules_engine.killpower.parsing import integer, join, listing, mapping, names, only_keys
from rules_engine.killpower.refusals import can_shoot, check_shooter
from rules_engine.killpower.report import DecidedBy, MatchReport, SideReport
from rules_engine.killpower.sides import Score, Side
from rules_engine.killpower.team import Team


def eligible(team: Team, report: SideReport) -> list[Gladiator]:
    """Gladiators who may shoot: played, living, not in a coma, able to come back."""
    comas = {coma.gladiator for coma in report.comas}
    return [
        g
        for g in team.gladiators
        if can_shoot(g.name, played=report.played, comas=comas, out=report.out)
    ]


def pick_shooters(team: Team, report: SideReport) -> list[Gladiator]:
    ranked = sorted(eligible(team, report), key=lambda g: -g.value(Characteristic.BAL))
    return ranked[: tables.FREE_THROW_SHOOTERS]


def _chosen(value: object, team: Team, report: SideReport, field: str) -> list[Gladiator]:
    """The coach's shooters: as many as the team can present, two at most."""
    allowed = {g.name: g for g in eligible(team, report)}
    chosen = names(value, field)
    comas = {coma.gladiator for coma in report.comas}
    for i, name in enumerate(chosen):
        check_shooter(name, played=report.played, comas=comas, out=report.out, team=team.name,
                      field=join(field, i))  # fmt: skip
    needed = min(len(allowed), tables.FREE_THROW_SHOOTERS)
    if needed and len(chosen) != needed:
        if needed == 1:
            [only] = allowed
            raise InvalidInput(
                field,
                f"must name one gladiator: {only!r} is the only one of {team.name} able to shoot",
            )
        raise InvalidInput(
            field, f"must name two gladiators: {team.name} has {len(allowed)} able to shoot"
        )
    return [allowed[name] for name in chosen]


def settle_draw(
    report: MatchReport,
    teams: Mapping[Side, Team],
    *,
    dice: Dice,
    choice: object = None,
    field: str = "free_throws",
) -> tuple[MatchReport, FreeThrows]:
    """The report of a drawn match, decided by free throws shot now."""
    spec: Mapping[str, Any] = mapping({} if choice is None else choice, field)
    only_keys(spec, ("home", "away", "distances"), field)
    shooters: dict[Side, list[Shooter]] = {}
    for side in Side:
        team, side_report = teams[side], report.side(side)
        if spec.get(side.value) is not None:
            picked = _chosen(spec[side.value], team, side_report, join(field, side.value))
        else:
            picked = pick_shooters(team, side_report)
        if not picked:
            raise InvalidInput(
                join(field, side.value),
                f"{team.name} has no gladiator able to shoot: enter the match as an elimination",
            )
        shooters[side] = [Shooter.of(g) for g in picked]
    distances = parse_distances(spec.get("distances"), join(field, "distances"))
    powers = {Side.HOME: report.home_power, Side.AWAY: report.away_power}
    shot = free_throws(shooters, powers=powers, score=report.score, dice=dice, distances=distances)
    points = Score(shot.final.home - report.score.home, shot.final.away - report.score.away)
    settled = replace(
        report, decided_by=DecidedBy.FREE_THROWS, winner=shot.winner, free_throws=points
    )
    return settled, shot


def parse_distances(data: object, field: str = "distances") -> dict[Side, list[int]]:
    if data is None:
        return {}
    distances = mapping(data, field)
    only_keys(distances, ("home", "away"), field)
    return {
        Side(key): [
            integer(
                item,
                join(join(field, key), i),
                low=tables.FREE_THROW_MIN,
                high=tables.FREE_THROW_MAX,
            )
            for i, item in enumerate(listing(value, join(field, key)))
        ]
        for key, value in distances.items()
    }
