"""The match report: what the coaches enter after a match played at the table.

As JSON (``home`` and ``away`` sides alike)::

    {
      "score": {"home": 3, "away": 1},       # after 20 turns
      "decided_by": "points",                # points | elimination | abandon | free_throws
      "result": "home",                      # home | away | draw; derived for "points"
      "abandoned_by": "away",                # with "abandon" only
      "free_throws": {"home": 12, "away": 13},   # with "free_throws": points scored in them
      "home_power": 12, "away_power": 19,    # optional: sequence 1 powers
      "home": {
        "played": ["Tom", ...],              # optional: default all the team
        "comas": [{"gladiator": "Tom", "state": -11, "location": "head"}],  # location optional
        "out": ["Bob"],                      # could not come back (expelled past the end, fled)
        "equipment_lost": ["Max"],           # must draw new equipment
        "armour_lost": {"Bob": 1}            # normal armour points lost in the match
      },
      "away": {...}
    }

Checks: every name belongs to its team, the comas, ``out`` and ``armour_lost`` played (such a
refusal has a code: :mod:`~rules_engine.killpower.refusals`), a coma is at -11 or less.
``"points"``: the result is what the scores say against the points to score (a draw when
neither side reached its target); if ``result`` is given it must agree.
``"elimination"``: the winner eliminated the other team (TABLE 7 case VI), any score.
``"free_throws"`` (tournament): the score after 20 turns is a draw and the free-throw points
decide; the final score is the sum. The powers default to those of the teams counting only the
gladiators who played (sequence 1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from rules_engine.errors import InvalidInput
from rules_engine.killpower.damage import LOCATION_NAMES, DamageStatus, status_of
from rules_engine.killpower.limits import MAX_ARMOUR_LOST, MAX_DAMAGE_STATE, MAX_POWER, MAX_SCORE
from rules_engine.killpower.parsing import (
    choice,
    integer,
    join,
    listing,
    mapping,
    names,
    only_keys,
    require,
    text,
)
from rules_engine.killpower.power import Targets, TargetTable, judge, targets
from rules_engine.killpower.refusals import (
    Refusal,
    can_shoot,
    check_played,
    check_someone_played,
)
from rules_engine.killpower.sides import Score, Side
from rules_engine.killpower.team import Team


class DecidedBy(StrEnum):
    POINTS = "points"  # after 20 turns, against the points to score (draws included)
    ELIMINATION = "elimination"
    ABANDON = "abandon"
    FREE_THROWS = "free_throws"


class Result(StrEnum):
    HOME = "home"
    AWAY = "away"
    DRAW = "draw"

    @property
    def winner(self) -> Side | None:
        return None if self is Result.DRAW else Side(self.value)

    @classmethod
    def of(cls, winner: Side | None) -> Result:
        return cls.DRAW if winner is None else cls(winner.value)


@dataclass(frozen=True, slots=True)
class Coma:
    gladiator: str
    state: int
    location: str | None = None  # aimed blow: no location roll

    def to_dict(self) -> dict[str, Any]:
        return {"gladiator": self.gladiator, "state": self.state, "location": self.location}


@dataclass(frozen=True, slots=True)
class SideReport:
    played: tuple[str, ...]
    comas: tuple[Coma, ...] = ()
    out: tuple[str, ...] = ()
    equipment_lost: tuple[str, ...] = ()
    armour_lost: Mapping[str, int] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "played": list(self.played),
            "comas": [coma.to_dict() for coma in self.comas],
            "out": list(self.out),
            "equipment_lost": list(self.equipment_lost),
            "armour_lost": dict(self.armour_lost),
        }


@dataclass(frozen=True, slots=True)
class MatchReport:
    score: Score  # after 20 turns
    decided_by: DecidedBy
    winner: Side | None
    home_power: int
    away_power: int
    home: SideReport
    away: SideReport
    abandoned_by: Side | None = None
    free_throws: Score | None = None

    def side(self, side: Side) -> SideReport:
        return self.home if side is Side.HOME else self.away

    def power(self, side: Side) -> int:
        return self.home_power if side is Side.HOME else self.away_power

    @property
    def final_score(self) -> Score:
        if self.free_throws is None:
            return self.score
        return Score(
            self.score.home + self.free_throws.home, self.score.away + self.free_throws.away
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "score": self.score.to_dict(),
            "decided_by": self.decided_by.value,
            "result": Result.of(self.winner).value,
            "abandoned_by": self.abandoned_by.value if self.abandoned_by else None,
            "free_throws": self.free_throws.to_dict() if self.free_throws else None,
            "final_score": self.final_score.to_dict(),
            "home_power": self.home_power,
            "away_power": self.away_power,
            "home": self.home.to_dict(),
            "away": self.away.to_dict(),
        }


REPORT_KEYS = (
    "score",
    "decided_by",
    "result",
    "abandoned_by",
    "free_throws",
    "home_power",
    "away_power",
    "home",
    "away",
    "final_score",
)
SIDE_KEYS = ("played", "comas", "out", "equipment_lost", "armour_lost")


def parse_score(data: object, field: str) -> Score:
    score = mapping(data, field)
    only_keys(score, ("home", "away"), field)
    return Score(
        integer(require(score, "home", field), join(field, "home"), low=0, high=MAX_SCORE),
        integer(require(score, "away", field), join(field, "away"), low=0, high=MAX_SCORE),
    )


def _members(value: object, field: str, allowed: tuple[str, ...], what: str) -> tuple[str, ...]:
    listed = names(value, field)
    for i, name in enumerate(listed):
        if name not in allowed:
            raise InvalidInput(join(field, i), f"{name!r} is not {what}")
    return listed


def _coma(data: object, field: str, played: tuple[str, ...], team: str) -> Coma:
    coma = mapping(data, field)
    only_keys(coma, ("gladiator", "state", "location"), field)
    name_field = join(field, "gladiator")
    name = text(require(coma, "gladiator", field), name_field)
    check_played(Refusal.HURT_NOT_PLAYED, name, played=played, team=team, field=name_field)
    state = integer(require(coma, "state", field), join(field, "state"), low=-MAX_DAMAGE_STATE)
    if status_of(state) is not DamageStatus.COMA:
        raise InvalidInput(join(field, "state"), "must be -11 or less for a coma")
    location = coma.get("location")
    if location is not None and location not in LOCATION_NAMES:
        raise InvalidInput(join(field, "location"), f"must be one of {', '.join(LOCATION_NAMES)}")
    return Coma(name, state, location)


def parse_side_report(data: object, team: Team, field: str) -> SideReport:
    report = mapping({} if data is None else data, field)
    only_keys(report, SIDE_KEYS, field)
    roster = team.names
    played = roster
    if report.get("played") is not None:
        played = _members(report["played"], join(field, "played"), roster, f"in {team.name}")
        check_someone_played(played, team=team.name, field=join(field, "played"))
    comas = tuple(
        _coma(item, join(join(field, "comas"), i), played, team.name)
        for i, item in enumerate(listing(report.get("comas", []), join(field, "comas")))
    )
    coma_names = [coma.gladiator for coma in comas]
    for i, name in enumerate(coma_names):
        if name in coma_names[:i]:
            raise InvalidInput(join(join(field, "comas"), i), f"{name!r} is listed twice")
    armour_field = join(field, "armour_lost")
    armour_lost = {
        name: integer(points, join(armour_field, name), low=1, high=MAX_ARMOUR_LOST)
        for name, points in mapping(report.get("armour_lost", {}), armour_field).items()
    }
    for name in armour_lost:
        check_played(Refusal.ARMOUR_NOT_PLAYED, name, played=played, team=team.name,
                     field=join(armour_field, name))  # fmt: skip
    out_field = join(field, "out")
    out = names(report.get("out", []), out_field)
    for i, name in enumerate(out):
        check_played(Refusal.OUT_NOT_PLAYED, name, played=played, team=team.name,
                     field=join(out_field, i))  # fmt: skip
    return SideReport(
        played=played,
        comas=comas,
        out=out,
        equipment_lost=_members(
            report.get("equipment_lost", []),
            join(field, "equipment_lost"),
            roster,
            f"in {team.name}",
        ),
        armour_lost=armour_lost,
    )


def _side(value: object, field: str) -> Side:
    return choice(value, Side, field)


def parse_report(
    data: object, home: Team, away: Team, *, table: TargetTable, field: str = "result"
) -> MatchReport:
    """Validate an entered result against the two teams (see the module docstring)."""
    report = mapping(data, field)
    only_keys(report, REPORT_KEYS, field)
    score = parse_score(require(report, "score", field), join(field, "score"))
    sides = {
        Side.HOME: parse_side_report(report.get("home"), home, join(field, "home")),
        Side.AWAY: parse_side_report(report.get("away"), away, join(field, "away")),
    }
    powers = {
        side: integer(report[f"{side}_power"], join(field, f"{side}_power"), low=0, high=MAX_POWER)
        if report.get(f"{side}_power") is not None
        else team.power(sides[side].played)
        for side, team in ((Side.HOME, home), (Side.AWAY, away))
    }
    decided_by = choice(report.get("decided_by", "points"), DecidedBy, join(field, "decided_by"))
    given = report.get("result")
    result = None if given is None else choice(given, Result, join(field, "result"))
    needed = targets(powers[Side.HOME], powers[Side.AWAY], table)
    winner, abandoned_by, free_throws = _decide(report, decided_by, result, score, needed, field)
    return MatchReport(
        score=score,
        decided_by=decided_by,
        winner=winner,
        home_power=powers[Side.HOME],
        away_power=powers[Side.AWAY],
        home=sides[Side.HOME],
        away=sides[Side.AWAY],
        abandoned_by=abandoned_by,
        free_throws=free_throws,
    )


def _decide(
    report: Mapping[str, Any],
    decided_by: DecidedBy,
    result: Result | None,
    score: Score,
    needed: Targets,
    field: str,
) -> tuple[Side | None, Side | None, Score | None]:
    """(winner, abandoned_by, free-throw points) of a report, checked."""
    result_field = join(field, "result")
    for key, allowed in (
        ("abandoned_by", DecidedBy.ABANDON),
        ("free_throws", DecidedBy.FREE_THROWS),
    ):
        if report.get(key) is not None and decided_by is not allowed:
            raise InvalidInput(join(field, key), f"only when decided_by is {allowed.value}")
    if decided_by is DecidedBy.ABANDON:
        abandoned_by = _side(require(report, "abandoned_by", field), join(field, "abandoned_by"))
        if result is not None and result.winner is not abandoned_by.other:
            raise InvalidInput(
                result_field, f"must be {abandoned_by.other}: {abandoned_by} abandoned"
            )
        return abandoned_by.other, abandoned_by, None
    by_points = judge(score, needed)
    if decided_by is DecidedBy.POINTS:
        if result is not None and result.winner is not by_points:
            says = Result.of(by_points).value
            raise InvalidInput(
                result_field,
                f"the score says {says} (points to score: home +{needed.home}, away +{needed.away})",
            )
        return by_points, None, None
    if decided_by is DecidedBy.ELIMINATION:
        if result is None or result.winner is None:
            raise InvalidInput(
                result_field, "must be home or away: the side that eliminated the other"
            )
        return result.winner, None, None
    if by_points is not None:
        raise InvalidInput(join(field, "decided_by"), f"no free throws: {by_points} won on points")
    free = parse_score(require(report, "free_throws", field), join(field, "free_throws"))
    total = Score(score.home + free.home, score.away + free.away)
    winner = total.leader()
    if winner is None:
        raise InvalidInput(join(field, "free_throws"), "free throws go on until the totals differ")
    if result is not None and result.winner is not winner:
        raise InvalidInput(result_field, f"the free throws say {winner}")
    return winner, None, free


def able_to_shoot(side: Mapping[str, Any]) -> list[str]:
    """Who of one side's stored report (its JSON) may take free throws: those who played, but
    neither in a coma nor out of the match."""
    played = side.get("played", [])
    comas = {coma["gladiator"] for coma in side.get("comas", [])}
    out = set(side.get("out", []))
    return [name for name in played if can_shoot(name, played=played, comas=comas, out=out)]


def state_after_match(side: Mapping[str, Any], badly_wounded: Sequence[str], name: str) -> str:
    """How one gladiator left the match, from his side's stored report (its JSON) and its
    ``badly_wounded`` list: ``"coma"``, ``"badly_wounded"`` or ``"fit"``."""
    if any(coma["gladiator"] == name for coma in side.get("comas", [])):
        return "coma"
    return "badly_wounded" if name in badly_wounded else "fit"


def gladiator_entry(
    side: Mapping[str, Any], badly_wounded: Sequence[str], name: str
) -> dict[str, Any]:
    """What one side's stored report (its JSON) and its ``badly_wounded`` list say of the
    gladiator ``name``: whether he ``played``, his ``state`` after the match
    (:func:`state_after_match`), his ``coma`` entry (None without), whether he was ``out`` at
    the end or lost his equipment (``equipment_lost``), and the armour points he lost
    (``armour_lost``, None without)."""
    return {
        "played": name in side.get("played", []),
        "state": state_after_match(side, badly_wounded, name),
        "coma": next((c for c in side.get("comas", []) if c["gladiator"] == name), None),
        "out": name in side.get("out", []),
        "equipment_lost": name in side.get("equipment_lost", []),
        "armour_lost": side.get("armour_lost", {}).get(name),
    }


SIDE_LISTS = ("played", "comas", "out", "equipment_lost", "badly_wounded")
"""The lists of a side's report (with its ``badly_wounded``) that name gladiators in turn."""


def side_of_entries(entries: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """The inverse of :func:`gladiator_entry`: one side's report (its JSON) with its
    ``badly_wounded`` list, from what is said of each gladiator (by name, in order). A
    gladiator is listed wherever his entry puts him, played or not, so that a reader refuses
    what he cannot be; his coma (``state``, ``location`` if any) when his ``state`` says so."""
    side: dict[str, Any] = {"played": [], "comas": [], "out": [], "equipment_lost": [],
                            "armour_lost": {}, "badly_wounded": []}  # fmt: skip
    for name, entry in entries.items():
        for key in ("played", "out", "equipment_lost"):
            if entry.get(key):
                side[key].append(name)
        if entry.get("state") == "badly_wounded":
            side["badly_wounded"].append(name)
        if entry.get("state") == "coma":
            coma = entry.get("coma") or {}
            located = {"location": coma["location"]} if coma.get("location") else {}
            side["comas"].append({"gladiator": name, "state": coma.get("state"), **located})
        if entry.get("armour_lost"):
            side["armour_lost"][name] = entry["armour_lost"]
    return side


def entry_named(side: Mapping[str, Any], field: str) -> tuple[str, str] | None:
    """The gladiator a field of one side's report (as :func:`side_of_entries` makes it)
    names, and what of his entry it is about: ``out.1`` -> (his name, ``"out"``),
    ``badly_wounded.0`` or ``comas.0.gladiator`` -> ``"state"``, ``comas.0.state`` ->
    ``"coma.state"``, ``armour_lost.Tom`` -> ``("Tom", "armour_lost")``; None for a field
    about the side as a whole or naming nobody listed."""
    key, _dot, rest = field.partition(".")
    if key == "armour_lost":
        return (rest, key) if rest else None
    index, _dot, about = rest.partition(".")
    listed: Sequence[Any] = side.get(key) or ()
    if key not in SIDE_LISTS or not index.isdigit() or int(index) >= len(listed):
        return None
    named = listed[int(index)]
    if key == "comas":
        if about not in ("", "gladiator", "state", "location"):
            return None
        return named["gladiator"], "state" if about in ("", "gladiator") else f"coma.{about}"
    return named, "state" if key == "badly_wounded" else key
