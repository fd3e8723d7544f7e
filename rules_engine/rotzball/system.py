"""Rotzball as a rule system of the registry, and its plain-JSON entry points.

``ratings``, ``simulate`` and ``odds`` take and return JSON-able values; they are what the
command line and the Django adapter call. :data:`SYSTEM` is the :class:`RuleSystem` object
the registry finds under the name ``"rotzball"``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from rules_engine.dice import Dice
from rules_engine.errors import InvalidInput
from rules_engine.rotzball.match import play_rated, simulate_record
from rules_engine.rotzball.options import CoachRule, MatchOptions, parse_coach_rule
from rules_engine.rotzball.rated import rated_team
from rules_engine.rotzball.ratings import Ratings
from rules_engine.rotzball.sheet import TeamSheet, parse_sheet
from rules_engine.systems import (
    MatchOutcome,
    PointsTable,
    Resolution,
    RosterIssue,
    RuleSystem,
    standard_points,
)


def ratings(sheet: object, *, field: str = "sheet") -> dict[str, int]:
    """``{"attack", "defense", "coach"}`` of a JSON team sheet."""
    return Ratings.of(parse_sheet(sheet, field)).to_dict()


def simulate(
    home: object, away: object, *, seed: int | None, coach_rule: str | CoachRule = "test"
) -> dict[str, Any]:
    """Play one match with its full turn log and roll log (``seed=None``: a fresh seed)."""
    home_team, away_team = rated_team(home, "home"), rated_team(away, "away")
    return simulate_record(home_team, away_team, dice=Dice(seed), options=_options(coach_rule))


_OPTIONS = {rule: MatchOptions(rule) for rule in CoachRule}


def _options(coach_rule: object) -> MatchOptions:
    """The options of a coach rule. A rule given by its name (``"test"``, as nearly every
    call does) is found directly, a :class:`CoachRule` member hashing as its value; anything
    else goes through :func:`parse_coach_rule`, which builds the enum and names errors."""
    if type(coach_rule) is str and coach_rule in _OPTIONS:
        return _OPTIONS[coach_rule]  # type: ignore[index]
    return _OPTIONS[parse_coach_rule(coach_rule, "options.coach_rule")]


def odds(
    home: object,
    away: object,
    *,
    n: int,
    seed: int | None,
    coach_rule: str | CoachRule = "test",
) -> dict[str, Any]:
    """Shares of wins, mean goals and how matches were decided, over ``n`` fast matches."""
    from rules_engine.rotzball.fast_odds import estimate_odds  # numpy only when needed

    home_sheet, away_sheet = parse_sheet(home, "home"), parse_sheet(away, "away")
    options = MatchOptions(parse_coach_rule(coach_rule, "options.coach_rule"))
    result = estimate_odds(home_sheet, away_sheet, n=n, dice=Dice(seed), options=options)
    return result.to_dict()


def odds_many(
    games: Sequence[tuple[object, object, int | None]],
    *,
    n: int,
    coach_rule: str | CoachRule = "test",
) -> list[dict[str, Any]]:
    """:func:`odds` of each ``(home, away, seed)`` of ``games``, the same figures, their
    matches played side by side (``fast_odds.estimate_odds_many``); a sheet given as the same
    object to several games is read once."""
    from rules_engine.rotzball.fast_odds import estimate_odds_many  # numpy only when needed

    read: dict[tuple[int, str], TeamSheet] = {}

    def sheet(data: object, side: str) -> TeamSheet:
        key = (id(data), side)  # the field named in an error is the side's
        if key not in read:
            read[key] = parse_sheet(data, side)
        return read[key]

    parsed = [(sheet(home, "home"), sheet(away, "away"), Dice(seed)) for home, away, seed in games]
    options = MatchOptions(parse_coach_rule(coach_rule, "options.coach_rule"))
    return [result.to_dict() for result in estimate_odds_many(parsed, n=n, options=options)]


class RotzballSystem:
    """Rotzball: fully simulated, two halves of five turns, no draws."""

    name: ClassVar[str] = "rotzball"
    label: ClassVar[str] = "Rotzball"
    resolution: ClassVar[Resolution] = Resolution.SIMULATED

    def validate_roster(self, roster: Mapping[str, Any]) -> list[RosterIssue]:
        """The sheet's first problem as a blocking issue, its field relative to the sheet."""
        try:
            parse_sheet(roster, "")
        except InvalidInput as exc:
            return [RosterIssue.of(exc)]
        return []

    def resolve_match(
        self,
        home: Mapping[str, Any],
        away: Mapping[str, Any],
        *,
        dice: Dice,
        options: Mapping[str, Any],
    ) -> MatchOutcome:
        result = play_rated(
            rated_team(home, "home"),
            rated_team(away, "away"),
            dice=dice,
            options=MatchOptions.parse(options),
        )
        return MatchOutcome(
            home_score=result.home_score,
            away_score=result.away_score,
            winner=result.winner,
            decided_by=result.decided_by.value,
            seed=result.seed,
            record=result.to_dict(),
        )

    def post_match(
        self, outcome: MatchOutcome, *, dice: Dice, options: Mapping[str, Any]
    ) -> dict[str, Any]:
        """Rotzball has no post-match sequence."""
        return {}

    def standings_points(self, outcome: MatchOutcome, points: PointsTable) -> tuple[int, int]:
        return standard_points(outcome, points)


SYSTEM: RuleSystem = RotzballSystem()
