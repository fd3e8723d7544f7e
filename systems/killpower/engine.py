"""The one adapter between Killpower Ball rows and the rules engine's plain JSON.

It builds the engine's inputs from models (a gladiator, a team, a league's settings) and turns
the engine's :class:`~rules_engine.InvalidInput` into a ``Refused`` naming the field.
No rule lives here: every number shown or stored comes back from ``rules_engine.killpower``.
"""

from collections.abc import Iterable, Mapping
from typing import Any

from core.refusals import Refused
from league.models import League, LeagueCompetitionFormat, Team
from rules_engine import InvalidInput
from rules_engine.killpower import KillpowerSettings, parse_gladiator, parse_team
from rules_engine.killpower import Team as EngineTeam
from rules_engine.killpower.gladiator import Gladiator as EngineGladiator
from systems.killpower.models.gladiators import Gladiator, ranking_points_of

HOUSE_RULE_KEYS = ("ranking", "target_table", "power_cards", "death_risk", "xp_per_match")
"""The engine settings a league may set in ``house_rules``; ``mode`` is the league's
``competition_format``."""


def parse_house_rules(
    house_rules: object, *, competition_format: str = LeagueCompetitionFormat.CHAMPIONSHIP
) -> KillpowerSettings:
    """The engine's settings for these house rules, or ``ValidationError`` on ``house_rules``
    naming the setting (``"ranking.win: must be an integer"``)."""
    if house_rules is None:
        house_rules = {}
    if not isinstance(house_rules, Mapping):
        raise Refused(
            "house_rules_not_object", "Give the house rules as a JSON object.", field="house_rules"
        )
    for key in house_rules:
        if key not in HOUSE_RULE_KEYS:
            raise Refused(
                "unknown_house_rule",
                f"{key}: is not a house rule (known: {', '.join(HOUSE_RULE_KEYS)}"
                "; the mode is the league's competition format)",
                field="house_rules",
            )
    try:
        return KillpowerSettings.parse({**house_rules, "mode": competition_format}, "")
    except InvalidInput as exc:
        raise Refused(
            "house_rules_invalid", f"{exc.field}: {exc.message}", field="house_rules"
        ) from None


def league_settings(league: League) -> KillpowerSettings:
    """A Killpower league's settings (house rules validated when saved)."""
    return parse_house_rules(league.house_rules, competition_format=league.competition_format)


STORED = ("name", "race", "specialization", "equipment", "xp", "raises")
"""What a gladiator's row keeps of the engine's sheet of him (the rest is computed)."""


def gladiator_input(gladiator: Gladiator) -> dict[str, Any]:
    """A gladiator as the engine reads him (what his row keeps), with his row's ``id`` and
    ``number`` beside (the engine ignores keys it does not use)."""
    stored = {key: getattr(gladiator, key) for key in STORED}
    return {
        "id": gladiator.pk,
        "number": gladiator.number,
        **stored,
        "raises": stored["raises"] or {},
    }


def gladiator_row(team: Team, number: int, sheet: Mapping[str, Any]) -> Gladiator:
    """A new, unsaved row for the gladiator the engine drew (his sheet), in place ``number``."""
    return Gladiator(team=team, number=number, **{key: sheet[key] for key in STORED})


def engine_gladiator(gladiator: Gladiator) -> EngineGladiator:
    return parse_gladiator(gladiator_input(gladiator), "gladiator")


def team_input(team: Team, gladiators: Iterable[Gladiator]) -> dict[str, Any]:
    """A team as the engine reads it: its living ``gladiators`` in number order."""
    return {
        "name": team.name,
        "ranking_points": ranking_points_of(team),
        "gladiators": [gladiator_input(g) for g in sorted(gladiators, key=lambda g: g.number)],
    }


def engine_team(team: Team, gladiators: Iterable[Gladiator]) -> EngineTeam:
    """The engine's team as it stands (it may lack some of the seven a match needs)."""
    return parse_team(team_input(team, gladiators), "team", exact=False)


def team_sheet(team: Team, gladiators: Iterable[Gladiator]) -> dict[str, Any]:
    """The engine's team sheet (power, division, total XP, each gladiator's characteristics,
    armour and raises available), each gladiator with his ``id`` and ``number``."""
    listed = sorted(gladiators, key=lambda g: g.number)
    sheet = engine_team(team, listed).to_dict()
    for row, gladiator in zip(sheet["gladiators"], listed, strict=True):
        row["id"], row["number"] = gladiator.pk, gladiator.number
    return sheet


EQUIPMENT_ROLLS = ("magic armour", "power card")
DEATH_RISK_ROLLS = ("death risk location",)
"""The engine's roll purposes that name one gladiator at their end (``"magic armour Tom"``)."""


def rolls_for(
    rolls: Iterable[Mapping[str, Any]], name: str, purposes: Iterable[str] = EQUIPMENT_ROLLS
) -> list[dict[str, Any]]:
    """The rolls of a roll log made for the gladiator called ``name`` with these purposes."""
    wanted = {f"{purpose} {name}" for purpose in purposes}
    return [dict(roll) for roll in rolls if roll["purpose"] in wanted]
