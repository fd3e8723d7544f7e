"""A played Rotzball match ready to show: the line-ups frozen at kick-off with the engine's
scores and ratings, the paper match grid, and each turn of the record in words, with what the
engine's rules add to it (each roll's target explained, a counter-attack's tactics). Every
sentence is built here from the record's fields, so it is translated; the engine's own English
``summary`` is not shown. The template only draws what these give."""

import re
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from core import documents
from rules_engine.rotzball import ratings as sheet_ratings
from rules_engine.rotzball.positions import player_score
from rules_engine.rotzball.rules import OTHER
from rules_engine.rotzball.turns import TurnOutcome, turn_outcome, turn_targets
from rules_engine.rotzball.turns import match_grid as match_grid_of
from systems.rotzball.documents import MATCH_RECORD, TEAM_SHEET

SIDES = ("home", "away")
PERIOD = re.compile(r"^extra_(\d+)_(first|second)$")


def match_report_get(*, fixture) -> dict[str, Any]:
    """What a fixture's match report shows: its ``result`` (the record read as today's, see
    ``core.documents``), the line-ups frozen at kick-off (``sheets``), and once played the
    match ``grid`` and the ``turns`` in words. The fixture's sheets are read as today's too."""
    result = getattr(fixture, "result", None)
    if result is not None:
        result.record = documents.read(MATCH_RECORD, result.record)
    sheets = {side: documents.read(TEAM_SHEET, getattr(fixture, f"{side}_sheet")) for side in SIDES}
    fixture.home_sheet, fixture.away_sheet = sheets["home"], sheets["away"]
    page: dict[str, Any] = {
        "result": result,
        "sheets": {side: sheet_report(sheet=sheet) for side, sheet in sheets.items()},
    }
    if result is not None:
        page["grid"] = match_grid(record=result.record, fixture=fixture)
        turns = (result.record or {}).get("turns", [])
        page["turns"] = [turn_account(turn, fixture) for turn in turns]
    return page


def sheet_report(*, sheet: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A line-up snapshot (the engine's team sheet, as frozen at kick-off) ready to show:
    ``rows`` (position, name, characteristics and the engine's score of each player) and the
    team's ``ratings`` (``None`` when the engine cannot rate the sheet)."""
    if not sheet:
        return None
    rows = []

    def add(label: str, player: Mapping[str, Any] | None, kind: str) -> None:
        if player:
            rows.append(
                {"position": label, "kind": kind, "score": player_score(kind, player), **player}
            )

    add(_("Passer"), sheet.get("passer"), "attacker")
    for index, player in enumerate(sheet.get("attackers", []), start=1):
        add(_("Attacker %(n)s") % {"n": index}, player, "attacker")
    for index, player in enumerate(sheet.get("defenders", []), start=1):
        add(_("Defender %(n)s") % {"n": index}, player, "defender")
    add(_("Coach"), sheet.get("coach"), "coach")
    try:
        team_ratings: dict[str, int] | None = sheet_ratings(sheet)
    except ValueError:
        team_ratings = None
    return {"sheet": sheet, "rows": rows, "ratings": team_ratings}


def period_label(key: str) -> str:
    if key == "first_half":
        return _("1st half")
    if key == "second_half":
        return _("2nd half")
    if match := PERIOD.match(key or ""):
        number, half = match.groups()
        if half == "first":
            return _("Extra time %(n)s, 1st half") % {"n": number}
        return _("Extra time %(n)s, 2nd half") % {"n": number}
    return key


ROLL_RESULTS = {
    "CS": _lazy("critical success"),
    "S": _lazy("success"),
    "F": _lazy("failure"),
    "CF": _lazy("critical failure"),
}
"""A roll's result in words."""
TACTICS = {
    "offensive": _lazy("offensive"),
    "defensive": _lazy("defensive"),
    "balanced": _lazy("balanced"),
}


def tactic_label(tactic: str) -> str:
    return str(TACTICS.get(tactic, tactic))


def match_grid(*, record: Mapping[str, Any] | None, fixture) -> dict[str, Any]:
    """The engine's match grid (``turns.match_grid``) with its periods and teams named."""
    grid = match_grid_of(record or {})
    return {
        "periods": [{"label": period_label(key), "size": size} for key, size in grid["periods"]],
        "numbers": grid["numbers"],
        "rows": [
            {"side": side, "team": getattr(fixture, side).name, **row}
            for side, row in grid["rows"].items()
        ],
    }


def turn_account(turn: dict[str, Any], fixture) -> dict[str, Any]:
    """One turn in words: who had the ball and chose what, each roll with its target explained
    (the engine's ``turn_targets``), and what came of it (its ``turn_outcome``)."""
    teams = {side: getattr(fixture, side) for side in SIDES}
    attacker = turn["attacking"]
    defender = OTHER[attacker]
    targets = turn_targets(turn)
    labels = {
        "tactic": _("offensive tactic") if turn["tactic"] == "offensive" else _("defensive tactic"),
        "coach": _("coach test") if turn.get("coach_tests") else _("better coach"),
        "carry_over": _("carried over"),
    }

    def explained(roll: dict[str, Any], target: str, base: str) -> dict[str, Any]:
        """The roll with its team, its result in words and its target explained."""
        parts = [(labels.get(key, base), value) for key, value in targets[target]]
        result = str(ROLL_RESULTS.get(roll["result"], roll["result"]))
        return {**roll, "team_obj": teams[roll["team"]], "result_label": result, "parts": parts}

    counter = None
    if raw := turn.get("counter_attack"):
        counter = {
            "attack": explained(raw["attack"], "counter_attack", _("attack")),
            "defence": explained(raw["defence"], "counter_defence", _("defence")),
        }
    coach_tests = None
    if turn.get("coach_tests"):
        coach_tests = [
            {"team": teams[side].name, "team_obj": teams[side], **turn["coach_tests"][side]}
            for side in SIDES
        ]
    carry = [
        {"team": teams[side].name, "value": value}
        for side, value in turn.get("carry_over_next", {}).items()
        if value
    ]
    names = {side: team.name for side, team in teams.items()}
    values = {
        "attacker": names[attacker],
        "defender": names[defender],
        "initiative": names[turn["initiative"]],
        "scorer": names[turn["goal"]] if turn.get("goal") else "",
        "holder": names[turn["ball_after"]],
    }
    return {
        "number": turn["turn"],
        "period": period_label(turn["period"]),
        "initiative_team": teams[turn["initiative"]],
        "tactic": tactic_label(turn["tactic"]),
        "tactic_code": turn["tactic"],
        "coach_tests": coach_tests,
        "attack": explained(turn["attack"], "attack", _("attack")),
        "defence": explained(turn["defence"], "defence", _("defence")),
        "counter": counter,
        "goal": values["scorer"] or None,
        "outcome": OUTCOMES[turn_outcome(turn)] % values,
        "carry": carry,
        "score": turn["score"],
    }


OUTCOMES = {
    TurnOutcome.COUNTER_GOAL: _lazy(
        "%(defender)s wins the ball and counter-attacks at once: goal for %(scorer)s!"
    ),
    TurnOutcome.COUNTER_KEPT: _lazy(
        "%(defender)s wins the ball and counter-attacks at once, but does not score; it keeps "
        "the ball."
    ),
    TurnOutcome.COUNTER_LOST: _lazy(
        "%(defender)s wins the ball and counter-attacks at once, but %(attacker)s wins it back."
    ),
    TurnOutcome.GOAL: _lazy("Goal for %(attacker)s! The ball goes to %(defender)s."),
    TurnOutcome.CANCELLED: _lazy("Two critical successes cancel out: nothing happens."),
    TurnOutcome.TAKEN: _lazy("%(holder)s takes the ball."),
    TurnOutcome.STAYS: _lazy("No goal; the ball stays with %(initiative)s."),
}
"""How a turn ended (the engine's ``turn_outcome``), in words."""
