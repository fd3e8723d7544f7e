"""Rotzball, the Empire's ball game (rule file 000), as read by RULES_NOTES section 1.

A fully simulated match between two team sheets: two halves of five turns, extra periods
of 2 x 2 turns while tied, then the possession count. No draws.

:mod:`rules_engine.rotzball.fast_odds` (numpy, imported only by :func:`odds`) estimates the
odds of a fixture over many matches at once.

>>> from rules_engine.rotzball import ratings
>>> sheet = {
...     "name": "Wolves",
...     "passer": {"name": "P", "E": 50, "Ag": 40, "F": 45},
...     "attackers": [{"name": "A1", "E": 40, "Ag": 40, "F": 40},
...                   {"name": "A2", "E": 30, "Ag": 35, "F": 40}],
...     "defenders": [{"name": "D1", "E": 45, "Ag": 30}, {"name": "D2", "E": 40, "Ag": 41},
...                   {"name": "D3", "E": 50, "Ag": 35}],
...     "coach": {"name": "C", "Ag": 35, "Int": 50},
... }
>>> ratings(sheet)
{'attack': 41, 'defense': 39, 'coach': 42}
"""

from rules_engine.rotzball.commands import COMMANDS
from rules_engine.rotzball.match import DecidedBy, MatchResult, play_match
from rules_engine.rotzball.options import CoachRule, MatchOptions
from rules_engine.rotzball.ratings import Ratings
from rules_engine.rotzball.sheet import Attacker, Coach, Defender, Tactic, TeamSheet, parse_sheet
from rules_engine.rotzball.system import (
    SYSTEM,
    RotzballSystem,
    odds,
    odds_many,
    ratings,
    simulate,
)
from rules_engine.rotzball.table import Result, judge

__all__ = [
    "COMMANDS",
    "SYSTEM",
    "Attacker",
    "Coach",
    "CoachRule",
    "DecidedBy",
    "Defender",
    "MatchOptions",
    "MatchResult",
    "Ratings",
    "Result",
    "RotzballSystem",
    "Tactic",
    "TeamSheet",
    "judge",
    "odds",
    "odds_many",
    "parse_sheet",
    "play_match",
    "ratings",
    "simulate",
]
