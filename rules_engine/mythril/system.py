"""The Mythril league as a rule system of the registry (resolution RECORDED).

* :meth:`MythrilSystem.validate_roster` takes the ``check-team`` command's input
  (``{team_list, team, budget, prices?}``) and turns each broken rule into a blocking
  :class:`~rules_engine.systems.RosterIssue` whose field is the rule code.
* :meth:`MythrilSystem.resolve_match` records an entered result (``options["result"]``, the
  shape of :class:`~rules_engine.mythril.report.MatchReport`); without one it raises
  :class:`IllegalAction`. A forfeit's score and points come from
  :func:`~rules_engine.mythril.results.forfeit_outcome`.
* :meth:`MythrilSystem.post_match` runs :func:`~rules_engine.mythril.post_match.post_match`
  on the outcome's record with ``options["settings"]`` (league settings).
* Standings points: win 3, draw and loss from the league's table, a forfeit 3 against 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rules_engine.dice import Dice
from rules_engine.mythril.creation import Draft, check_team
from rules_engine.mythril.post_match import outcome_post_match, record_result
from rules_engine.mythril.reading import Reader
from rules_engine.mythril.roster import Prices, TeamList
from rules_engine.systems import MatchOutcome, PointsTable, Resolution, RosterIssue, RuleSystem


class MythrilSystem:
    """Blood Bowl with the Mythril league's house rules: recorded matches."""

    name: ClassVar[str] = "mythril"
    label: ClassVar[str] = "Mythril Blood Bowl"
    resolution: ClassVar[Resolution] = Resolution.RECORDED

    def validate_roster(self, roster: Mapping[str, Any]) -> list[RosterIssue]:
        reader = Reader(roster, allowed=("team_list", "team", "budget", "prices"))
        check = check_team(
            TeamList.from_dict(reader.raw("team_list"), "team_list"),
            Draft.from_dict(reader.raw("team"), "team"),
            reader.number("budget", 1_000_000),
            Prices.from_dict(reader.raw("prices", {}), "prices"),
        )
        return [RosterIssue(error.rule, error.message) for error in check.errors]

    def resolve_match(
        self,
        home: Mapping[str, Any],
        away: Mapping[str, Any],
        *,
        dice: Dice,
        options: Mapping[str, Any],
    ) -> MatchOutcome:
        return record_result(home, away, options.get("result"), dice=dice)

    def post_match(
        self, outcome: MatchOutcome, *, dice: Dice, options: Mapping[str, Any]
    ) -> dict[str, Any]:
        return outcome_post_match(outcome, dice=dice, options=options)

    def standings_points(self, outcome: MatchOutcome, points: PointsTable) -> tuple[int, int]:
        forfeit = outcome.record.get("forfeit")
        if forfeit == "home":
            return 0, 3
        if forfeit == "away":
            return 3, 0
        if outcome.winner is None:
            return points.draw, points.draw
        return (3, points.loss) if outcome.winner == "home" else (points.loss, 3)


SYSTEM: RuleSystem = MythrilSystem()
