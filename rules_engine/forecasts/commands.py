"""Command-line commands of the forecasts tool (``python -m rules_engine forecasts COMMAND <
input.json``): each takes the JSON read on stdin, returns JSON.

* ``forecast``: ``{"teams": [{"team", "wins"?, "draws"?, "losses"?, "goals_for"?,
  "goals_against"?}, ...], "remaining": [{"home", "away", "probabilities": {outcome: p}}, ...],
  "points"?: {"win", "draw", "loss"}, "tiebreakers"?: [...], "head_to_head"?: [[team, other,
  points], ...], "scores"?: {outcome: [[home, away], ...]}, "n"?: 10000, "seed"?, "top"?: 4,
  "bottom"?: 1}`` -> ``{"simulations", "seed", "places": {"top", "bottom"}, "exact_marks",
  "teams": [{"team", "title", "top", "bottom", "title_se", "top_se", "bottom_se",
  "clinched_title", "eliminated_title"}, ...]}``.
* ``marks``: the same input -> ``{"clinched": [...], "eliminated": [...], "exact"}``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import asdict
from typing import Any

from rules_engine.dice import Dice
from rules_engine.errors import InvalidInput
from rules_engine.forecasts.marks import title_marks
from rules_engine.forecasts.season import (
    PointsScheme,
    RemainingFixture,
    ScoreModel,
    SeasonState,
    TeamTotals,
)
from rules_engine.forecasts.simulation import forecast


def _int(value: object, field: str, default: int | None = None) -> int:
    if value is None and default is not None:
        return default
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidInput(field, "must be an integer")
    return value


def _mapping(value: object, field: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise InvalidInput(field, "must be an object")
    return value


def _list(value: object, field: str) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidInput(field, "must be a list")
    return value


def season_request(data: object) -> SeasonState:
    body = _mapping(data, "input")
    teams = []
    for i, raw in enumerate(_list(body.get("teams"), "teams")):
        entry = _mapping(raw, f"teams.{i}")
        counts = {
            key: _int(entry.get(key), f"teams.{i}.{key}", 0)
            for key in ("wins", "draws", "losses", "goals_for", "goals_against")
        }
        teams.append(TeamTotals(_int(entry.get("team"), f"teams.{i}.team"), **counts))
    remaining = []
    for i, raw in enumerate(_list(body.get("remaining", []), "remaining")):
        entry = _mapping(raw, f"remaining.{i}")
        chances = _mapping(entry.get("probabilities"), f"remaining.{i}.probabilities")
        if not all(
            isinstance(p, int | float) and not isinstance(p, bool) for p in chances.values()
        ):
            raise InvalidInput(f"remaining.{i}.probabilities", "chances are numbers")
        remaining.append(
            RemainingFixture(
                _int(entry.get("home"), f"remaining.{i}.home"),
                _int(entry.get("away"), f"remaining.{i}.away"),
                {str(k): float(v) for k, v in chances.items()},
            )
        )
    points = _mapping(body.get("points", {}), "points")
    scheme = PointsScheme(
        _int(points.get("win"), "points.win", 3),
        _int(points.get("draw"), "points.draw", 1),
        _int(points.get("loss"), "points.loss", 0),
    )
    head_to_head: dict[tuple[int, int], int] = {}
    for i, raw in enumerate(_list(body.get("head_to_head", []), "head_to_head")):
        line = _list(raw, f"head_to_head.{i}")
        if len(line) != 3:
            raise InvalidInput(f"head_to_head.{i}", "[team, other, points]")
        a, b, taken = (_int(x, f"head_to_head.{i}") for x in line)
        head_to_head[(a, b)] = head_to_head.get((a, b), 0) + taken
    state = SeasonState(teams=teams, remaining=remaining, scheme=scheme, head_to_head=head_to_head)
    if "tiebreakers" in body:
        keys = _list(body["tiebreakers"], "tiebreakers")
        state = SeasonState(
            teams=teams,
            remaining=remaining,
            scheme=scheme,
            head_to_head=head_to_head,
            tiebreakers=tuple(str(k) for k in keys),
        )
    if "scores" in body:
        raw_scores = _mapping(body["scores"], "scores")
        scores = {
            str(o): [
                (_int(s[0], f"scores.{o}"), _int(s[1], f"scores.{o}"))
                for s in _list(v, f"scores.{o}")
            ]
            for o, v in raw_scores.items()
        }
        state = SeasonState(
            teams=teams,
            remaining=remaining,
            scheme=scheme,
            head_to_head=head_to_head,
            tiebreakers=state.tiebreakers,
            scores=ScoreModel(scores),
        )
    state.check()
    return state


def forecast_command(data: object) -> dict[str, Any]:
    state = season_request(data)
    body = _mapping(data, "input")
    seed = body.get("seed")
    result = forecast(
        state,
        n=_int(body.get("n"), "n", 10_000),
        dice=Dice(None if seed is None else _int(seed, "seed"), record=False),
        top_places=_int(body.get("top"), "top", 4),
        bottom_places=_int(body.get("bottom"), "bottom", 1),
    )
    return {
        "simulations": result.simulations,
        "seed": result.seed,
        "places": {"top": result.top_places, "bottom": result.bottom_places},
        "exact_marks": result.exact_marks,
        "teams": [asdict(chances) for chances in result.teams],
    }


def marks_command(data: object) -> dict[str, Any]:
    marks = title_marks(season_request(data))
    return {
        "clinched": sorted(marks.clinched),
        "eliminated": sorted(marks.eliminated),
        "exact": marks.exact,
    }


COMMANDS: dict[str, Callable[[Any], Any]] = {
    "forecast": forecast_command,
    "marks": marks_command,
}
