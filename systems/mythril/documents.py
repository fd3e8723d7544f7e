"""What Mythril stores as JSON, versioned (``core.documents``): a result report
(``ResultReport.payload``: what the coach entered, the engine's report read against the
line-ups frozen at kick-off, and the verdict as it counts). Version 1 is the shape written
since the first release."""

from core.documents import DocumentKind

RESULT_REPORT = DocumentKind(
    name="mythril.result_report",
    version=1,
    schema={
        "type": "object",
        "required": ["entered", "report", "verdict"],
        "properties": {
            "entered": {"type": "object"},
            "report": {"type": "object"},
            "verdict": {
                "type": "object",
                "required": ["score", "winner"],
                "properties": {
                    "score": {
                        "type": "object",
                        "required": ["home", "away"],
                        "properties": {
                            "home": {"type": "integer", "minimum": 0},
                            "away": {"type": "integer", "minimum": 0},
                        },
                    },
                    "winner": {"enum": ["home", "away", None]},
                },
            },
        },
    },
)
