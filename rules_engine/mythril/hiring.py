"""After creation: hiring players and allies, line-ups, the apothecaries.

Allies ("Les alliés"): after its creation a team may hire players of the races its list names
as allies, at most the ally limit of each position (the list's "Allié" column: an orc team has
up to 4 blitzers of its own, a goblin team 1 as allies); recruiting one costs at once 1
popularity point, or 10,000 gold when popularity is down to 1. Any number of allies on the
roster, at most 5 on the pitch at once. Big guys: at most 2 per team. Champions: each at most
once.

The beginner apothecary ("L'apothicaire débutant"): free, not on the match sheet, heals any
injured or dead player on 3+, must act at once, and leaves as soon as a real apothecary is
bought or the team rating reaches 150. An apothecary that did nothing during the match may
try to heal one seriously injured player at its end (see :mod:`.post_match`).

Readings: a popularity of 0 also pays the ally in gold (it cannot pay a point); the ally
limit counts the allies of that position and race already on the roster; a team whose list
allows no apothecary has no beginner apothecary either; the line-up check also refuses more
than 11 players on the pitch.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rules_engine.dice import Dice, Purpose
from rules_engine.mythril.creation import Pick, RuleError, TeamRule, gold
from rules_engine.mythril.players import Player
from rules_engine.mythril.roster import (
    MAX_ALLIES_ON_PITCH,
    MAX_BIG_GUYS,
    MAX_ON_PITCH,
    Champion,
    Position,
    Prices,
    TeamList,
)

BEGINNER_APOTHECARY_LEAVES_AT = 150
RATING_UNIT = 10_000
"""The gold a point of team rating stands for."""
BEGINNER_APOTHECARY_HEALS_ON = 3


class RosterRule(StrEnum):
    """Rule codes of hiring and line-ups, beside the :class:`TeamRule` codes they share."""

    ALLY_NOT_ALLOWED = "ally_not_allowed"
    ALLY_LIMIT = "ally_limit"
    TREASURY_EXCEEDED = "treasury_exceeded"
    TOO_MANY_ALLIES_ON_PITCH = "too_many_allies_on_pitch"
    TOO_MANY_ON_PITCH = "too_many_on_pitch"


@dataclass(frozen=True, slots=True)
class AllyCost:
    """What recruiting one ally costs besides his price: popularity points or gold."""

    popularity: int
    gold: int

    def to_dict(self) -> dict[str, int]:
        return {"popularity": self.popularity, "gold": self.gold}


def ally_cost(popularity: int, prices: Prices | None = None) -> AllyCost:
    """1 popularity point, or 10,000 gold when popularity is down to 1.

    >>> ally_cost(3), ally_cost(1)
    (AllyCost(popularity=1, gold=0), AllyCost(popularity=0, gold=10000))
    """
    prices = prices or Prices()
    if popularity > 1:
        return AllyCost(prices.ally_popularity, 0)
    return AllyCost(0, prices.ally_gold)


@dataclass(frozen=True, slots=True)
class HireCheck:
    """The verdict on a hire: ``ok``, the ``gold`` to pay (price and any ally gold) and the
    ``popularity`` points it costs, the broken rules."""

    ok: bool
    gold: int
    popularity: int
    ally: bool
    errors: tuple[RuleError, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "gold": self.gold,
            "popularity": self.popularity,
            "ally": self.ally,
            "errors": [error.to_dict() for error in self.errors],
        }


def _champion_errors(team_list: TeamList, roster: Sequence[Player], name: str) -> list[RuleError]:
    champion = team_list.champion(name)
    errors = []
    if champion is None or not champion.plays_for(team_list.race):
        errors.append(
            RuleError(
                TeamRule.CHAMPION_WRONG_RACE,
                f"Champions who play for the team's race only: {name!r} does not play for "
                f"{team_list.race}",
            )
        )
    if any(player.champion and player.position == name for player in roster):
        errors.append(
            RuleError(
                TeamRule.CHAMPION_TWICE, f"Each champion at most once: {name!r} is already hired"
            )
        )
    return errors


def _position_errors(
    team_list: TeamList, roster: Sequence[Player], name: str, source: TeamList
) -> list[RuleError]:
    position = source.position(name)
    if position is None:
        return [
            RuleError(
                TeamRule.POSITION_NOT_IN_LIST,
                f"Positions of the team's list only: {name!r} is not a position of the "
                f"{source.race} list",
            )
        ]
    same = sum(
        1 for p in roster if p.position == name and p.race.casefold() == source.race.casefold()
    )
    if source is team_list:
        if same + 1 > position.max:
            return [
                RuleError(
                    TeamRule.POSITION_MAX,
                    f"Position maximum: {same + 1} {name} for at most {position.max}",
                )
            ]
        return []
    if not team_list.takes_allies_from(source.race):
        return [
            RuleError(
                RosterRule.ALLY_NOT_ALLOWED,
                f"Allies from the races of the team's list only: {team_list.race} takes no "
                f"{source.race} allies",
            )
        ]
    if same + 1 > position.ally_limit:
        return [
            RuleError(
                RosterRule.ALLY_LIMIT,
                f"Ally limit: {same + 1} {source.race} {name} for at most {position.ally_limit}",
            )
        ]
    return []


def check_hire(
    team_list: TeamList,
    roster: Sequence[Player],
    hire: Pick,
    *,
    treasury: int,
    popularity: int,
    prices: Prices | None = None,
    source: TeamList | None = None,
) -> HireCheck:
    """May a team of ``team_list`` with ``roster`` hire ``hire`` now?

    ``source`` is the list an ally comes from (None or the team's own list: not an ally).
    A big guy is refused past 2 on the roster; the gold is the price plus, for an ally, the
    ally gold when popularity is down to 1, and must be in the ``treasury``.
    """
    prices = prices or Prices()
    own = source is None or source is team_list or source.race == team_list.race
    source = team_list if own or source is None else source
    errors: list[RuleError] = []
    bought: Position | Champion | None
    if hire.champion is not None:
        errors += _champion_errors(team_list, roster, hire.champion)
        bought = team_list.champion(hire.champion)
    else:
        errors += _position_errors(team_list, roster, str(hire.position), source)
        bought = source.position(str(hire.position))
    price = bought.cost if bought else 0
    extra = ally_cost(popularity, prices) if not own and hire.position else AllyCost(0, 0)
    if bought is not None and bought.big_guy:
        big_guys = sum(1 for player in roster if player.big_guy) + 1
        if big_guys > MAX_BIG_GUYS:
            errors.append(
                RuleError(
                    TeamRule.TOO_MANY_BIG_GUYS,
                    f"At most {MAX_BIG_GUYS} big guys: the team would have {big_guys}",
                )
            )
    total = price + extra.gold
    if total > treasury:
        errors.append(
            RuleError(
                RosterRule.TREASURY_EXCEEDED,
                f"Treasury: the hire costs {gold(total)} gold, the treasury holds {gold(treasury)}",
            )
        )
    return HireCheck(not errors, total, extra.popularity, not own, tuple(errors))


def check_lineup(players: Sequence[Player]) -> tuple[RuleError, ...]:
    """The rules a line-up (the players set on the pitch) breaks: at most 11 players, 5
    allies, 2 big guys, each champion once."""
    limits = (
        (RosterRule.TOO_MANY_ON_PITCH, "players on the pitch", MAX_ON_PITCH, len(players)),
        (
            RosterRule.TOO_MANY_ALLIES_ON_PITCH,
            "allies on the pitch at once",
            MAX_ALLIES_ON_PITCH,
            sum(1 for player in players if player.ally),
        ),
        (
            TeamRule.TOO_MANY_BIG_GUYS,
            "big guys",
            MAX_BIG_GUYS,
            sum(1 for player in players if player.big_guy),
        ),
    )
    errors = [
        RuleError(rule, f"At most {limit} {what}: the line-up has {count}")
        for rule, what, limit, count in limits
        if count > limit
    ]
    champions = [player.position for player in players if player.champion]
    errors += [
        RuleError(
            TeamRule.CHAMPION_TWICE, f"Each champion at most once: {name!r} is lined up twice"
        )
        for name in sorted({name for name in champions if champions.count(name) > 1})
    ]
    return tuple(errors)


class Apothecary(StrEnum):
    NONE = "none"
    BEGINNER = "beginner"
    REAL = "real"


def team_rating(costs: Iterable[int]) -> int:
    """A team's rating: its players' value (``costs``) in points of :data:`RATING_UNIT`,
    rounded down.

    >>> team_rating([50_000, 95_000, 4_999])
    14
    """
    return sum(costs) // RATING_UNIT


def apothecary_for(team_list: TeamList, *, real_bought: bool, rating: int) -> Apothecary:
    """The team's apothecary: a real one once bought; else the free beginner until the
    team rating reaches 150; none when the list allows no apothecary."""
    if not team_list.apothecary:
        return Apothecary.NONE
    if real_bought:
        return Apothecary.REAL
    return Apothecary.BEGINNER if rating < BEGINNER_APOTHECARY_LEAVES_AT else Apothecary.NONE


def beginner_apothecary_roll(dice: Dice, player_id: str) -> bool:
    """The beginner apothecary's D6 on an injured or dead player: heals on 3+ (recorded)."""
    roll = dice.d6(Purpose.of("apothecary", player=player_id))
    return roll >= BEGINNER_APOTHECARY_HEALS_ON
