"""League options of a Rotzball match.

``coach_rule``: ``"test"`` (default) -- each turn both coaches are tested, a success gives
+5 to all that team's rolls this turn ("Qualité de l'entraîneur"); ``"difference"`` -- the
text's "variante pour limiter les jets de dés": no coach tests, the team with the higher Coach
score gets +(difference) to all its rolls for the whole match.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from rules_engine.errors import InvalidInput


class CoachRule(StrEnum):
    TEST = "test"
    DIFFERENCE = "difference"


@dataclass(frozen=True, slots=True)
class MatchOptions:
    coach_rule: CoachRule = CoachRule.TEST

    @classmethod
    def parse(cls, data: object, field: str = "options") -> MatchOptions:
        """Options from JSON; ``None`` means all defaults. Unknown keys are refused so that a
        misspelt league setting cannot silently fall back to its default."""
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise InvalidInput(field, "must be an object")
        for key in data:
            if key != "coach_rule":
                raise InvalidInput(f"{field}.{key}", "is not a Rotzball option (known: coach_rule)")
        return cls(
            coach_rule=parse_coach_rule(data.get("coach_rule", "test"), f"{field}.coach_rule")
        )


def parse_coach_rule(value: object, field: str = "coach_rule") -> CoachRule:
    if isinstance(value, CoachRule):
        return value
    if isinstance(value, str):
        try:
            return CoachRule(value)
        except ValueError:
            pass
    choices = ", ".join(rule.value for rule in CoachRule)
    raise InvalidInput(field, f"must be one of {choices}")
