"""Witcher battles as a rule system of the registry, and their plain-JSON entry points.

``card``, ``resolve`` and ``odds`` take and return JSON-able values; the command line calls
them. :data:`SYSTEM` is the :class:`RuleSystem` the registry finds under ``"witcher"``:
``home`` is the attacker and ``away`` the defender; ``options`` holds the battle's
``circumstances`` and ``crucial_moments`` beside the option keys (``casualties``,
``no_quarter``, ``phase3_skill``, ``luck``, ``moments``). ``resolve_match`` plays to the end
with the automatic policies; a battle that pauses for the game master goes through
:class:`~rules_engine.witcher.run.BattleRun` instead.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from rules_engine.dice import Dice
from rules_engine.errors import InvalidInput
from rules_engine.systems import (
    MatchOutcome,
    PointsTable,
    Resolution,
    RosterIssue,
    RuleSystem,
    standard_points,
)
from rules_engine.witcher.army import parse_army
from rules_engine.witcher.battle import BattleOptions, Side, parse_battle
from rules_engine.witcher.card import battle_card
from rules_engine.witcher.run import resolve_battle, resolve_battle_json
from rules_engine.witcher.tables import WitcherTables


def card(army: object, *, tables: WitcherTables | None = None) -> dict[str, Any]:
    """The battle card of a JSON army (errors and warnings listed, not raised)."""
    return battle_card(parse_army(army, "", tables), tables).to_dict()


def resolve(
    battle: object, *, seed: int | None = None, tables: WitcherTables | None = None
) -> dict[str, Any]:
    """Resolve a JSON battle to the end with the automatic policies (``seed=None``: fresh).

    The result is read-only: its roll log entries and its one-die skill rolls are pieces
    shared with other battles (:mod:`~rules_engine.witcher.entries`,
    :data:`~rules_engine.witcher.rolls.PLAIN_ROLLS`); copy it before editing it."""
    return resolve_battle_json(parse_battle(battle, tables=tables), Dice(seed))


def odds(
    battle: object, *, n: int, seed: int | None = None, tables: WitcherTables | None = None
) -> dict[str, Any]:
    """Shares of victories, crushing victories and phases over ``n`` fast battles."""
    from rules_engine.witcher.fast_odds import estimate_odds  # numpy only when needed

    parsed = parse_battle(battle, tables=tables)
    return estimate_odds(parsed, n=n, dice=Dice(seed)).to_dict()


MATCH_OPTION_KEYS = ("circumstances", "crucial_moments", *BattleOptions.KEYS)


def _battle_data(
    home: Mapping[str, Any], away: Mapping[str, Any], options: Mapping[str, Any]
) -> dict[str, Any]:
    for key in options:
        if key not in MATCH_OPTION_KEYS:
            known = ", ".join(MATCH_OPTION_KEYS)
            raise InvalidInput(f"options.{key}", f"is not a Witcher option (known: {known})")
    data: dict[str, Any] = {"attacker": home, "defender": away}
    for key in ("circumstances", "crucial_moments"):
        if key in options:
            data[key] = options[key]
    data["options"] = {key: options[key] for key in BattleOptions.KEYS if key in options}
    return data


class WitcherSystem:
    """Witcher mass battles: three phases of exchange rounds, with pauses for decisions."""

    name: ClassVar[str] = "witcher"
    label: ClassVar[str] = "Witcher battles"
    resolution: ClassVar[Resolution] = Resolution.STEPPED

    def validate_roster(self, roster: Mapping[str, Any]) -> list[RosterIssue]:
        """A malformed army's first problem, else the card's errors (blocking) and warnings."""
        try:
            army = parse_army(roster, "")
        except InvalidInput as exc:
            return [RosterIssue(exc.field, exc.message)]
        result = battle_card(army)
        return [RosterIssue(issue.field, issue.message) for issue in result.errors] + [
            RosterIssue(issue.field, issue.message, blocking=False) for issue in result.warnings
        ]

    def resolve_match(
        self,
        home: Mapping[str, Any],
        away: Mapping[str, Any],
        *,
        dice: Dice,
        options: Mapping[str, Any],
    ) -> MatchOutcome:
        battle = parse_battle(_battle_data(home, away, options))
        result = resolve_battle(battle, dice)
        return MatchOutcome(
            home_score=result.phases_won[Side.ATTACKER],
            away_score=result.phases_won[Side.DEFENDER],
            winner="home" if result.winner is Side.ATTACKER else "away",
            decided_by=result.victory.value,
            seed=result.seed,
            record=result.to_dict(),
        )

    def post_match(
        self, outcome: MatchOutcome, *, dice: Dice, options: Mapping[str, Any]
    ) -> dict[str, Any]:
        """Casualties are part of the resolution (option ``casualties``): nothing after."""
        return {}

    def standings_points(self, outcome: MatchOutcome, points: PointsTable) -> tuple[int, int]:
        return standard_points(outcome, points)


SYSTEM: RuleSystem = WitcherSystem()
