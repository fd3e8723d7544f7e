"""What Killpower Ball stores as JSON, versioned (``core.documents``): a result report as the
engine reads it (``ResultReport.payload``: the engine's match report with each side's
``badly_wounded`` list). Version 1 is the shape written since the first release."""

from core.documents import DocumentKind
from rules_engine.killpower.limits import MAX_POWER, MAX_SCORE
from systems.killpower import SIDES

SCORE = {
    "type": "object",
    "required": list(SIDES),
    "properties": {side: {"type": "integer", "minimum": 0, "maximum": MAX_SCORE} for side in SIDES},
    "additionalProperties": False,
}
SIDE = {
    "type": "object",
    "properties": {
        "played": {"type": "array", "items": {"type": "string"}},
        "comas": {"type": "array", "items": {"type": "object", "required": ["gladiator", "state"]}},
        "out": {"type": "array", "items": {"type": "string"}},
        "equipment_lost": {"type": "array", "items": {"type": "string"}},
        "armour_lost": {"type": "object"},
        "badly_wounded": {"type": "array", "items": {"type": "string"}},
    },
}

POWER = {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_POWER}

RESULT_REPORT = DocumentKind(
    name="killpower.result_report",
    version=1,
    schema={
        "type": "object",
        "required": ["score"],
        "properties": {
            "score": SCORE,
            "free_throws": {"anyOf": [SCORE, {"type": "null"}]},
            "home": SIDE,
            "away": SIDE,
            "home_power": POWER,
            "away_power": POWER,
        },
    },
)
