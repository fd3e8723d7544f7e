"""Reading a Rotzball match for people: roster issues, how a match was decided and each
roll's purpose in the dice log, in words that are translated. The match grid and each turn in
words are :mod:`systems.rotzball.selectors.records`'s; the template only shows them."""

import re

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import pgettext, pgettext_lazy

from rules_engine.rotzball.plans import PURPOSES as RECORDED
from systems.rotzball.roster_messages import roster_issue_text
from systems.rotzball.selectors.records import tactic_label

register = template.Library()
register.filter("tactic_label", tactic_label)
register.filter("roster_issue", roster_issue_text)  # an engine roster issue in words

ROLLS = {
    "coach": pgettext_lazy("roll", "coach test"),
    "attack": pgettext_lazy("roll", "attack"),
    "defence": pgettext_lazy("roll", "defence"),
    "counter": pgettext_lazy("roll", "counter-attack"),
    "counter_defence": pgettext_lazy("roll", "defence against the counter-attack"),
}
"""Each kind of d100 roll in words."""
PURPOSES = {text: (side, roll) for side, rolls in RECORDED.items() for roll, text in rolls.items()}
"""The purpose the engine records with each side's d100 roll: the side and the kind."""
EXTRA_TOSS = re.compile(r"^extra period (\d+) coin toss$")


@register.filter
def decided_by_label(code: str) -> str:
    return {
        "regulation": _("in regulation time"),
        "extra_time": _("in extra time"),
        "possession": _("on possession (the referees' judgement)"),
    }.get(code, code)


@register.filter
def roll_purpose(purpose: str, fixture) -> str:
    names = {"home": fixture.home.name, "away": fixture.away.name}
    if purpose == "coin toss":
        return _("Coin toss for the kick-off (1: %(home)s, 2: %(away)s)") % names
    if match := EXTRA_TOSS.match(purpose):
        return _("Extra time %(n)s: coin toss (1: %(home)s, 2: %(away)s)") % {
            "n": match.group(1),
            **names,
        }
    if purpose in PURPOSES:
        side, roll = PURPOSES[purpose]
        return pgettext("roll purpose", "%(team)s: %(roll)s") % {
            "team": names[side],
            "roll": ROLLS[roll],
        }
    return purpose
