"""Witcher mass battles (rule file 001), as read by RULES_NOTES section 2.

Two battle cards (:func:`battle_card`), then three phases of exchange rounds between the
commanders (Tactics, Command, then the skill the phase-2 winner chooses), with crucial
moments that pause for the game master, Luck, victory or crushing victory, and optional
casualties. :class:`BattleRun` is the resumable state machine; :func:`resolve` plays a JSON
battle to the end; :func:`odds` estimates outcomes with numpy
(:mod:`~rules_engine.witcher.fast_odds`). The tables are data
(``rules_engine/data/witcher_tables.json``, :func:`load_tables` for house rules).

Readings the project chose where the scanned text is garbled and RULES_NOTES is silent
(each module's docstring says more):

* Card: equal head counts keep the card's order; when the troops below DC 18 cannot make
  60% of the army, elite troops complete the main troop (with a warning); barricades and
  fortifications do not add up (the larger counts); a troop is one line of the card, so a
  name listed twice is an error; minimum group sizes match the troop table by exact DC, and
  a DC outside the table is a warning.
* Seconds-in-command: a person is known by name; the same name must carry the same bases,
  and has one Luck pool for the whole battle (casualty test included).
* Deployment (optional): per-phase head counts replace the army's total in that phase's
  numerical superiority only; the SR always uses both whole armies.
* ``circumstances.other``: the game master's further modifiers (-10..10), e.g. works lost.
* Crucial moment drawn by chance: a d100 at or under the attacker's chance in whole percent.
* Round limit: after 100 rounds of one phase, the higher total wins it (a d2 if equal).
* Luck, automatic policy: spent after the roll, only the points that make the roll score one
  point (casualty test: that meet its DC).
* Phase 3 skill ``tactics``/``command`` in the options: the phase-2 winner's choice fixed in
  advance.
* Casualties: the army's commander rolls; counts are rounded to the nearest soldier;
  "no quarter" leaves the loser's survivors as its only wounded, the rest dead.

The values a resolution builds (troops, commanders, armies, the battle, cards, plans, skill
rolls, casualties) are never changed once built, but they are plain slotted dataclasses,
not ``frozen=True``: a frozen dataclass's ``__init__`` sets every field through
``object.__setattr__``, about 2,000 machine instructions a field on CPython 3.13 against a
few dozen for a plain slot, and a battle builds some 40 of them (about 15% of a
resolution). They hash like frozen ones (``unsafe_hash``, from the fields); that nothing
assigns to them after ``__init__`` is the engine's convention, no longer checked at run time.

>>> army = {"name": "Auld Alliance", "commander": {"name": "Rhundurin", "rank": "colonel"},
...         "works": {"fortifications": True, "prepared": True},
...         "troops": [{"name": "Militia", "dc": 12, "count": 30},
...                    {"name": "Skelligers", "dc": 16, "count": 30},
...                    {"name": "Scoia'tael", "dc": 16, "count": 14, "phase": 1}]}
>>> result = card(army)
>>> result["main_troops"], result["base_dc"], result["dc"]
(['Militia', 'Skelligers'], 14, 18)
"""

from rules_engine.witcher.army import (
    Army,
    Commander,
    Skill,
    Troop,
    Works,
    officer,
    officer_rank_for,
    parse_army,
)
from rules_engine.witcher.battle import (
    Battle,
    BattleOptions,
    CasualtyMode,
    Circumstance,
    LuckPolicy,
    MomentMode,
    MomentPlan,
    Phase3Policy,
    Side,
    parse_battle,
)
from rules_engine.witcher.card import BattleCard, CardIssue, battle_card
from rules_engine.witcher.casualties import SideCasualties
from rules_engine.witcher.commands import COMMANDS
from rules_engine.witcher.phase import Decision, Pending, RunStatus
from rules_engine.witcher.plan import BattlePlan, PhaseSetup, plan_battle
from rules_engine.witcher.purposes import Extra, RollCode
from rules_engine.witcher.result import BattleResult, PhaseResult, Victory
from rules_engine.witcher.rolls import SkillRoll, roll_skill
from rules_engine.witcher.run import BattleRun, resolve_battle
from rules_engine.witcher.storage import STATE_VERSION, upgrade_rolls, upgrade_state
from rules_engine.witcher.system import SYSTEM, WitcherSystem, card, odds, resolve
from rules_engine.witcher.tables import WitcherTables, default_tables, load_tables

__all__ = [
    "COMMANDS",
    "STATE_VERSION",
    "SYSTEM",
    "Army",
    "Battle",
    "BattleCard",
    "BattleOptions",
    "BattlePlan",
    "BattleResult",
    "BattleRun",
    "CardIssue",
    "CasualtyMode",
    "Circumstance",
    "Commander",
    "Decision",
    "Extra",
    "LuckPolicy",
    "MomentMode",
    "MomentPlan",
    "Pending",
    "Phase3Policy",
    "PhaseResult",
    "PhaseSetup",
    "RollCode",
    "RunStatus",
    "Side",
    "SideCasualties",
    "Skill",
    "SkillRoll",
    "Troop",
    "Victory",
    "WitcherSystem",
    "WitcherTables",
    "Works",
    "battle_card",
    "card",
    "default_tables",
    "load_tables",
    "odds",
    "officer",
    "officer_rank_for",
    "parse_army",
    "parse_battle",
    "plan_battle",
    "resolve",
    "resolve_battle",
    "roll_skill",
    "upgrade_rolls",
    "upgrade_state",
]
