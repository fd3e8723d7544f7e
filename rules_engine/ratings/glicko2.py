"""Glicko-2, as in Glickman's "Example of the Glicko-2 system" (steps 1 to 8).

One call to :func:`rate` is one rating period for one player: all the player's games of the
period are rated together, against the opponents' ratings as they were before the period. A
player without games keeps their rating and volatility, and their deviation grows to
``sqrt(phi^2 + sigma^2)`` on the Glicko-2 scale. :func:`rate_period` does this for every player
of a period at once (a league's round).

Ratings are given and returned on the Glicko scale (1500 / 350); the computation runs on the
Glicko-2 scale (``mu = (r - 1500) / SCALE``, ``phi = RD / SCALE``), ``SCALE`` being
``400 / ln 10`` (the paper's 173.7178). Nothing is rounded.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass

SCALE = 400 / math.log(10)
"""Glicko to Glicko-2 scale: 173.7178 in the paper."""
BASE_RATING = 1500.0
DEFAULT_TAU = 0.5
"""The system constant: how much the volatility may change in a period (the paper suggests
0.3 to 1.2)."""
TOLERANCE = 0.000001
"""The convergence tolerance of the volatility's Illinois iteration (the paper's epsilon)."""

# The inputs the arithmetic is tested on (tests/engine/ratings): far wider than a league ever
# sees, narrow enough that no exp() overflows and no iteration stalls. The command line
# refuses anything outside them.
RATING_LIMIT = 10_000.0
"""A rating lies between ``-RATING_LIMIT`` and ``RATING_LIMIT``."""
RD_LIMIT = 10_000.0
"""A deviation is above 0 and at most ``RD_LIMIT``."""
VOLATILITY_RANGE = (0.000001, 10.0)
"""A volatility lies in this closed range (at 0, the deviation could shrink to 0)."""
TAU_RANGE = (0.01, 10.0)
"""The system constant lies in this closed range."""


@dataclass(frozen=True, slots=True)
class Rating:
    """A rating on the Glicko scale: ``rating``, deviation ``rd`` and ``volatility``."""

    rating: float = BASE_RATING
    rd: float = 350.0
    volatility: float = 0.06


NEW_ENTRANT = Rating()
"""Where a new player starts: 1500 / 350 / 0.06."""


@dataclass(frozen=True, slots=True)
class Game:
    """One game of the period: the opponent's ``rating`` and ``rd`` before the period, and
    the player's ``score`` (1 a win, 0.5 a draw, 0 a loss; any score between 0 and 1)."""

    rating: float
    rd: float
    score: float


@dataclass(frozen=True, slots=True)
class Result[K: Hashable]:
    """A game between two players of a period, ``home_score`` for ``home`` (``away`` scores
    ``1 - home_score``)."""

    home: K
    away: K
    home_score: float


def g(phi: float) -> float:
    """The weight of an opponent's deviation (on the Glicko-2 scale)."""
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _expected(mu: float, mu_j: float, g_j: float) -> tuple[float, float]:
    """``E = 1 / (1 + exp(-g (mu - mu_j)))`` and ``1 - E``, each computed without overflow
    nor cancellation, so that ``E (1 - E)`` stays positive for a wide gap."""
    z = math.exp(-abs(g_j * (mu - mu_j)))
    likely, unlikely = 1 / (1 + z), z / (1 + z)
    return (likely, unlikely) if mu >= mu_j else (unlikely, likely)


def expected(a: Rating, b: Rating) -> float:
    """``a``'s expected score against ``b``, both deviations counted:
    ``1 / (1 + 10^(-g(sqrt(RDa^2 + RDb^2)) (ra - rb) / 400))``."""
    phi = math.hypot(a.rd, b.rd) / SCALE
    return _expected(a.rating / SCALE, b.rating / SCALE, g(phi))[0]


def _volatility(delta: float, phi: float, v: float, sigma: float, tau: float) -> float:
    """Step 5: the new volatility, root of ``f`` found by the Illinois algorithm. The terms of
    ``f`` that do not depend on ``x`` are computed once (the same operations, in the same
    order, as the paper's formula: the same bits)."""
    a = 2 * math.log(sigma)
    gap = delta**2 - phi**2 - v  # delta^2 - phi^2 - v
    spread = phi**2 + v  # phi^2 + v
    tau2 = tau**2
    exp = math.exp

    def f(x: float) -> float:
        ex = exp(x)
        return ex * (gap - ex) / (2 * (spread + ex) ** 2) - (x - a) / tau2

    big_a = a
    if delta**2 > spread:
        big_b = math.log(gap)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > TOLERANCE:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        ex = exp(big_c)  # f(big_c), inlined: the loop runs for every rated player
        f_c = ex * (gap - ex) / (2 * (spread + ex) ** 2) - (big_c - a) / tau2
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def idle(player: Rating, periods: int) -> Rating:
    """The player's rating after ``periods`` rating periods without games, at once: rating and
    volatility kept, ``phi' = sqrt(phi^2 + periods * sigma^2)`` on the Glicko-2 scale (the
    volatility does not change in an idle period, so ``periods`` idle periods add
    ``periods * sigma^2``). ``idle(player, 1)`` is :func:`rate` without games, to the last bit."""
    if periods < 0:
        raise ValueError("periods must be 0 or more")
    if periods == 0:
        return player
    phi, sigma = player.rd / SCALE, player.volatility
    return Rating(float(player.rating), math.sqrt(phi**2 + periods * sigma**2) * SCALE, sigma)


type _Opponent = tuple[float, float, float]
"""An opponent on the Glicko-2 scale for the inner loop: ``(g(phi_j), mu_j, score)``."""


def _rate(player: Rating, opponents: list[_Opponent], tau: float) -> Rating:
    """Steps 2 to 8 for one player: :func:`rate`'s arithmetic, the opponents already on the
    Glicko-2 scale (what a period computes once per player rather than once per game)."""
    mu, phi, sigma = (player.rating - BASE_RATING) / SCALE, player.rd / SCALE, player.volatility
    if not opponents:
        return Rating(float(player.rating), math.sqrt(phi**2 + sigma**2) * SCALE, sigma)
    exp = math.exp
    v_inverse = 0.0
    improvement = 0.0  # sum of g(phi_j) (s_j - E_j)
    for g_j, mu_j, score in opponents:
        # _expected, inlined: the innermost loop of every rebuild
        z = exp(-abs(g_j * (mu - mu_j)))
        if mu >= mu_j:
            e_j, one_minus_e_j = 1 / (1 + z), z / (1 + z)
        else:
            e_j, one_minus_e_j = z / (1 + z), 1 / (1 + z)
        v_inverse += g_j**2 * e_j * one_minus_e_j
        improvement += g_j * (score - e_j)
    v = 1 / v_inverse
    new_sigma = _volatility(v * improvement, phi, v, sigma, tau)
    phi_star = math.sqrt(phi**2 + new_sigma**2)
    new_phi = 1 / math.sqrt(1 / phi_star**2 + 1 / v)
    new_mu = mu + new_phi**2 * improvement
    return Rating(new_mu * SCALE + BASE_RATING, new_phi * SCALE, new_sigma)


def rate(player: Rating, games: Iterable[Game], *, tau: float = DEFAULT_TAU) -> Rating:
    """The player's rating after one rating period with these games."""
    opponents = [
        (g(game.rd / SCALE), (game.rating - BASE_RATING) / SCALE, game.score) for game in games
    ]
    return _rate(player, opponents, tau)


def rate_period[K: Hashable](
    players: Mapping[K, Rating],
    results: Iterable[Result[K]],
    *,
    tau: float = DEFAULT_TAU,
    only: Iterable[K] | None = None,
) -> dict[K, Rating]:
    """Every player's rating after one period (a league's round): each player's games are
    rated together against the ratings before the period; a player without games has their
    deviation grow. Every player of ``results`` must be in ``players``. With ``only``, just
    those players are rated (the others' ratings still count as opponents). The same as
    :func:`rate` for each player, to the last bit: each player's scale and ``g`` are computed
    once for the period."""
    scaled = {
        key: (g(player.rd / SCALE), (player.rating - BASE_RATING) / SCALE)
        for key, player in players.items()
    }
    games: dict[K, list[_Opponent]] = {key: [] for key in players}
    for result in results:
        home, away = scaled[result.home], scaled[result.away]
        games[result.home].append((away[0], away[1], result.home_score))
        games[result.away].append((home[0], home[1], 1 - result.home_score))
    keys = players if only is None else only
    return {key: _rate(players[key], games[key], tau) for key in keys}
