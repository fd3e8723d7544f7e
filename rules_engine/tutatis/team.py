"""Team building: the limits of "LES ROLES DANS L'EQUIPE", "Mercenaires" and "DEVENIR
SELECTIONNEUR", checked together so a coach sees every broken rule at once.

Readings (RULES_NOTES section 5; where the text is silent, the project's choice):

* Seven on the pitch, exactly: a team that fields fewer cannot play, one that fields more
  breaks "sept contre sept". Up to five substitutes.
* The mercenary "does not count among the players on the pitch or in reserve": he is left out
  of the seven and the five, whether he plays or sits; at most one per team.
* Goalkeepers, heroes and the special character are players: they count in the seven or the
  five. At most two goalkeepers, one of them on the pitch; any number of heroes, one on the
  pitch; one special character.
* The cost is the sum of every player's price, mercenary included, against the budget
  (600 Irr unless the league raises it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rules_engine.errors import InvalidInput
from rules_engine.tutatis.reading import as_bool, as_int, as_list, as_name, as_object, path

PITCH_PLAYERS = 7
MAX_SUBSTITUTES = 5
MAX_GOALKEEPERS = 2
MAX_GOALKEEPERS_ON_PITCH = 1
MAX_HEROES_ON_PITCH = 1
MAX_MERCENARIES = 1
MAX_SPECIALS = 1
DEFAULT_BUDGET = 600


class Role(StrEnum):
    PLAYER = "player"
    GOALKEEPER = "goalkeeper"
    HERO = "hero"
    MERCENARY = "mercenary"
    SPECIAL = "special"


class TeamRule(StrEnum):
    """The codes a refused team names (the command line's ``rule``)."""

    BUDGET_EXCEEDED = "budget_exceeded"
    WRONG_PITCH_COUNT = "wrong_pitch_count"
    TOO_MANY_SUBSTITUTES = "too_many_substitutes"
    TOO_MANY_GOALKEEPERS = "too_many_goalkeepers"
    GOALKEEPER_ON_PITCH = "goalkeeper_on_pitch"
    TOO_MANY_HEROES_ON_PITCH = "too_many_heroes_on_pitch"
    TOO_MANY_MERCENARIES = "too_many_mercenaries"
    TOO_MANY_SPECIALS = "too_many_specials"


@dataclass(frozen=True, slots=True)
class TeamPlayer:
    name: str
    role: Role
    cost: int
    on_pitch: bool


@dataclass(frozen=True, slots=True)
class TeamError:
    rule: TeamRule
    message: str
    count: int  # what the team has (Irr for the budget)
    limit: int  # what the rule allows

    def to_dict(self) -> dict[str, str]:
        return {"rule": self.rule.value, "message": self.message}


@dataclass(frozen=True, slots=True)
class TeamCheck:
    cost: int
    errors: tuple[TeamError, ...]

    @property
    def ok(self) -> bool:
        return not self.errors

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "cost": self.cost, "errors": [e.to_dict() for e in self.errors]}


def parse_player(data: object, where: str) -> TeamPlayer:
    item = as_object(data, where, keys=("name", "role", "cost", "on_pitch"))
    role_text = item["role"]
    if role_text not in {role.value for role in Role}:
        known = ", ".join(role.value for role in Role)
        raise InvalidInput(path(where, "role"), f"must be one of {known}")
    return TeamPlayer(
        name=as_name(item["name"], path(where, "name")),
        role=Role(role_text),
        cost=as_int(item["cost"], path(where, "cost")),
        on_pitch=as_bool(item["on_pitch"], path(where, "on_pitch")),
    )


def parse_players(data: object, where: str) -> list[TeamPlayer]:
    return [parse_player(item, path(where, n)) for n, item in enumerate(as_list(data, where))]


def _limit(errors: list[TeamError], rule: TeamRule, count: int, limit: int, message: str) -> None:
    if count > limit:
        errors.append(TeamError(rule, message.format(count=count, limit=limit), count, limit))


def check_team(
    players: list[TeamPlayer], *, budget: int = DEFAULT_BUDGET, building: bool = False
) -> TeamCheck:
    """Every team-building rule the players break, in the order of :class:`TeamRule`.
    ``building``: a team being built, player by player, may field fewer than seven for now."""
    cost = sum(player.cost for player in players)
    squad = [player for player in players if player.role is not Role.MERCENARY]
    on_pitch = [player for player in squad if player.on_pitch]

    def count(role: Role, *, pitch_only: bool = False) -> int:
        pool = on_pitch if pitch_only else players
        return sum(1 for player in pool if player.role is role)

    errors: list[TeamError] = []
    _limit(
        errors,
        TeamRule.BUDGET_EXCEEDED,
        cost,
        budget,
        "The team costs {count} Irr, over the budget of {limit} Irr.",
    )
    if len(on_pitch) > PITCH_PLAYERS or (len(on_pitch) < PITCH_PLAYERS and not building):
        message = (
            f"{len(on_pitch)} players are on the pitch: a team fields exactly "
            f"{PITCH_PLAYERS} (the mercenary aside)."
        )
        errors.append(TeamError(TeamRule.WRONG_PITCH_COUNT, message, len(on_pitch), PITCH_PLAYERS))
    _limit(
        errors,
        TeamRule.TOO_MANY_SUBSTITUTES,
        len(squad) - len(on_pitch),
        MAX_SUBSTITUTES,
        "{count} substitutes: a team has at most {limit} (the mercenary aside).",
    )
    _limit(
        errors,
        TeamRule.TOO_MANY_GOALKEEPERS,
        count(Role.GOALKEEPER),
        MAX_GOALKEEPERS,
        "{count} goalkeepers: a team has at most {limit}.",
    )
    _limit(
        errors,
        TeamRule.GOALKEEPER_ON_PITCH,
        count(Role.GOALKEEPER, pitch_only=True),
        MAX_GOALKEEPERS_ON_PITCH,
        "{count} goalkeepers on the pitch: only {limit} at a time, the other waits on the bench.",
    )
    _limit(
        errors,
        TeamRule.TOO_MANY_HEROES_ON_PITCH,
        count(Role.HERO, pitch_only=True),
        MAX_HEROES_ON_PITCH,
        "{count} heroes on the pitch: only {limit} may play, the others wait in reserve.",
    )
    _limit(
        errors,
        TeamRule.TOO_MANY_MERCENARIES,
        count(Role.MERCENARY),
        MAX_MERCENARIES,
        "{count} mercenaries: a team hires at most {limit}.",
    )
    _limit(
        errors,
        TeamRule.TOO_MANY_SPECIALS,
        count(Role.SPECIAL),
        MAX_SPECIALS,
        "{count} special characters: a team selects at most {limit} from its list.",
    )
    return TeamCheck(cost=cost, errors=tuple(errors))


def check_team_json(team: Mapping[str, Any], budget: object, where: str = "") -> TeamCheck:
    """:func:`check_team` on the command line's shape ``{"players": [...]}``."""
    data = as_object(team, path(where, "team"), keys=("players",))
    players = parse_players(data["players"], path(where, "team.players"))
    return check_team(players, budget=as_int(budget, path(where, "budget"), low=1))
