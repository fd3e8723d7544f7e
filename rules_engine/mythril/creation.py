"""Team creation: the house rules' checks of a new team, every refusal with its rule code.

"Les coachs disposent de 1 million de pièces d'or" (a league setting, passed as ``budget``),
at least 11 players, at least 1 popularity point, no ally at creation, only positions of the
team's list and champions who play for its race, each champion once, at most 2 big guys, the
home pitch chosen once (10,000, the lawn free).

The cost counts positions and champions at their price, popularity at
:attr:`Prices.popularity_point` a point and the home pitch. Readings where the text is
silent: champions count among the 11 players; a champion that is not in the list's
champions at all is refused as ``champion_wrong_race`` (he plays for no race the list
knows); a champion flagged ``big_guy`` (an ogre star) counts among the 2 big guys; every
player of an unknown position or champion adds nothing to the cost.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rules_engine.errors import InvalidInput
from rules_engine.mythril.reading import Reader
from rules_engine.mythril.roster import (
    LAWN,
    MAX_BIG_GUYS,
    MIN_PLAYERS,
    MIN_POPULARITY,
    Prices,
    TeamList,
)


class TeamRule(StrEnum):
    """The rule codes of team building (and of hiring and line-ups, which share some)."""

    BUDGET_EXCEEDED = "budget_exceeded"
    TOO_FEW_PLAYERS = "too_few_players"
    POPULARITY_TOO_LOW = "popularity_too_low"
    ALLY_AT_CREATION = "ally_at_creation"
    POSITION_NOT_IN_LIST = "position_not_in_list"
    POSITION_MAX = "position_max"
    CHAMPION_WRONG_RACE = "champion_wrong_race"
    CHAMPION_TWICE = "champion_twice"
    TOO_MANY_BIG_GUYS = "too_many_big_guys"


@dataclass(frozen=True, slots=True)
class RuleError:
    """One broken rule: its ``rule`` code and an English ``message`` that names the rule."""

    rule: str
    message: str

    def to_dict(self) -> dict[str, str]:
        return {"rule": self.rule, "message": self.message}


@dataclass(frozen=True, slots=True)
class Pick:
    """One player of a draft: a ``position`` of the list, or a ``champion`` (one is None)."""

    position: str | None = None
    champion: str | None = None

    @classmethod
    def from_dict(cls, data: object, field: str = "player") -> Pick:
        reader = Reader(data, field, allowed=("position", "champion"))
        position, champion = reader.optional_name("position"), reader.optional_name("champion")
        if (position is None) == (champion is None):
            raise InvalidInput(field, "must name either a position or a champion")
        return cls(position, champion)

    def to_dict(self) -> dict[str, str]:
        return {"position": self.position} if self.position else {"champion": str(self.champion)}


@dataclass(frozen=True, slots=True)
class Draft:
    """A team being created: its players, popularity, allies (must be 0) and home pitch."""

    players: tuple[Pick, ...]
    popularity: int
    allies: int = 0
    home_pitch: str = LAWN

    @classmethod
    def from_dict(cls, data: object, field: str = "team") -> Draft:
        reader = Reader(data, field, allowed=("players", "popularity", "allies", "home_pitch"))
        return cls(
            players=tuple(Pick.from_dict(item, path) for path, item in reader.items("players")),
            popularity=reader.number("popularity"),
            allies=reader.number("allies", 0),
            home_pitch=reader.name("home_pitch", LAWN),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": [pick.to_dict() for pick in self.players],
            "popularity": self.popularity,
            "allies": self.allies,
            "home_pitch": self.home_pitch,
        }


@dataclass(frozen=True, slots=True)
class TeamCheck:
    """The verdict on a draft: ``ok`` when no rule is broken, its ``cost`` in gold."""

    ok: bool
    cost: int
    errors: tuple[RuleError, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "cost": self.cost, "errors": [e.to_dict() for e in self.errors]}


def gold(amount: int) -> str:
    return f"{amount:,}"


def draft_cost(team_list: TeamList, draft: Draft, prices: Prices, *, field: str = "team") -> int:
    """Players at their price, popularity points and the home pitch; an unknown pitch is
    refused (:class:`InvalidInput` on ``team.home_pitch``)."""
    pitch = prices.pitch(draft.home_pitch)
    if pitch is None:
        known = ", ".join(p.name for p in prices.pitches)
        raise InvalidInput(f"{field}.home_pitch", f"is not a pitch of the league ({known})")
    cost = draft.popularity * prices.popularity_point + pitch.cost
    for pick in draft.players:
        bought = (
            team_list.position(pick.position)
            if pick.position
            else team_list.champion(str(pick.champion))
        )
        cost += bought.cost if bought else 0
    return cost


def _pick_errors(team_list: TeamList, draft: Draft) -> list[RuleError]:
    errors: list[RuleError] = []
    race = team_list.race
    positions = Counter(pick.position for pick in draft.players if pick.position)
    for name, count in positions.items():
        position = team_list.position(name)
        if position is None:
            errors.append(
                RuleError(
                    TeamRule.POSITION_NOT_IN_LIST,
                    f"Positions of the team's list only: {name!r} is not a position of the "
                    f"{race} list",
                )
            )
        elif count > position.max:
            errors.append(
                RuleError(
                    TeamRule.POSITION_MAX,
                    f"Position maximum: {count} {name} for at most {position.max}",
                )
            )
    champions = Counter(pick.champion for pick in draft.players if pick.champion)
    for name, count in champions.items():
        champion = team_list.champion(name)
        if champion is None or not champion.plays_for(race):
            errors.append(
                RuleError(
                    TeamRule.CHAMPION_WRONG_RACE,
                    f"Champions who play for the team's race only: {name!r} does not play for "
                    f"{race}",
                )
            )
        if count > 1:
            errors.append(
                RuleError(
                    TeamRule.CHAMPION_TWICE,
                    f"Each champion at most once: {name!r} is picked {count} times",
                )
            )
    return errors


def big_guy_count(team_list: TeamList, picks: tuple[Pick, ...]) -> int:
    count = 0
    for pick in picks:
        bought = (
            team_list.position(pick.position)
            if pick.position
            else team_list.champion(str(pick.champion))
        )
        count += bool(bought and bought.big_guy)
    return count


def check_team(team_list: TeamList, draft: Draft, budget: int, prices: Prices) -> TeamCheck:
    """Every team-creation rule the draft breaks, in a fixed order, and its cost."""
    cost = draft_cost(team_list, draft, prices)
    errors: list[RuleError] = []
    if cost > budget:
        errors.append(
            RuleError(
                TeamRule.BUDGET_EXCEEDED,
                f"Creation budget: the team costs {gold(cost)} gold, over the {gold(budget)} "
                "allowed",
            )
        )
    if len(draft.players) < MIN_PLAYERS:
        errors.append(
            RuleError(
                TeamRule.TOO_FEW_PLAYERS,
                f"At least {MIN_PLAYERS} players: the team has {len(draft.players)}",
            )
        )
    if draft.popularity < MIN_POPULARITY:
        errors.append(
            RuleError(
                TeamRule.POPULARITY_TOO_LOW,
                f"Popularity at least {MIN_POPULARITY}: the team has {draft.popularity}",
            )
        )
    if draft.allies:
        errors.append(
            RuleError(
                TeamRule.ALLY_AT_CREATION,
                f"No ally at creation: the team has {draft.allies}",
            )
        )
    errors.extend(_pick_errors(team_list, draft))
    big_guys = big_guy_count(team_list, draft.players)
    if big_guys > MAX_BIG_GUYS:
        errors.append(
            RuleError(
                TeamRule.TOO_MANY_BIG_GUYS,
                f"At most {MAX_BIG_GUYS} big guys: the team has {big_guys}",
            )
        )
    return TeamCheck(not errors, cost, tuple(errors))
