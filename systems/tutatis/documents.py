"""What Tutatis stores as JSON, versioned (``core.documents``): a result report as the engine
reads it (``ResultReport.payload``: each side's goals, shots over the bar, badly hurt players
and the points they make). Version 1 is the shape written since the first release."""

from core.documents import DocumentKind

SIDE = {
    "type": "object",
    "required": ["goals", "over_bar", "badly_hurt"],
    "properties": {
        "goals": {"type": "integer", "minimum": 0},
        "over_bar": {"type": "integer", "minimum": 0},
        "badly_hurt": {"type": "array", "items": {"type": "string"}},
        "points": {"type": "integer", "minimum": 0},
    },
}

RESULT_REPORT = DocumentKind(
    name="tutatis.result_report",
    version=1,
    schema={
        "type": "object",
        "required": ["home", "away"],
        "properties": {"home": SIDE, "away": SIDE},
    },
)
