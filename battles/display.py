"""How the pages word what the engine says: translated labels of its tables, its card
issues and its roll purposes, so French readers never meet the engine's English.

The engine (``rules_engine.witcher``) knows nothing of Django: it names its card issues and
the purpose of each roll with a code and parameters, which are worded here with
``gettext``. Anything unknown (a house rule's own troop type, a new code) is shown as the
engine wrote it.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules_engine.witcher import Extra, RollCode

TROOP_TYPES = {
    "non_combatants": gettext_lazy("Non-combatants (peasants with pitchforks)"),
    "militia": gettext_lazy("Brigands, militia"),
    "men_at_arms": gettext_lazy("Men-at-arms of a regular army (combat base under 15)"),
    "knights": gettext_lazy(
        "Knights (Order of the Flaming Rose), Scoia'tael (combat base over 14)"
    ),
    "elite": gettext_lazy("Elite knights (Impera Brigade), Mahakam dwarves (combat base over 16)"),
    "witchers": gettext_lazy("Witchers, mages, gargoyles, trolls"),
    "golems": gettext_lazy("Golems, elementals"),
    "dragons": gettext_lazy("Dragons"),
}
OFFICERS = {
    "captain": gettext_lazy("Captain"),
    "major": gettext_lazy("Major/Commander"),
    "colonel": gettext_lazy("Colonel"),
    "general": gettext_lazy("General"),
    "marshal": gettext_lazy("Army General/Marshal"),
}
SKILLS = {"tactics": gettext_lazy("Tactics"), "command": gettext_lazy("Command")}
PHASE_NAMES = {
    1: gettext_lazy("Opening manoeuvres"),
    2: gettext_lazy("Main engagement"),
    3: gettext_lazy("Final manoeuvres"),
}
WORK_LABELS = {
    "better_terrain": gettext_lazy("Better terrain"),
    "prepared": gettext_lazy("Prepared positions"),
    "barricades": gettext_lazy("Barricades"),
    "fortifications": gettext_lazy("Fortifications"),
}
ARMY_FIELDS = {
    "name": gettext_lazy("name"),
    "commander": gettext_lazy("commander"),
    "seconds": gettext_lazy("seconds-in-command"),
    "works": gettext_lazy("defensive works"),
    "owner": gettext_lazy("owner"),
    "dc": gettext_lazy("DC"),
    "count": gettext_lazy("head count"),
    "wounded": gettext_lazy("wounded"),
    "phase": gettext_lazy("specialist phase"),
    "order": gettext_lazy("order on the card"),
}
MODIFIERS = {  # the terms of a commander's DC (rules_engine.witcher.plan)
    "enemy_card": gettext_lazy("DC on the enemy's battle card"),
    "specialists": gettext_lazy("Own specialists engaged (−1 each)"),
    "surprise": gettext_lazy("Surprise"),
    "weather": gettext_lazy("Bad weather"),
    "superiority": gettext_lazy("Enemy numerical superiority"),
    "other": gettext_lazy("Game master's modifier"),
}
CASUALTY_MODIFIERS = {  # the terms of a casualty test's DC (rules_engine.witcher.casualties)
    "enemy_base_dc": gettext_lazy("Enemy's base troop DC"),
    "phases_won": gettext_lazy("Phases won (−1 each)"),
    "phases_lost": gettext_lazy("Phases lost (+1 each)"),
    "superiority": gettext_lazy("Enemy numerical superiority"),
    "enemy_specialists": gettext_lazy("Phases with enemy specialists (+1 each)"),
    "exchange_rolls": gettext_lazy("Exchange rolls of the battle (+1 each)"),
    "enemy_walls": gettext_lazy("Enemy barricades or fortifications"),
}
RUN_STATUSES = {
    "running": gettext_lazy("Under way"),
    "paused": gettext_lazy("Waiting for the game master"),
    "finished": gettext_lazy("Over"),
}
EVENT_KINDS = {
    "created": gettext_lazy("Raised"),
    "edited": gettext_lazy("Card edited"),
    "troop_added": gettext_lazy("Troop added"),
    "troop_changed": gettext_lazy("Troop changed"),
    "troop_removed": gettext_lazy("Troop removed"),
    "casualties": gettext_lazy("Casualties of a battle"),
    "recovered": gettext_lazy("Wounded back in the ranks"),
}
MOMENT_MODES = {
    "gm": gettext_lazy("the game master records who wins each"),
    "chance": gettext_lazy("drawn with their chance"),
}
PHASE3_POLICIES = {
    "auto": gettext_lazy("the phase-2 winner's better skill"),
    "gm": gettext_lazy("the game master chooses"),
    "tactics": gettext_lazy("Tactics"),
    "command": gettext_lazy("Command"),
}
CASUALTY_MODES = {
    "off": gettext_lazy("not rolled"),
    "dice": gettext_lazy("rolled with dice"),
    "quick": gettext_lazy("quick (fixed percentages)"),
}


def terms(modifiers, labels) -> list:
    """A DC's terms (the selectors' modifiers) with the pages' own labels."""
    return [
        {"key": m.key, "label": str(labels.get(m.key, m.label)), "value": m.value}
        for m in modifiers
    ]


def officer_label(rank: str, default: str = "") -> str:
    return str(OFFICERS.get(rank, default or rank))


def troop_type_label(key: str, default: str = "") -> str:
    return str(TROOP_TYPES.get(key, default or key))


def skill_label(skill: str | None) -> str:
    return str(SKILLS.get(skill or "", skill or ""))


# --- the engine's card issues -------------------------------------------------------------

ISSUE_WORDING: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "listed_twice": lambda p: (
        _(
            "“%(name)s” is listed twice: a troop is one line of the card and goes to one phase "
            "at most."
        )
        % p
    ),
    "main_troop_specialist": lambda p: (
        _("“%(name)s” is part of the main troop: it cannot be a specialist.") % p
    ),
    "not_eligible": lambda p: (
        _(
            "“%(name)s” cannot be a specialist: below DC %(elite)s a troop needs at least "
            "%(percent)s%% of the army (it has %(share)s%%)."
        )
        % p
    ),
    "dc_not_in_table": lambda p: (
        _("DC %(dc)s of “%(name)s” is not a row of the troop-type table.") % p
    ),
    "below_minimum_group": lambda p: (
        _("“%(name)s”: %(count)s is below the minimum group of %(min)s for DC %(dc)s (%(label)s).")
        % {**p, "label": troop_type_label(p["type"])}
    ),
    "too_many_specialists": lambda p: (
        _("Phase %(phase)s has %(count)s specialist troops (at most %(max)s).") % p
    ),
    "uneven_specialists": lambda p: (
        _("Specialist troops per phase %(spread)s differ by more than %(max)s.") % p
    ),
    "elite_in_main": lambda p: (
        _(
            "Troops below DC %(elite)s make less than %(percent)s%% of the army: elite troops "
            "complete the main troop."
        )
        % p
    ),
}
"""The card issues the engine names with a code, worded in the reader's language."""

INPUT_ERRORS: dict[str, str] = {
    "must be a non-empty list": gettext_lazy("The card needs at least one troop."),
}
"""The engine's input errors (``InvalidInput``) that have a wording of their own."""


def issue_text(issue) -> str:
    """A card issue (``code`` and ``params``) in the reader's language; an input error by its
    message."""
    wording = ISSUE_WORDING.get(getattr(issue, "code", ""))
    return wording(issue.params) if wording else issue_message(issue.message)


def issue_message(message: str) -> str:
    """An engine message without a code, worded in the reader's language where one is known."""
    return str(INPUT_ERRORS.get(message, message))


# --- rolls --------------------------------------------------------------------------------


def _army(purpose: Mapping[str, Any], names: Mapping[str, str]) -> str:
    side = str(purpose.get("side", ""))
    return names.get(side, side)


ROLL_WORDING: dict[str, Callable[[Mapping[str, Any], Mapping[str, str]], str]] = {
    RollCode.EXCHANGE_ROUND: lambda p, names: _("Phase %(phase)s, round %(round)s: %(army)s") % {
        "phase": p["phase"], "round": p["round"], "army": _army(p, names)},
    RollCode.CRUCIAL_MOMENT: lambda p, names: _(
        "Phase %(phase)s: crucial moment (the attacker wins at or under its chance)") % {
        "phase": p["phase"]},
    RollCode.ROUND_LIMIT_COIN: lambda p, names: _(
        "Phase %(phase)s: coin after the round limit") % {"phase": p["phase"]},
    RollCode.CASUALTY_TEST: lambda p, names: _("Casualty test: %(army)s") % {
        "army": _army(p, names)},
    RollCode.CASUALTIES: lambda p, names: _("Casualties of %(army)s (percentage)") % {
        "army": _army(p, names)},
    RollCode.NO_QUARTER_SURVIVORS: lambda p, names: _("No quarter: survivors of %(army)s") % {
        "army": _army(p, names)},
}  # fmt: skip
"""The rolls of a run (``rules_engine.witcher.purposes``), worded from their code and
parameters. An estimate's odds stream seed is never shown with the dice of a run."""

ROLL_EXTRAS = {
    Extra.CRITICAL: gettext_lazy("critical, another die"),
    Extra.FUMBLE: gettext_lazy("fumble, a die taken off"),
}


def _as_coded(purpose: Mapping[str, Any]) -> str:
    params = (f"{key}={value}" for key, value in purpose.items() if key not in ("code", "extra"))
    return " ".join([str(purpose.get("code", "")), *params])


def roll_label(purpose: object, names: Mapping[str, str]) -> str:
    """What a roll was for (the engine's ``{"code": ..., **params}``) in the reader's
    language, its side named by its army. A code the pages do not word, or one missing a
    parameter, is shown as the engine wrote it."""
    if not isinstance(purpose, Mapping):  # a phrase that no version of the engine wrote
        return str(purpose)
    wording = ROLL_WORDING.get(str(purpose.get("code", "")))
    try:
        text = wording(purpose, names) if wording else _as_coded(purpose)
    except KeyError:
        text = _as_coded(purpose)
    extra = ROLL_EXTRAS.get(str(purpose.get("extra", "")))
    return f"{text} · {extra}" if extra else text


# --- events of a run ----------------------------------------------------------------------


@dataclass(frozen=True)
class EventLine:
    """One line of a phase's log as the run page shows it."""

    kind: str  # round | crucial_moment | phase3_skill
    event: dict
    text: str


def event_line(event: dict, names: Mapping[str, str]) -> EventLine:
    kind = event.get("kind", "")
    if kind == "crucial_moment":
        if event.get("winner") is None:
            text = _("The game master drops the crucial moment.")
        else:
            army = names.get(event["winner"], event["winner"])
            if event.get("decided_by") == "chance":
                text = _("%(army)s wins the crucial moment (+5): drawn, d100 = %(roll)s.") % {
                    "army": army,
                    "roll": event.get("roll"),
                }
            else:
                text = _("%(army)s wins the crucial moment (+5), as the game master records.") % {
                    "army": army
                }
    elif kind == "phase3_skill":
        army = names.get(event.get("chosen_by", ""), "")
        how = {
            "auto": _("its better skill"),
            "preset": _("as planned"),
            "gm": _("the game master's choice"),
        }.get(event.get("decided_by", ""), "")
        text = _("%(army)s, winner of phase 2, chooses %(skill)s for phase 3 (%(how)s).") % {
            "army": army,
            "skill": skill_label(event.get("skill")).lower(),
            "how": how,
        }
    else:
        text = event.get("summary", "")
    return EventLine(kind, event, text)
