"""An entered match result: the score, each team's roster and per-player statistics.

Per player: touchdowns, completions, casualties, interceptions and an injury (from the
rulebook's tables, rolled at the table): ``badly_hurt`` (no lasting effect), ``serious``
(misses the next match), ``niggling`` (misses the next match, gains a niggling injury),
``ma_loss`` / ``st_loss`` / ``ag_loss`` / ``av_loss`` (misses the next match, -1 to that
characteristic, never below 1) or ``dead``. A forfeit names the side that gave up, the
unfinished halves and whether any turn was played; the winner names the players who get the
penalty touchdowns' experience (``penalty_touchdowns``, needed by the post-match sequence).

The players' touchdowns of a side add up to its score (a penalty touchdown for too few
players on the pitch is given to a player at the table, so it is in his count).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from rules_engine.errors import InvalidInput
from rules_engine.mythril.hiring import Apothecary
from rules_engine.mythril.players import Player, player_id
from rules_engine.mythril.reading import Reader
from rules_engine.mythril.results import HALVES, Pair, Side


class Injury(StrEnum):
    BADLY_HURT = "badly_hurt"
    SERIOUS = "serious"
    NIGGLING = "niggling"
    MA_LOSS = "ma_loss"
    ST_LOSS = "st_loss"
    AG_LOSS = "ag_loss"
    AV_LOSS = "av_loss"
    DEAD = "dead"

    @property
    def lasting(self) -> bool:
        """A serious injury: the apothecary's end-of-match attempt may heal it."""
        return self not in (Injury.BADLY_HURT, Injury.DEAD)


COUNTS = ("touchdowns", "completions", "casualties", "interceptions")


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """What one player did and suffered in the match (``player`` is his id)."""

    player: str
    played: bool = True
    touchdowns: int = 0
    completions: int = 0
    casualties: int = 0
    interceptions: int = 0
    injury: Injury | None = None

    @classmethod
    def from_dict(cls, data: object, field: str) -> PlayerStats:
        reader = Reader(data, field, allowed=("player", "played", *COUNTS, "injury"))
        injury = reader.optional_name("injury")
        if injury is not None and injury not in tuple(Injury):
            known = ", ".join(Injury)
            raise InvalidInput(reader.field("injury"), f"must be one of {known}")
        return cls(
            player=player_id(reader.raw("player"), reader.field("player")),
            played=reader.flag("played", True),
            injury=Injury(injury) if injury else None,
            **{key: reader.number(key, 0) for key in COUNTS},
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "player": self.player,
            "played": self.played,
            **{key: getattr(self, key) for key in COUNTS},
            "injury": self.injury.value if self.injury else None,
        }


@dataclass(frozen=True, slots=True)
class SideReport:
    """One team's side of a result: its roster before the match, its players' statistics,
    its popularity, its apothecary and whether it acted during the match (and on whom it
    tries at the end if not), and the players the winner of a forfeit gives the penalty
    touchdowns' experience to."""

    players: tuple[Player, ...]
    stats: tuple[PlayerStats, ...]
    popularity: int
    apothecary: Apothecary = Apothecary.NONE
    apothecary_used: bool = False
    apothecary_target: str | None = None
    penalty_touchdowns: tuple[str, ...] = ()

    KEYS = (
        "players",
        "stats",
        "popularity",
        "apothecary",
        "apothecary_used",
        "apothecary_target",
        "penalty_touchdowns",
    )

    @classmethod
    def from_dict(cls, data: object, field: str) -> SideReport:
        reader = Reader(data, field, allowed=cls.KEYS)
        players = tuple(Player.from_dict(item, path) for path, item in reader.items("players"))
        ids = [player.id for player in players]
        for index, pid in enumerate(ids):
            if pid in ids[:index]:
                raise InvalidInput(f"{reader.field('players')}.{index}.id", f"{pid!r} is twice")
        stats = tuple(PlayerStats.from_dict(item, path) for path, item in reader.items("stats", []))
        seen: set[str] = set()
        for index, line in enumerate(stats):
            where = f"{reader.field('stats')}.{index}.player"
            if line.player not in ids:
                raise InvalidInput(where, f"{line.player!r} is not a player of this team")
            if line.player in seen:
                raise InvalidInput(where, f"{line.player!r} has two lines")
            seen.add(line.player)
        kind = reader.name("apothecary", Apothecary.NONE.value)
        if kind not in tuple(Apothecary):
            raise InvalidInput(reader.field("apothecary"), "must be none, beginner or real")
        target = reader.raw("apothecary_target", None)
        penalty = tuple(
            player_id(item, path) for path, item in reader.items("penalty_touchdowns", [])
        )
        return cls(
            players=players,
            stats=stats,
            popularity=reader.number("popularity"),
            apothecary=Apothecary(kind),
            apothecary_used=reader.flag("apothecary_used", False),
            apothecary_target=(
                None if target is None else player_id(target, reader.field("apothecary_target"))
            ),
            penalty_touchdowns=penalty,
        )

    def player(self, pid: str) -> Player | None:
        return next((player for player in self.players if player.id == pid), None)

    def line(self, pid: str) -> PlayerStats | None:
        return next((line for line in self.stats if line.player == pid), None)

    def touchdowns(self) -> int:
        return sum(line.touchdowns for line in self.stats)

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": [player.to_dict() for player in self.players],
            "stats": [line.to_dict() for line in self.stats],
            "popularity": self.popularity,
            "apothecary": self.apothecary.value,
            "apothecary_used": self.apothecary_used,
            "apothecary_target": self.apothecary_target,
            "penalty_touchdowns": list(self.penalty_touchdowns),
        }


@dataclass(frozen=True, slots=True)
class MatchReport:
    """A result as entered: the score on the pitch, both sides, and any forfeit."""

    home: SideReport
    away: SideReport
    score: Pair
    forfeit: Side | None = None
    unfinished_halves: int = 0
    turns_played: bool = True

    KEYS = ("home", "away", "score", "forfeit", "unfinished_halves", "turns_played")

    @classmethod
    def from_dict(cls, data: object, field: str = "result") -> MatchReport:
        reader = Reader(data, field, allowed=cls.KEYS)
        score = Pair.from_dict(reader.raw("score"), reader.field("score"))
        sides = {side: SideReport.from_dict(reader.raw(side), reader.field(side)) for side in Side}
        for side, report in sides.items():
            if report.stats and report.touchdowns() != score.of(side):
                raise InvalidInput(
                    f"{reader.field(side)}.stats",
                    f"the players' touchdowns ({report.touchdowns()}) must add up to the "
                    f"score ({score.of(side)})",
                )
        forfeit = reader.optional_name("forfeit")
        if forfeit is not None and forfeit not in tuple(Side):
            raise InvalidInput(reader.field("forfeit"), "must be home, away or null")
        halves = reader.number("unfinished_halves", 0)
        if halves > HALVES:
            raise InvalidInput(reader.field("unfinished_halves"), f"must be {HALVES} or less")
        if forfeit is None and (halves or not reader.flag("turns_played", True)):
            raise InvalidInput(
                reader.field("forfeit"), "an unfinished match needs the side that gave up"
            )
        return cls(
            home=sides[Side.HOME],
            away=sides[Side.AWAY],
            score=score,
            forfeit=Side(forfeit) if forfeit else None,
            unfinished_halves=halves,
            turns_played=reader.flag("turns_played", True),
        )

    def side(self, side: Side) -> SideReport:
        return self.home if side is Side.HOME else self.away

    def to_dict(self) -> dict[str, Any]:
        return {
            "home": self.home.to_dict(),
            "away": self.away.to_dict(),
            "score": self.score.to_dict(),
            "forfeit": self.forfeit.value if self.forfeit else None,
            "unfinished_halves": self.unfinished_halves,
            "turns_played": self.turns_played,
        }
