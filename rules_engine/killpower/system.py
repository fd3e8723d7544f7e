"""Killpower Ball as a rule system of the registry (resolution RECORDED).

Matches are played at the table, with the board, and their result is entered. So:

* :meth:`KillpowerSystem.resolve_match` validates an entered result, passed as
  ``options["result"]`` (see :mod:`~rules_engine.killpower.report`); without one it raises
  :class:`IllegalAction`. In tournament mode a draw after 20 turns is settled there by free
  throws shot with the given dice (shooters in ``options["free_throws"]``, or picked by the
  engine). :meth:`record_result` is the same call with the result as an argument.
* :meth:`KillpowerSystem.post_match` runs the post-match sequence for both teams, home first,
  from the outcome's record (which holds both teams and the report) and
  ``options["decisions"] = {"home": ..., "away": ...}`` (and ``options["used_names"]``, each
  side's names of gladiators gone before, kept from automatic recruits); it returns
  ``{"home": <post-match>, "away": <post-match>}``.
* ``options`` also carries the league settings (:mod:`~rules_engine.killpower.settings`),
  flat beside those keys.
* Standings points are the league's win/draw/loss table; the ranking points of the rules
  are team state, changed by the post-match sequence.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rules_engine.dice import Dice
from rules_engine.errors import IllegalAction, InvalidInput
from rules_engine.killpower.decisions import Decisions
from rules_engine.killpower.parsing import mapping, names
from rules_engine.killpower.post_match import post_match
from rules_engine.killpower.power import targets
from rules_engine.killpower.report import DecidedBy, parse_report
from rules_engine.killpower.settings import SETTING_KEYS, KillpowerSettings, Mode
from rules_engine.killpower.sides import Side
from rules_engine.killpower.team import parse_team, team_issues
from rules_engine.killpower.tournament import settle_draw
from rules_engine.systems import (
    MatchOutcome,
    PointsTable,
    Resolution,
    RosterIssue,
    RuleSystem,
    standard_points,
)

CALL_KEYS = ("result", "free_throws", "decisions", "used_names")
"""Keys of ``options`` that are not league settings: one options dict serves both calls."""


def split_options(
    options: Mapping[str, Any] | None, extra: tuple[str, ...], field: str = "options"
) -> tuple[KillpowerSettings, Mapping[str, Any]]:
    """League settings and the call's own keys; any other key is refused."""
    data = mapping({} if options is None else options, field)
    for key in data:
        if key not in SETTING_KEYS + extra:
            known = ", ".join(SETTING_KEYS + extra)
            raise InvalidInput(f"{field}.{key}", f"is not a Killpower option (known: {known})")
    settings = KillpowerSettings.parse({k: v for k, v in data.items() if k in SETTING_KEYS}, field)
    return settings, {k: v for k, v in data.items() if k in extra}


class KillpowerSystem:
    """Killpower Ball: recorded matches, a post-match sequence, free throws in tournaments."""

    name: ClassVar[str] = "killpower"
    label: ClassVar[str] = "Killpower Ball"
    resolution: ClassVar[Resolution] = Resolution.RECORDED

    def validate_roster(self, roster: Mapping[str, Any]) -> list[RosterIssue]:
        """Seven valid gladiators with distinct names; fields relative to the roster."""
        return team_issues(roster)

    def record_result(
        self,
        home: Mapping[str, Any],
        away: Mapping[str, Any],
        result: object,
        *,
        dice: Dice,
        options: Mapping[str, Any] | None = None,
    ) -> MatchOutcome:
        """Validate an entered result; a tournament draw goes to free throws."""
        settings, extra = split_options(options, CALL_KEYS)
        teams = {Side.HOME: parse_team(home, "home"), Side.AWAY: parse_team(away, "away")}
        report = parse_report(result, teams[Side.HOME], teams[Side.AWAY], table=settings.targets)
        shots = None
        tournament = settings.mode is Mode.TOURNAMENT
        if report.decided_by is DecidedBy.FREE_THROWS and not tournament:
            raise InvalidInput("result.decided_by", "free throws are for tournament matches")
        tied = report.winner is None and report.decided_by is DecidedBy.POINTS
        if tournament and tied:
            report, shots = settle_draw(
                report,
                teams,
                dice=dice,
                choice=extra.get("free_throws"),
                field="options.free_throws",
            )
        elif extra.get("free_throws") is not None:
            raise InvalidInput("options.free_throws", "only for a tournament match drawn on points")
        final = report.final_score
        needed = targets(report.home_power, report.away_power, settings.targets)
        return MatchOutcome(
            home_score=final.home,
            away_score=final.away,
            winner=report.winner.value if report.winner else None,
            decided_by=report.decided_by.value,
            seed=dice.seed,
            record={
                "report": report.to_dict(),
                "points_to_score": needed.to_dict(),
                "free_throws": shots.to_dict() if shots else None,
                "home_team": teams[Side.HOME].to_dict(),
                "away_team": teams[Side.AWAY].to_dict(),
                "mode": settings.mode.value,
            },
        )

    def resolve_match(
        self,
        home: Mapping[str, Any],
        away: Mapping[str, Any],
        *,
        dice: Dice,
        options: Mapping[str, Any],
    ) -> MatchOutcome:
        if options.get("result") is None:
            raise IllegalAction(
                "Killpower Ball matches are played at the table: enter the result "
                "(options['result']) and the engine records it"
            )
        rest = {key: value for key, value in options.items() if key != "result"}
        return self.record_result(home, away, options["result"], dice=dice, options=rest)

    def post_match(
        self, outcome: MatchOutcome, *, dice: Dice, options: Mapping[str, Any]
    ) -> dict[str, Any]:
        settings, extra = split_options(options, CALL_KEYS)
        record = outcome.record
        teams = {
            Side.HOME: parse_team(record.get("home_team"), "record.home_team"),
            Side.AWAY: parse_team(record.get("away_team"), "record.away_team"),
        }
        report = parse_report(
            record.get("report"),
            teams[Side.HOME],
            teams[Side.AWAY],
            table=settings.targets,
            field="record.report",
        )
        decisions = mapping(extra.get("decisions") or {}, "options.decisions")
        used = mapping(extra.get("used_names") or {}, "options.used_names")
        return {
            side.value: post_match(
                teams[side],
                report,
                side,
                dice=dice,
                decisions=Decisions.parse(decisions.get(side.value), f"options.decisions.{side}"),
                settings=settings,
                field=f"options.decisions.{side}",
                used_names=names(used.get(side.value, []), f"options.used_names.{side}"),
            ).to_dict()
            for side in Side
        }

    def standings_points(self, outcome: MatchOutcome, points: PointsTable) -> tuple[int, int]:
        return standard_points(outcome, points)


SYSTEM: RuleSystem = KillpowerSystem()
