"""Season forecasts: each team's chances of finishing first, in the top places and in the bottom
places by Monte Carlo over the remaining fixtures (:mod:`.simulation`, numpy), and the exact
marks for first place, clinched and eliminated (:mod:`.marks`, maximum flow as in the baseball
elimination problem)."""

from rules_engine.forecasts.commands import COMMANDS
from rules_engine.forecasts.marks import Marks, title_marks
from rules_engine.forecasts.season import (
    TIEBREAKERS,
    Chances,
    Forecast,
    PointsScheme,
    RemainingFixture,
    ScoreModel,
    SeasonState,
    TeamTotals,
)
from rules_engine.forecasts.simulation import forecast

__all__ = [
    "COMMANDS",
    "TIEBREAKERS",
    "Chances",
    "Forecast",
    "Marks",
    "PointsScheme",
    "RemainingFixture",
    "ScoreModel",
    "SeasonState",
    "TeamTotals",
    "forecast",
    "title_marks",
]
