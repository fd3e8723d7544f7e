"""Killpower Ball (rule file 004), as read by RULES_NOTES section 3.

A board game of seven gladiators a side; its matches are played at the table and recorded
(resolution RECORDED). The engine does everything around the board: gladiator and team
creation, power and division, the points to score, ranking points, damage states and the death
risk, experience and raises, the post-match sequence, free throws, RAP, and tournament
brackets. Tables are data (:mod:`~rules_engine.killpower.tables`); a league overrides them with
its settings (:mod:`~rules_engine.killpower.settings`).

Where the scan is garbled and RULES_NOTES is silent, the readings are written in the module
that applies them: ``tables`` (TABLE 3's weaker column, the ball malus band 4-6, TABLE 8),
``creation`` (the power-card deck), ``power`` (equal powers), ``ranking`` (abandons),
``report`` and ``refusals`` (what an entered result must say and whom it may name),
``post_match`` and ``recruiting`` (the order of the sequence, automatic recruits, redraws,
tournament mode), ``free_throws`` and ``tournament`` (who shoots first at equal power, the
distance policy, shooter choice), ``bracket`` (seeding and byes).

Entry points: :data:`SYSTEM` (the registry's RuleSystem), the typed functions exported here,
and :mod:`~rules_engine.killpower.json_api` (JSON in, JSON out, as the command line uses).

>>> targets(46, 33)  # Nabos (power 46) against Titanos (33)
Targets(home=3, away=1)
>>> ranking_points(Standing(15, 12), Standing(20, 19), Side.HOME)  # A (12) beats B (19)
(19, 18)
>>> damage_state(4, 6, 8).to_dict()  # Tom: VIE 4, armour 6, hit for 8
{'state': 2, 'status': 'unharmed'}
"""

from rules_engine.killpower.bracket import Bracket, BracketMatch, Slot, advance, single_elimination
from rules_engine.killpower.commands import COMMANDS
from rules_engine.killpower.creation import (
    DEFAULT_DECK,
    PowerCard,
    Recruit,
    create_gladiator,
    draw_equipment,
    draw_rapidity,
    parse_recruit,
)
from rules_engine.killpower.damage import (
    Damage,
    DamageStatus,
    DeathRisk,
    DeathRiskTable,
    Fate,
    blow_damage,
    damage_state,
    death_risk,
)
from rules_engine.killpower.decisions import Decisions
from rules_engine.killpower.experience import gain_xp, take_raise, take_raises
from rules_engine.killpower.free_throws import FreeThrows, Shooter, Shot, free_throws
from rules_engine.killpower.gladiator import (
    Characteristic,
    Equipment,
    EquipmentKind,
    Gladiator,
    Specialization,
    parse_gladiator,
)
from rules_engine.killpower.post_match import PostMatch, post_match
from rules_engine.killpower.power import Targets, TargetTable, division, judge, power, targets
from rules_engine.killpower.ranking import Outcome, RankingSettings, Standing, ranking_points
from rules_engine.killpower.recruiting import create_team, fill_places
from rules_engine.killpower.refusals import Refusal, ReportError, side_refusals
from rules_engine.killpower.report import (
    Coma,
    DecidedBy,
    MatchReport,
    Result,
    SideReport,
    parse_report,
)
from rules_engine.killpower.settings import KillpowerSettings, Mode
from rules_engine.killpower.sides import Score, Side
from rules_engine.killpower.system import SYSTEM, KillpowerSystem
from rules_engine.killpower.team import Record, Team, parse_team
from rules_engine.killpower.tournament import settle_draw

__all__ = [
    "COMMANDS",
    "DEFAULT_DECK",
    "SYSTEM",
    "Bracket",
    "BracketMatch",
    "Characteristic",
    "Coma",
    "Damage",
    "DamageStatus",
    "DeathRisk",
    "DeathRiskTable",
    "DecidedBy",
    "Decisions",
    "Equipment",
    "EquipmentKind",
    "Fate",
    "FreeThrows",
    "Gladiator",
    "KillpowerSettings",
    "KillpowerSystem",
    "MatchReport",
    "Mode",
    "Outcome",
    "PostMatch",
    "PowerCard",
    "RankingSettings",
    "Record",
    "Recruit",
    "Refusal",
    "ReportError",
    "Result",
    "Score",
    "Shooter",
    "Shot",
    "Side",
    "SideReport",
    "Slot",
    "Specialization",
    "Standing",
    "TargetTable",
    "Targets",
    "Team",
    "advance",
    "blow_damage",
    "create_gladiator",
    "create_team",
    "damage_state",
    "death_risk",
    "division",
    "draw_equipment",
    "draw_rapidity",
    "fill_places",
    "free_throws",
    "gain_xp",
    "judge",
    "parse_gladiator",
    "parse_recruit",
    "parse_report",
    "parse_team",
    "post_match",
    "power",
    "ranking_points",
    "settle_draw",
    "side_refusals",
    "single_elimination",
    "take_raise",
    "take_raises",
    "targets",
]
