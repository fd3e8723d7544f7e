"""Tutatis as a rule system of the registry (resolution RECORDED).

Matches are played at the table; the application checks teams, rolls the match-day tools
(:mod:`~rules_engine.tutatis.actions`) and records the entered result:

* :meth:`TutatisSystem.validate_roster`: ``{"players": [...], "budget"?}`` against the
  team-building rules (:mod:`~rules_engine.tutatis.team`);
* :meth:`TutatisSystem.record_result` (and ``resolve_match`` with ``options["result"]``): the
  score in points from goals (3) and balls over the bar (1), see
  :mod:`~rules_engine.tutatis.result`;
* :meth:`TutatisSystem.post_match`: the injuries carried to each side's next match;
* standings: the league's win/draw/loss points.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rules_engine.dice import Dice
from rules_engine.errors import IllegalAction
from rules_engine.systems import (
    MatchOutcome,
    PointsTable,
    Resolution,
    RosterIssue,
    RuleSystem,
    standard_points,
)
from rules_engine.tutatis.reading import as_int, as_list, as_name, as_object, path
from rules_engine.tutatis.result import Side, parse_result
from rules_engine.tutatis.team import DEFAULT_BUDGET, check_team, parse_players


def _names(roster: Mapping[str, Any], where: str) -> frozenset[str]:
    """The names on a team sheet (a sheet may carry more than the team check reads)."""
    players = as_list(as_object(roster, where).get("players", []), path(where, "players"))
    return frozenset(
        as_name(
            as_object(player, path(where, f"players.{n}")).get("name"), f"{where}.players.{n}.name"
        )
        for n, player in enumerate(players)
    )


class TutatisSystem:
    """Tutatis: teams checked, results recorded, injuries carried over."""

    name: ClassVar[str] = "tutatis"
    label: ClassVar[str] = "Tutatis"
    resolution: ClassVar[Resolution] = Resolution.RECORDED

    def validate_roster(self, roster: Mapping[str, Any]) -> list[RosterIssue]:
        data = as_object(roster, "roster")
        budget = as_int(data.get("budget", DEFAULT_BUDGET), "budget", low=1)
        check = check_team(parse_players(data.get("players"), "players"), budget=budget)
        return [RosterIssue(error.rule.value, error.message) for error in check.errors]

    def record_result(
        self,
        home: Mapping[str, Any],
        away: Mapping[str, Any],
        result: object,
        *,
        dice: Dice,
    ) -> MatchOutcome:
        rosters = {Side.HOME: _names(home, "home"), Side.AWAY: _names(away, "away")}
        parsed = parse_result(result, rosters=rosters)
        winner = parsed.winner
        return MatchOutcome(
            home_score=parsed.home.points,
            away_score=parsed.away.points,
            winner=winner.value if winner else None,
            decided_by="points",
            seed=dice.seed,
            record={"result": parsed.to_dict()},
        )

    def resolve_match(
        self,
        home: Mapping[str, Any],
        away: Mapping[str, Any],
        *,
        dice: Dice,
        options: Mapping[str, Any],
    ) -> MatchOutcome:
        result = options.get("result")
        if result is not None:
            return self.record_result(home, away, result, dice=dice)
        raise IllegalAction(
            "Tutatis matches are played at the table: the coaches enter the result "
            "(options['result']) and the engine records it"
        )

    def post_match(
        self, outcome: MatchOutcome, *, dice: Dice, options: Mapping[str, Any]
    ) -> dict[str, Any]:
        """Each side's badly hurt players, who start their next match in the injured zone."""
        parsed = parse_result(outcome.record.get("result"), "record.result")
        return {side.value: {"badly_hurt": list(parsed.side(side).badly_hurt)} for side in Side}

    def standings_points(self, outcome: MatchOutcome, points: PointsTable) -> tuple[int, int]:
        return standard_points(outcome, points)


SYSTEM: RuleSystem = TutatisSystem()
