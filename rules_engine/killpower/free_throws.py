"""Free throws (13.2): how a tournament match still tied after 20 turns gets a winner.

Each team picks two living gladiators (one if it has only one); each shoots once, from a
distance of 2 to 12 cells chosen by his coach; a basket is worth the distance; it goes in on
1D10 <= BAL + the ball malus of that distance (1 always in, 10 always out; no power counts).
The stronger team shoots first and the teams alternate. After the round the higher total
(match score + free-throw points) wins; still tied, the same gladiators shoot another round.

Distances come from the coaches (``distances``: per team, in shooting order across rounds),
and when they run out from the automatic policy:

* the last shot of a round knows exactly what it needs: the nearest distance that wins
  (deficit + 1, at least 2; 12 when out of reach, which may still tie);
* any other shot takes the distance with the most expected points, distance x chance, the
  shorter one on a tie (BAL 4: 6 cells, 1.8 points; BAL 5: 9 cells, 2.7 points).

Readings: at equal powers a coin toss (heads: home) decides who shoots first; the shooters
come from the gladiators who played the match.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.dice import Dice
from rules_engine.errors import InvalidInput
from rules_engine.killpower import tables
from rules_engine.killpower.gladiator import Characteristic, Gladiator
from rules_engine.killpower.sides import Score, Side

DISTANCES = range(tables.FREE_THROW_MIN, tables.FREE_THROW_MAX + 1)


@dataclass(frozen=True, slots=True)
class Shooter:
    name: str
    bal: int  # BAL without powers

    @classmethod
    def of(cls, gladiator: Gladiator) -> Shooter:
        return cls(gladiator.name, gladiator.value(Characteristic.BAL))


@dataclass(frozen=True, slots=True)
class Shot:
    round: int
    side: Side
    shooter: str
    distance: int
    chosen: bool  # by the coach; False: the automatic policy
    target: int  # BAL + malus
    roll: int
    scored: bool

    @property
    def points(self) -> int:
        return self.distance if self.scored else 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "side": self.side.value,
            "shooter": self.shooter,
            "distance": self.distance,
            "chosen": self.chosen,
            "target": self.target,
            "roll": self.roll,
            "scored": self.scored,
            "points": self.points,
        }


@dataclass(frozen=True, slots=True)
class FreeThrows:
    first: Side
    start: Score  # the match score
    shots: tuple[Shot, ...]
    final: Score
    winner: Side
    rolls: list[dict[str, Any]]

    def to_dict(self) -> dict[str, Any]:
        return {
            "first": self.first.value,
            "start": self.start.to_dict(),
            "shots": [shot.to_dict() for shot in self.shots],
            "points": {side.value: self.final.of(side) - self.start.of(side) for side in Side},
            "score": self.final.to_dict(),
            "winner": self.winner.value,
            "rolls": self.rolls,
        }


def ball_malus(distance: int) -> int:
    for low, high, malus in tables.BALL_MALUS:
        if distance >= low and (high is None or distance <= high):
            return malus
    raise InvalidInput("distance", "must be 0 or more")


def success_faces(target: int) -> int:
    """Faces of the 1D10 that succeed: 1 always does, 10 never."""
    return min(9, max(1, target))


def best_distance(bal: int) -> int:
    """The distance with the most expected points; the shorter on a tie."""
    return max(DISTANCES, key=lambda d: (d * success_faces(bal + ball_malus(d)), -d))


def winning_distance(deficit: int) -> int:
    """The nearest distance that wins when ``deficit`` points behind (12 if out of reach)."""
    return min(tables.FREE_THROW_MAX, max(tables.FREE_THROW_MIN, deficit + 1))


def _order(first: Side, shooters: Mapping[Side, Sequence[Shooter]]) -> list[tuple[Side, Shooter]]:
    order: list[tuple[Side, Shooter]] = []
    for i in range(tables.FREE_THROW_SHOOTERS):
        order += [
            (side, shooters[side][i]) for side in (first, first.other) if i < len(shooters[side])
        ]
    return order


def free_throws(
    shooters: Mapping[Side, Sequence[Shooter]],
    *,
    powers: Mapping[Side, int],
    score: Score,
    dice: Dice,
    distances: Mapping[Side, Sequence[int]] | None = None,
) -> FreeThrows:
    """Shoot rounds until the totals differ."""
    for side in Side:
        count = len(shooters[side])
        if not 1 <= count <= tables.FREE_THROW_SHOOTERS:
            raise InvalidInput(side.value, "must list one or two living gladiators")
        for i, distance in enumerate((distances or {}).get(side, ())):
            if distance not in DISTANCES:
                raise InvalidInput(f"distances.{side}.{i}", "must be between 2 and 12")
    start = len(dice.log())
    if powers[Side.HOME] == powers[Side.AWAY]:
        first = Side.HOME if dice.coin("free throws: who shoots first (heads: home)") else Side.AWAY
    else:
        first = Side.HOME if powers[Side.HOME] > powers[Side.AWAY] else Side.AWAY
    order = _order(first, shooters)
    chosen = {side: list((distances or {}).get(side, ())) for side in Side}
    shots: list[Shot] = []
    total, round_number = score, 0
    while round_number == 0 or total.leader() is None:
        round_number += 1
        for index, (side, shooter) in enumerate(order):
            if chosen[side]:
                distance, by_coach = chosen[side].pop(0), True
            elif index == len(order) - 1:  # the round's last shot: its need is known
                distance = winning_distance(total.of(side.other) - total.of(side))
                by_coach = False
            else:
                distance, by_coach = best_distance(shooter.bal), False
            target = shooter.bal + ball_malus(distance)
            roll = dice.d10(f"free throw {side} {shooter.name} from {distance}")
            scored = roll <= success_faces(target)
            shot = Shot(round_number, side, shooter.name, distance, by_coach, target, roll, scored)
            shots.append(shot)
            total = total.plus(side, shot.points)
    winner = total.leader()
    assert winner is not None
    return FreeThrows(first, score, tuple(shots), total, winner, dice.log()[start:])


CHOICE_KEYS = ("home", "away", "distances")
"""What the coaches' free-throw choices hold: each side's shooters, and their distances by
side (``{"home": [...], "away": [...], "distances": {"home": [...], "away": [...]}}``)."""


def sides_chosen(choices: Mapping[str, Any]) -> list[str]:
    """The sides the choices choose for: their shooters or their distances."""
    distances = choices.get("distances") or {}
    return [
        side
        for side in ("home", "away")
        if choices.get(side) is not None or distances.get(side) is not None
    ]


def merge_choices(
    stored: Mapping[str, Any] | None, added: Mapping[str, Any] | None
) -> dict[str, Any] | None:
    """``stored`` with each side ``added`` chooses for replaced: its shooters and distances
    (a coach chooses for his own side once the other has chosen)."""
    merged = {key: value for key, value in (stored or {}).items() if key != "distances"}
    distances = dict((stored or {}).get("distances") or {})
    added = added or {}
    for side in sides_chosen(added):
        merged.pop(side, None)
        distances.pop(side, None)
        if added.get(side) is not None:
            merged[side] = added[side]
        chosen = (added.get("distances") or {}).get(side)
        if chosen is not None:
            distances[side] = chosen
    if distances:
        merged["distances"] = distances
    return merged or None
