"""A team as a match reads it: its name, its tactic and its three ratings.

:func:`rated_team` validates a JSON team sheet and rates it in one pass. A well-formed sheet
(plain dicts and lists, integer characteristics, the usual case by far) is checked and rated
directly, without building the seven player objects of a :class:`TeamSheet`; anything else
goes through :func:`~rules_engine.rotzball.sheet.parse_sheet`, which accepts the same sheets
and names the first error. Both ways give the same :class:`RatedTeam`.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rules_engine.rotzball.ratings import Ratings
from rules_engine.rotzball.sheet import (
    ATTACKERS,
    DEFENDERS,
    MAX_CHARACTERISTIC,
    MIN_CHARACTERISTIC,
    Tactic,
    TeamSheet,
    parse_sheet,
)

_TACTICS = {tactic.value: tactic for tactic in Tactic}
_VALID = frozenset(range(MIN_CHARACTERISTIC, MAX_CHARACTERISTIC + 1))
"""The characteristics a sheet may give, once its value is known to be an int (``True`` is
``1`` to a set): a set lookup instead of two comparisons."""


class RatedTeam(NamedTuple):
    """A team's name, tactic and :class:`Ratings` scores (a named tuple: it is built for
    every side of every simulated match)."""

    name: str
    tactic: Tactic
    attack: int
    defense: int
    coach: int

    @classmethod
    def of(cls, team: TeamSheet | RatedTeam) -> RatedTeam:
        if isinstance(team, RatedTeam):
            return team
        ratings = Ratings.of(team)
        return cls(team.name, team.tactic, ratings.attack, ratings.defense, ratings.coach)

    @property
    def ratings(self) -> Ratings:
        return Ratings(self.attack, self.defense, self.coach)


def rated_team(data: object, field: str = "home") -> RatedTeam:
    """The :class:`RatedTeam` of a JSON team sheet; an invalid sheet raises
    :class:`~rules_engine.errors.InvalidInput` exactly as :func:`parse_sheet` does."""
    return quick_rated_team(data) or RatedTeam.of(parse_sheet(data, field))


def quick_rated_team(data: object) -> RatedTeam | None:
    """The :class:`RatedTeam` of a well-formed plain-JSON sheet, or ``None`` when the sheet
    is invalid or of another shape (a mapping that is not a dict, a str subclass as a name,
    ...): the caller then falls back to :func:`parse_sheet`. Never accepts a sheet that
    :func:`parse_sheet` refuses: the checks are the same, written out inline (the name:
    a string that is not blank; each characteristic: an int, not a bool, from 1 to 100)."""
    if type(data) is not dict:
        return None
    try:
        return _rated_dict(data)
    except KeyError:  # a key the sheet lacks: a subscript is cheaper than ``get`` and a test
        return None


def _rated_dict(data: dict[str, Any]) -> RatedTeam | None:
    """:func:`quick_rated_team` of a dict; a missing key raises :class:`KeyError`."""
    name = data["name"]
    if type(name) is not str or not name or name.isspace():
        return None
    tactic_value = data.get("tactic")
    if tactic_value is None:
        tactic = Tactic.BALANCED
    elif type(tactic_value) is str and tactic_value in _TACTICS:
        tactic = _TACTICS[tactic_value]
    else:
        return None
    attackers, defenders = data["attackers"], data["defenders"]
    if type(attackers) is not list or len(attackers) != ATTACKERS:
        return None
    if type(defenders) is not list or len(defenders) != DEFENDERS:
        return None
    valid = _VALID
    scores = []
    for player in (data["passer"], *attackers):
        if type(player) is not dict:
            return None
        player_name = player["name"]
        if type(player_name) is not str or not player_name or player_name.isspace():
            return None
        e, ag, f = player["E"], player["Ag"], player["F"]
        if not (
            type(e) is int
            and type(ag) is int
            and type(f) is int
            and e in valid
            and ag in valid
            and f in valid
        ):
            return None
        scores.append((e + ag + f) // 3)
    defense = 0
    for player in defenders:
        if type(player) is not dict:
            return None
        player_name = player["name"]
        if type(player_name) is not str or not player_name or player_name.isspace():
            return None
        e, ag = player["E"], player["Ag"]
        if not (type(e) is int and type(ag) is int and e in valid and ag in valid):
            return None
        defense += (e + ag) // 2
    coach = data["coach"]
    if type(coach) is not dict:
        return None
    coach_name = coach["name"]
    if type(coach_name) is not str or not coach_name or coach_name.isspace():
        return None
    ag, intelligence = coach["Ag"], coach["Int"]
    if not (
        type(ag) is int and type(intelligence) is int and ag in valid and intelligence in valid
    ):
        return None
    passer, a1, a2 = scores
    return RatedTeam(
        name, tactic, (a1 + a2 + 2 * passer) // 4, defense // 3, (ag + intelligence) // 2
    )
