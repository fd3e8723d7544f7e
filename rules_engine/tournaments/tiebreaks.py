"""A tournament's standings ranked by tie-breakers the organiser puts in order.

Each metric is a number per player computed from the games played; players are ordered by
the first metric, ties by the next, and so on (Tabbycat ranks teams the same way). The
metrics, as ``docs/tournaments.md`` reads them:

* ``points``: standings points, by the league's points table (a bye scores as the league sets);
* ``wins``: games won (a bye is no win);
* ``buchholz``: the sum of the opponents' points; ``buchholz_cut1`` without the lowest of them;
  ``buchholz_median`` without the highest and the lowest. A bye has no opponent and adds
  nothing;
* ``sonneborn_berger``: the sum of the opponents' points, each weighted by the share of that
  game the player took (1 a win, 1/2 a draw, 0 a loss);
* ``head_to_head``: among the players still tied when it applies, the points each took in the
  games between them;
* any metric a game declares (``score_difference``, ``touchdowns``...): the sum of the values
  its games recorded for the player.

Players still tied after every metric share the place, listed in entry order.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from rules_engine.errors import InvalidInput
from rules_engine.systems import PointsTable

BUILT_IN = (
    "points",
    "wins",
    "buchholz",
    "buchholz_cut1",
    "buchholz_median",
    "sonneborn_berger",
    "head_to_head",
)


@dataclass(frozen=True, slots=True)
class Game:
    """One game played: ``home_share`` is what the home side took (1, 1/2 or 0); ``metrics``
    holds the game's own figures for each side (``{"home": {...}, "away": {...}}``)."""

    home: str
    away: str
    home_share: Fraction
    metrics: Mapping[str, Mapping[str, float]] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Standing:
    player: str
    place: int
    values: Mapping[str, float]


def _points(share: Fraction, table: PointsTable) -> int:
    return table.win if share == 1 else table.loss if share == 0 else table.draw


def rank(
    players: Sequence[str],
    games: Sequence[Game],
    order: Sequence[str],
    *,
    table: PointsTable,
    byes: Mapping[str, int] | None = None,
    bye_points: int | None = None,
) -> list[Standing]:
    """``players`` (in entry order) ranked by ``order``. A bye scores ``bye_points`` (a win's
    points when left out)."""
    known = set(players)
    for index, game in enumerate(games):
        for side in (game.home, game.away):
            if side not in known:
                raise InvalidInput(f"games.{index}", f"names {side!r}, who is not a player")
    if not order:
        raise InvalidInput("order", "must name at least one metric")
    byes = byes or {}
    per_bye = table.win if bye_points is None else bye_points

    points: dict[str, float] = {p: byes.get(p, 0) * per_bye for p in players}
    wins: dict[str, float] = defaultdict(float)
    faced: dict[str, list[tuple[str, Fraction]]] = defaultdict(list)
    own: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for game in games:
        for me, other, share, side in (
            (game.home, game.away, game.home_share, "home"),
            (game.away, game.home, 1 - game.home_share, "away"),
        ):
            points[me] += _points(share, table)
            wins[me] += 1.0 if share == 1 else 0.0
            faced[me].append((other, share))
            for name, value in game.metrics.get(side, {}).items():
                own[name][me] += value

    def opponents_points(player: str) -> list[float]:
        return sorted(points[other] for other, _ in faced[player])

    def computed(metric: str, player: str) -> float:
        if metric == "points":
            return points[player]
        if metric == "wins":
            return wins[player]
        if metric == "buchholz":
            return sum(opponents_points(player))
        if metric == "buchholz_cut1":
            return sum(opponents_points(player)[1:])
        if metric == "buchholz_median":
            return sum(opponents_points(player)[1:-1])
        if metric == "sonneborn_berger":
            return sum(float(share) * points[other] for other, share in faced[player])
        return own[metric][player]

    entry = {p: index for index, p in enumerate(players)}
    values: dict[str, dict[str, float]] = {
        p: {m: computed(m, p) for m in order if m != "head_to_head"} for p in players
    }

    def order_group(group: list[str], metrics: Sequence[str]) -> list[list[str]]:
        """``group`` split into tied runs, best first, by ``metrics`` in order."""
        if not metrics or len(group) == 1:
            return [sorted(group, key=entry.__getitem__)]
        metric, rest = metrics[0], metrics[1:]
        if metric == "head_to_head":
            inside = set(group)
            score = {p: 0.0 for p in group}
            for game in games:
                if game.home in inside and game.away in inside:
                    score[game.home] += _points(game.home_share, table)
                    score[game.away] += _points(1 - game.home_share, table)
            for p in group:
                values[p][metric] = score[p]
        else:
            score = {p: values[p][metric] for p in group}
        runs: list[list[str]] = []
        for value in sorted(set(score.values()), reverse=True):
            runs.extend(order_group([p for p in group if score[p] == value], rest))
        return runs

    standings: list[Standing] = []
    for run in order_group(list(players), list(order)):
        place = len(standings) + 1
        standings.extend(Standing(p, place, values[p]) for p in run)
    return standings
