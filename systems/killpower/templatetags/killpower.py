"""Reading Killpower Ball records for people: equipment, states, fates, outcomes, every roll's
purpose and each line of a gladiator's history, in words that are translated. The engine's
own English strings (roll purposes, log keys) are matched here and never shown as they are."""

import re
from typing import Any

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

register = template.Library()


@register.filter
def characteristic_name(key: str) -> str:
    """The full name of a characteristic abbreviation (the sheet's column titles)."""
    return {
        "DEP": _("Movement (DEP)"),
        "PHY": _("Physique (PHY)"),
        "HAB": _("Skill (HAB)"),
        "POU": _("Power (POU)"),
        "BAL": _("Ball (BAL)"),
        "VIE": _("Life (VIE)"),
        "RAP": _("Speed (RAP)"),
    }.get(key, key)


@register.filter
def race_label(value: str) -> str:
    return {"human": _("Human")}.get(value, value)


@register.filter
def specialization_label(value: str) -> str:
    return {
        "archer": pgettext("killpower specialization", "Archer"),
        "defender": pgettext("killpower specialization", "Defender"),
        "warrior": pgettext("killpower specialization", "Warrior"),
        "mentor": pgettext("killpower specialization", "Mentor"),
        "shooter": pgettext("killpower specialization", "Shooter"),
    }.get(value, value)


@register.filter
def equipment_kind_label(kind: str) -> str:
    return {
        "combat_gloves": _("Combat gloves"),
        "magic_armour": _("Magic armour"),
        "power_cards": _("Power cards"),
    }.get(kind, kind)


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
def status_label(status: str) -> str:
    return {
        "fit": _("Fit"),
        "badly_wounded": _("Badly wounded"),
        "coma": _("Coma"),
        "dead": _("Dead"),
        "unharmed": _("Unharmed"),
    }.get(status, status)


@register.filter
def location_label(location: str | None) -> str:
    return {
        "head": _("head"),
        "left_arm": _("left arm"),
        "right_arm": _("right arm"),
        "left_leg": _("left leg"),
        "right_leg": _("right leg"),
        "limb": _("limb"),
    }.get(location or "", location or "")


@register.filter
def fate_label(fate: str) -> str:
    return {"coma": _("survives, in a coma"), "dead": _("dead")}.get(fate, fate)


@register.filter
def outcome_label(outcome: str) -> str:
    return {
        "win": _("won"),
        "loss": _("lost"),
        "draw": _("drawn"),
        "abandon": _("abandoned"),
    }.get(outcome, outcome)


@register.filter
def kp_decided_by(code: str) -> str:
    return {
        "points": _("on points after 20 turns"),
        "elimination": _("by elimination"),
        "abandon": _("by abandon"),
        "free_throws": _("on free throws"),
    }.get(code, code)


@register.filter
def report_status_label(status: str) -> str:
    return {
        "pending": _("Waiting for confirmation"),
        "confirmed": _("Confirmed"),
        "disputed": _("Disputed: waiting for the commissioner"),
        "superseded": _("Superseded"),
        "decided": _("Decided by the commissioner"),
    }.get(status, status)


@register.filter
def event_kind_label(kind: str) -> str:
    return {
        "created": _("Created with the team"),
        "recruited": _("Recruited after a match"),
        "played": _("Played a match"),
        "injured": _("Badly wounded"),
        "coma": _("Fell into a coma"),
        "death_risk": _("Death-risk roll"),
        "died": _("Died"),
        "xp": _("Gained experience"),
        "raise": _("Raised a characteristic"),
        "equipment": _("Drew new equipment"),
    }.get(kind, kind)


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
        re.compile(r"^death risk location (?P<name>.+)$"),
        lambda m: _("Death risk: where %(name)s was hit (1-2, 9-10 a limb; 3-8 the head)") % m,
    ),
    (
        re.compile(r"^magic armour (?P<name>.+)$"),
        lambda m: _("Magic armour of %(name)s (1D5 + 6)") % m,
    ),
    (re.compile(r"^power card (?P<name>.+)$"), lambda m: _("Power card drawn for %(name)s") % m),
    (re.compile(r"^RAP (?P<name>.+)$"), lambda m: _("Speed (RAP) of %(name)s") % m),
    (
        re.compile(r"^combat gloves (?P<name>.+)$"),
        lambda m: _("Combat gloves damage by %(name)s") % m,
    ),
    (
        re.compile(r"^free throw (?P<side>home|away) (?P<name>.+) from (?P<distance>\d+)$"),
        lambda m: _("Free throw by %(name)s from %(distance)s cells") % m,
    ),
    (
        re.compile(r"^free throws: who shoots first"),
        lambda m: _("Free throws: who shoots first (heads: home)"),
    ),
]


@register.filter
def kp_roll_purpose(purpose: str) -> str:
    for pattern, words in PURPOSES:
        match = pattern.match(purpose or "")
        if match:
            return words(match.groupdict())
    return purpose


def _rolls(detail: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        dict(roll, label=kp_roll_purpose(roll.get("purpose", "")))
        for roll in detail.get("rolls") or []
    ]


@register.simple_tag
def gladiator_event(event) -> dict[str, Any]:
    """One line of a gladiator's history in words, with the rolls it recorded."""
    detail = event.detail or {}
    kind = event.kind
    text = event_kind_label(kind)
    if kind == "created":
        text = _("Created with the team: %(equipment)s.") % {
            "equipment": equipment_label(detail.get("equipment"))
        }
        if detail.get("chosen_by_coach") is False:
            text += " " + _("An automatic recruit.")
    elif kind == "recruited":
        text = _("Recruited after the match: %(equipment)s.") % {
            "equipment": equipment_label(detail.get("equipment"))
        }
        if detail.get("replaces"):
            text += " " + _("Takes the place of %(name)s.") % {"name": detail["replaces"]}
    elif kind == "played":
        text = _("Played the match (%(outcome)s).") % {
            "outcome": outcome_label(detail.get("outcome", ""))
        }
        if detail.get("out"):
            text += " " + _("Could not come back before the end.")
        if detail.get("armour_lost"):
            text += " " + _("Lost %(n)s armour point(s), restored after the match.") % {
                "n": detail["armour_lost"]
            }
    elif kind == "injured":
        text = _("Badly wounded: back after the next basket.")
    elif kind == "coma":
        text = _("Fell into a coma at state %(state)s.") % {"state": detail.get("state")}
        if detail.get("location"):
            text += " " + _("Aimed blow: %(location)s.") % {
                "location": location_label(detail["location"])
            }
    elif kind == "death_risk":
        text = _("Death-risk roll: hit in the %(location)s at state %(state)s: %(fate)s.") % {
            "location": location_label(detail.get("location")),
            "state": detail.get("state"),
            "fate": fate_label(detail.get("fate", "")),
        }
    elif kind == "died":
        text = _("Died.") if detail.get("reason") != "dismissed" else _("Dismissed by the coach.")
    elif kind == "xp":
        text = _("+%(gained)s XP, %(xp)s in all; %(raises)s raise(s) available.") % {
            "gained": detail.get("gained"),
            "xp": detail.get("xp"),
            "raises": detail.get("raises_available"),
        }
    elif kind == "raise":
        text = _("Raised %(characteristic)s to %(value)s.") % {
            "characteristic": characteristic_name(detail.get("characteristic", "")),
            "value": detail.get("value"),
        }
    elif kind == "equipment":
        words = {
            "before": equipment_label(detail.get("before")),
            "after": equipment_label(detail.get("after")),
        }
        if detail.get("forced"):
            text = _("Lost his equipment (%(before)s) and drew new: %(after)s.") % words
        else:
            text = _("Redrew his equipment: %(before)s became %(after)s.") % words
    return {"text": text, "rolls": _rolls(detail)}
