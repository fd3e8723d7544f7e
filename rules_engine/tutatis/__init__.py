"""Tutatis (rule file 002), as read by RULES_NOTES section 5.

Seven against seven on an eleven-by-sixteen pitch, two halves of twelve turns; the matches are
played at the table and recorded (resolution RECORDED). The engine does what surrounds the
board: the team-building rules, characteristic tests, weather, falls and the injury table,
the tackle table, shots, fouls, the kick-off checks (badly hurt returns, heat wave, scorching),
Time Warp tokens, and the result in points (goals 3, over the bar 1).

Where the text is silent, the reading is written in the module that applies it: ``team``
(what counts in the seven and the five), ``tables`` (how a modifier moves a test),
``kickoff`` (the heat wave's "injured"), ``result`` (injuries carried over).

>>> tackle(attacker_st=7, attacker_roll=8, attacker_helpers=1,
...        defender_st=7, defender_roll=8, defender_helpers=0).to_dict()
{'attacker_total': 16, 'defender_total': 15, 'difference': 1, 'result': 'defender_pushed'}
>>> weather_for(11).value, injury_for(8).value
('heat_wave', 'unconscious')
"""

from rules_engine.tutatis.actions import ACTIONS, Characteristic, run_action
from rules_engine.tutatis.commands import COMMANDS
from rules_engine.tutatis.kickoff import KickOff, KickOffRoll, kick_off
from rules_engine.tutatis.result import MatchResult, Side, SideResult, parse_result
from rules_engine.tutatis.system import SYSTEM, TutatisSystem
from rules_engine.tutatis.tables import (
    Foul,
    Injury,
    Shot,
    Tackle,
    TackleResult,
    Weather,
    falls_hurt,
    injury_for,
    passes_test,
    shot,
    tackle,
    tackle_result,
    weather_for,
)
from rules_engine.tutatis.team import (
    DEFAULT_BUDGET,
    Role,
    TeamCheck,
    TeamError,
    TeamPlayer,
    TeamRule,
    check_team,
    check_team_json,
    parse_players,
)
from rules_engine.tutatis.time_warp import TimeWarp, standing_roll

__all__ = [
    "ACTIONS",
    "COMMANDS",
    "DEFAULT_BUDGET",
    "SYSTEM",
    "Characteristic",
    "Foul",
    "Injury",
    "KickOff",
    "KickOffRoll",
    "MatchResult",
    "Role",
    "Shot",
    "Side",
    "SideResult",
    "Tackle",
    "TackleResult",
    "TeamCheck",
    "TeamError",
    "TeamPlayer",
    "TeamRule",
    "TimeWarp",
    "TutatisSystem",
    "Weather",
    "check_team",
    "check_team_json",
    "falls_hurt",
    "injury_for",
    "kick_off",
    "parse_players",
    "parse_result",
    "passes_test",
    "run_action",
    "shot",
    "standing_roll",
    "tackle",
    "tackle_result",
    "weather_for",
]
