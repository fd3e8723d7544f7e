"""Command-line commands of the Mythril league (JSON in, JSON out; shapes of issue 11).

* ``check-team``: ``{team_list: {race, positions: [{name, cost, max, big_guy}], champions:
  [{name, cost, races}]}, team: {players: [{position} | {champion}], popularity, allies,
  home_pitch}, budget, prices?}`` -> ``{ok, cost, errors: [{rule, message}]}``
* ``level``: ``{spp, big_guy, experience?}`` -> ``{level}``
* ``forfeit``: ``{score: {home, away}, forfeit: "home"|"away", unfinished_halves,
  turns_played}`` -> ``{points, score, popularity_malus, bets_cancelled}``
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules_engine.errors import InvalidInput
from rules_engine.mythril.creation import Draft, check_team
from rules_engine.mythril.experience import ExperienceTable, level_for
from rules_engine.mythril.reading import Reader
from rules_engine.mythril.results import Pair, Side, forfeit_outcome
from rules_engine.mythril.roster import Prices, TeamList


def check_team_command(data: object) -> dict[str, Any]:
    reader = Reader(data, allowed=("team_list", "team", "budget", "prices"))
    team_list = TeamList.from_dict(reader.raw("team_list"), "team_list")
    draft = Draft.from_dict(reader.raw("team"), "team")
    budget = reader.number("budget")
    prices = Prices.from_dict(reader.raw("prices", {}), "prices")
    return check_team(team_list, draft, budget, prices).to_dict()


def level_command(data: object) -> dict[str, Any]:
    reader = Reader(data, allowed=("spp", "big_guy", "experience"))
    table = ExperienceTable.from_dict(reader.raw("experience", {}), "experience")
    return {"level": level_for(reader.number("spp"), reader.flag("big_guy"), table)}


def forfeit_command(data: object) -> dict[str, Any]:
    reader = Reader(data, allowed=("score", "forfeit", "unfinished_halves", "turns_played"))
    score = Pair.from_dict(reader.raw("score"), "score")
    forfeit = reader.name("forfeit")
    if forfeit not in tuple(Side):
        raise InvalidInput("forfeit", "must be home or away")
    return forfeit_outcome(
        score,
        Side(forfeit),
        reader.number("unfinished_halves"),
        reader.flag("turns_played"),
    ).to_dict()


COMMANDS: dict[str, Callable[[Any], Any]] = {
    "check-team": check_team_command,
    "level": level_command,
    "forfeit": forfeit_command,
}
