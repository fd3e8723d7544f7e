"""Reading a Rotzball match for people: roster issues, how a match was decided and each
roll's purpose in the dice log, in words that are translated. The match grid and each turn in
words are :mod:`systems.rotzball.selectors.records`'s; the template only shows them."""

import re

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from systems.rotzball.roster_messages import roster_issue_text
from systems.rotzball.selectors.records import tactic_label

register = template.Library()
register.filter("tactic_label", tactic_label)

PURPOSE = re.compile(
    r"^(home|away) (coach test|attack|defence|counter-attack|defence against counter-attack)$"
)
EXTRA_TOSS = re.compile(r"^extra period (\d+) coin toss$")


@register.filter
def roster_issue(issue) -> str:
    """An engine roster issue as a translated sentence."""
    return roster_issue_text(issue)


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
    match = EXTRA_TOSS.match(purpose)
    if match:
        return _("Extra time %(n)s: coin toss (1: %(home)s, 2: %(away)s)") % {
            "n": match.group(1),
            **names,
        }
    match = PURPOSE.match(purpose)
    if match:
        side, what = match.groups()
        label = {
            "coach test": pgettext("roll", "coach test"),
            "attack": pgettext("roll", "attack"),
            "defence": pgettext("roll", "defence"),
            "counter-attack": pgettext("roll", "counter-attack"),
            "defence against counter-attack": pgettext(
                "roll", "defence against the counter-attack"
            ),
        }[what]
        return pgettext("roll purpose", "%(team)s: %(roll)s") % {"team": names[side], "roll": label}
    return purpose
