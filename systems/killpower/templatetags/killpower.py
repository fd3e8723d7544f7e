"""Reading Killpower Ball records for people: equipment, states, fates, outcomes, every roll's
purpose and each line of a gladiator's history, in words that are translated. The engine's
own English strings (roll purposes, log keys) are matched here and never shown as they are."""

import re
from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext_lazy

from rules_engine.killpower.tables import CHARACTERISTICS
from systems.killpower.forms.result_fields import LOCATION_CHOICES
from systems.killpower.models import GladiatorEvent, GladiatorStatus, ResultReport

register = template.Library()


LABELS: dict[str, Mapping[str, str]] = {
    "characteristic": {  # the full name of an abbreviation (the sheet's column titles)
        "DEP": gettext_lazy("Movement (DEP)"),
        "PHY": gettext_lazy("Physique (PHY)"),
        "HAB": gettext_lazy("Skill (HAB)"),
        "POU": gettext_lazy("Power (POU)"),
        "BAL": gettext_lazy("Ball (BAL)"),
        "VIE": gettext_lazy("Life (VIE)"),
        "RAP": gettext_lazy("Speed (RAP)"),
    },
    "race": {"human": gettext_lazy("Human")},
    "specialization": {
        "archer": pgettext_lazy("killpower specialization", "Archer"),
        "defender": pgettext_lazy("killpower specialization", "Defender"),
        "warrior": pgettext_lazy("killpower specialization", "Warrior"),
        "mentor": pgettext_lazy("killpower specialization", "Mentor"),
        "shooter": pgettext_lazy("killpower specialization", "Shooter"),
    },
    "equipment_kind": {
        "combat_gloves": gettext_lazy("Combat gloves"),
        "magic_armour": gettext_lazy("Magic armour"),
        "power_cards": gettext_lazy("Power cards"),
    },
    "status": {**dict(GladiatorStatus.choices), "unharmed": gettext_lazy("Unharmed")},
    "location": {**dict(LOCATION_CHOICES[1:]), "limb": gettext_lazy("limb")},
    "fate": {"coma": gettext_lazy("survives, in a coma"), "dead": gettext_lazy("dead")},
    "outcome": {
        "win": gettext_lazy("won"),
        "loss": gettext_lazy("lost"),
        "draw": gettext_lazy("drawn"),
        "abandon": gettext_lazy("abandoned"),
    },
    "decided_by": {
        "points": gettext_lazy("on points after 20 turns"),
        "elimination": gettext_lazy("by elimination"),
        "abandon": gettext_lazy("by abandon"),
        "free_throws": gettext_lazy("on free throws"),
    },
    "report_status": dict(ResultReport.Status.choices),
    "event_kind": dict(GladiatorEvent.Kind.choices),
}
"""The words of each kind of code the records hold, by the kind's name."""


@register.filter
def kp_label(code: str | None, kind: str) -> str:
    """``code`` in words from the table of ``kind`` (``{{ gladiator.status|kp_label:"status"
    }}``); a code the table does not know as it is."""
    if code is None:
        return ""
    return LABELS[kind].get(code, code)


@register.simple_tag
def kp_characteristics() -> tuple[str, ...]:
    """The sheet's six characteristics, in its columns' order (DEP to VIE)."""
    return CHARACTERISTICS


@register.filter
def equipment_label(equipment: dict[str, Any] | None) -> str:
    """“Magic armour (9)”, “Combat gloves (+1D10)”, “Power cards: Fantôme, Rayon laser”."""
    if not equipment:
        return ""
    kind = equipment.get("kind")
    if kind == "magic_armour":
        return _("Magic armour (%(armour)s)") % {"armour": equipment.get("armour")}
    if kind == "combat_gloves":
        return _("Combat gloves (+1D10 damage)")
    if kind == "power_cards":
        return _("Power cards: %(cards)s") % {"cards": ", ".join(equipment.get("cards", []))}
    return str(kind)


@register.filter
def report_status_class(status: str) -> str:
    return {
        "pending": "next",
        "disputed": "problem",
        "confirmed": "played",
        "decided": "played",
    }.get(status, "")


@register.filter
def die_label(die: str) -> str:
    """``d10`` -> ``1D10`` as the rule text writes dice."""
    return f"1{die.upper()}" if die and die[0] == "d" else die


PURPOSES = [
    (
        r"^death risk location (?P<name>.+)$",
        gettext_lazy("Death risk: where %(name)s was hit (1-2, 9-10 a limb; 3-8 the head)"),
    ),
    (r"^magic armour (?P<name>.+)$", gettext_lazy("Magic armour of %(name)s (1D5 + 6)")),
    (r"^power card (?P<name>.+)$", gettext_lazy("Power card drawn for %(name)s")),
    (r"^RAP (?P<name>.+)$", gettext_lazy("Speed (RAP) of %(name)s")),
    (r"^combat gloves (?P<name>.+)$", gettext_lazy("Combat gloves damage by %(name)s")),
    (
        r"^free throw (?P<side>home|away) (?P<name>.+) from (?P<distance>\d+)$",
        gettext_lazy("Free throw by %(name)s from %(distance)s cells"),
    ),
    (
        r"^free throws: who shoots first",
        gettext_lazy("Free throws: who shoots first (heads: home)"),
    ),
]
"""The engine's roll purposes (a pattern) and their words (with the pattern's groups)."""


@register.filter
def kp_roll_purpose(purpose: str) -> str:
    for pattern, words in PURPOSES:
        if match := re.match(pattern, purpose or ""):
            return words % match.groupdict()
    return purpose


WORDED = ("outcome", "location", "fate", "characteristic")
"""The codes an event's detail holds that are worded by their kind's table (``LABELS``)."""


@register.simple_tag
def gladiator_event(event) -> dict[str, Any]:
    """One line of a gladiator's history in words, with the rolls it recorded: the sentences
    its kind says, each worded from the ``detail`` it recorded."""
    detail = event.detail or {}
    words = defaultdict(lambda: None, detail) | {
        "equipment": equipment_label(detail.get("equipment")),
        "before": equipment_label(detail.get("before")),
        "after": equipment_label(detail.get("after")),
        "name": detail.get("replaces"),
        "n": detail.get("armour_lost"),
        "raises": detail.get("raises_available"),
        **{key: kp_label(detail.get(key, ""), key) for key in WORDED},
    }
    sentences = {
        "created": [
            _("Created with the team: %(equipment)s."),
            detail.get("chosen_by_coach") is False and _("An automatic recruit."),
        ],
        "recruited": [
            _("Recruited after the match: %(equipment)s."),
            detail.get("replaces") and _("Takes the place of %(name)s."),
        ],
        "played": [
            _("Played the match (%(outcome)s)."),
            detail.get("out") and _("Could not come back before the end."),
            detail.get("armour_lost")
            and _("Lost %(n)s armour point(s), restored after the match."),
        ],
        "injured": [_("Badly wounded: back after the next basket.")],
        "coma": [
            _("Fell into a coma at state %(state)s."),
            detail.get("location") and _("Aimed blow: %(location)s."),
        ],
        "death_risk": [_("Death-risk roll: hit in the %(location)s at state %(state)s: %(fate)s.")],
        "died": [
            _("Dismissed by the coach.") if detail.get("reason") == "dismissed" else _("Died.")
        ],
        "xp": [_("+%(gained)s XP, %(xp)s in all; %(raises)s raise(s) available.")],
        "raise": [_("Raised %(characteristic)s to %(value)s.")],
        "equipment": [
            _("Lost his equipment (%(before)s) and drew new: %(after)s.")
            if detail.get("forced")
            else _("Redrew his equipment: %(before)s became %(after)s.")
        ],
    }.get(event.kind, [kp_label(event.kind, "event_kind")])
    rolls = [
        dict(roll, label=kp_roll_purpose(roll.get("purpose", "")))
        for roll in detail.get("rolls") or []
    ]
    return {"text": " ".join(str(said % words) for said in sentences if said), "rolls": rolls}
