"""What Rotzball stores as JSON, versioned (``core.documents``): the match record the engine
returns (``Result.record``), each team's sheet and the rule options frozen at kick-off
(``Fixture.home_sheet``, ``away_sheet``, ``options``). Version 1 is the shape written since
the first release; a later change of the engine's output adds a version and an upgrade."""

from core.documents import DocumentKind

SIDES = {"type": "string", "enum": ["home", "away"]}
SCORE = {"type": "integer", "minimum": 0}
ROLL = {
    "type": "object",
    "required": ["die", "value", "purpose"],
    "properties": {
        "die": {"type": "string"},
        "value": {"type": "integer"},
        "purpose": {"type": "string"},
    },
}
TURN = {
    "type": "object",
    "required": [
        "turn",
        "period",
        "initiative",
        "tactic",
        "attacking",
        "modifiers",
        "attack",
        "defence",
        "score",
    ],
    "properties": {
        "turn": {"type": "integer", "minimum": 1},
        "period": {"type": "string"},
        "initiative": SIDES,
        "attacking": SIDES,
        "tactic": {"type": "string", "enum": ["offensive", "defensive"]},
        "modifiers": {"type": "object", "required": ["home", "away"]},
        "attack": {"type": "object", "required": ["team", "target", "roll", "result"]},
        "defence": {"type": "object", "required": ["team", "target", "roll", "result"]},
        "counter_attack": {"type": ["object", "null"]},
        "goal": {"type": ["string", "null"]},
        "score": {"type": "object", "required": ["home", "away"]},
    },
}

MATCH_RECORD = DocumentKind(
    name="rotzball.match_record",
    version=1,
    schema={
        "type": "object",
        "required": ["home_score", "away_score", "winner", "decided_by", "seed", "turns", "rolls"],
        "properties": {
            "home_score": SCORE,
            "away_score": SCORE,
            "winner": SIDES,
            "decided_by": {"type": "string"},
            "seed": {"type": "integer"},
            "possessions": {"type": "object"},
            "turns": {"type": "array", "items": TURN, "minItems": 1},
            "rolls": {"type": "array", "items": ROLL},
        },
    },
)

PLAYER = {"type": "object", "required": ["name"], "properties": {"name": {"type": "string"}}}
TEAM_SHEET = DocumentKind(
    name="rotzball.team_sheet",
    version=1,
    schema={
        "type": "object",
        "required": ["name", "passer", "attackers", "defenders", "coach"],
        "properties": {
            "name": {"type": "string"},
            "tactic": {"type": "string", "enum": ["balanced", "offensive", "defensive"]},
            "passer": PLAYER,
            "attackers": {"type": "array", "items": PLAYER, "minItems": 2, "maxItems": 2},
            "defenders": {"type": "array", "items": PLAYER, "minItems": 3, "maxItems": 3},
            "coach": PLAYER,
        },
    },
)

OPTIONS = DocumentKind(
    name="rotzball.options",
    version=1,
    schema={
        "type": "object",
        "required": ["coach_rule"],
        "properties": {"coach_rule": {"type": "string", "enum": ["test", "difference"]}},
        "additionalProperties": False,
    },
)
