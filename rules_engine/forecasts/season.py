"""The plain input of a forecast (a season as it stands) and what comes back.

A season is its teams' totals so far (:class:`TeamTotals`), in the order the table lists
teams that every tie-breaker leaves level (the league's: by name), the head-to-head points
already taken, the fixtures still to play with the chance of each outcome
(:class:`RemainingFixture`), the points scheme and the ordered tie-breakers. Where a
tie-breaker reads goals (``goal_difference``, ``goals_for``), each simulated result is given a
score drawn from a :class:`ScoreModel`: a list of typical scores for each outcome, drawn
uniformly (the caller builds it from the game's results).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from rules_engine.errors import InvalidInput

TIEBREAKERS = ("points", "goal_difference", "goals_for", "wins", "head_to_head")
"""The tie-breakers a league may order (``matches.standings.METRICS``)."""

OUTCOMES = ("home", "draw", "away")


@dataclass(frozen=True, slots=True)
class PointsScheme:
    win: int = 3
    draw: int = 1
    loss: int = 0

    def of(self, outcome: str) -> tuple[int, int]:
        """Home and away points for ``outcome``."""
        if outcome == "home":
            return self.win, self.loss
        if outcome == "away":
            return self.loss, self.win
        return self.draw, self.draw

    @property
    def monotone(self) -> bool:
        """A win is worth at least a draw, a draw at least a loss: what the marks assume."""
        return self.win >= self.draw >= self.loss


@dataclass(frozen=True, slots=True)
class TeamTotals:
    team: int
    wins: int = 0
    draws: int = 0
    losses: int = 0
    goals_for: int = 0
    goals_against: int = 0

    def points(self, scheme: PointsScheme) -> int:
        return self.wins * scheme.win + self.draws * scheme.draw + self.losses * scheme.loss


@dataclass(frozen=True, slots=True)
class RemainingFixture:
    """A fixture still to play and the chance of each outcome it can end in (``home``,
    ``draw``, ``away``; an outcome missing cannot happen: no draw in Rotzball)."""

    home: int
    away: int
    probabilities: Mapping[str, float]

    @property
    def can_draw(self) -> bool:
        return "draw" in self.probabilities


@dataclass(frozen=True, slots=True)
class ScoreModel:
    """Typical scores ``(home, away)`` for each outcome, one drawn uniformly per simulated
    result. The default gives a one-goal win and a goalless draw."""

    scores: Mapping[str, Sequence[tuple[int, int]]] = field(
        default_factory=lambda: {"home": [(1, 0)], "draw": [(0, 0)], "away": [(0, 1)]}
    )


@dataclass(frozen=True, slots=True)
class SeasonState:
    teams: Sequence[TeamTotals]
    remaining: Sequence[RemainingFixture]
    scheme: PointsScheme = PointsScheme()
    tiebreakers: Sequence[str] = ("points", "goal_difference", "goals_for", "head_to_head")
    head_to_head: Mapping[tuple[int, int], int] = field(default_factory=dict)
    """Points team ``a`` already took off team ``b`` in their played games, by ``(a, b)``."""
    scores: ScoreModel = ScoreModel()

    def check(self) -> None:
        """Refuse input that cannot be forecast, naming the field."""
        ids = [t.team for t in self.teams]
        if not ids:
            raise InvalidInput("teams", "a season needs at least one team", code="no_teams")
        if len(set(ids)) != len(ids):
            raise InvalidInput("teams", "each team appears once", code="team_repeated")
        known = set(ids)
        for i, fixture in enumerate(self.remaining):
            where = f"remaining.{i}"
            if fixture.home not in known or fixture.away not in known:
                raise InvalidInput(where, "a fixture between the season's teams", code="unknown")
            if fixture.home == fixture.away:
                raise InvalidInput(where, "a team cannot play itself", code="same_team")
            chances = fixture.probabilities
            if not chances or set(chances) - set(OUTCOMES):
                raise InvalidInput(f"{where}.probabilities", "home, draw and/or away")
            if any(p < 0 for p in chances.values()) or abs(sum(chances.values()) - 1) > 1e-3:
                raise InvalidInput(f"{where}.probabilities", "chances between 0 and 1 adding to 1")
        for key in self.tiebreakers:
            if key not in TIEBREAKERS:
                raise InvalidInput("tiebreakers", f"unknown tie-breaker {key!r}")
        for outcome in OUTCOMES:
            if not self.scores.scores.get(outcome):
                raise InvalidInput(f"scores.{outcome}", "at least one typical score")

    def points(self) -> dict[int, int]:
        return {t.team: t.points(self.scheme) for t in self.teams}


@dataclass(frozen=True, slots=True)
class Chances:
    """One team's chances (between 0 and 1) with their standard errors."""

    team: int
    title: float
    top: float
    bottom: float
    title_se: float
    top_se: float
    bottom_se: float
    clinched_title: bool
    eliminated_title: bool


@dataclass(frozen=True, slots=True)
class Forecast:
    simulations: int
    top_places: int
    bottom_places: int
    seed: int
    """The dice's seed: the same seed and season give the same forecast."""
    teams: tuple[Chances, ...]
    exact_marks: bool
    """Whether the marks are exact (max flow on a win/loss or points-conserving scheme), not
    only what bounds prove."""
