"""Tutatis codes in words: the engine's weather, injuries, tackle rows and actions."""

from django import template
from django.utils.translation import gettext_lazy as _

from systems.tutatis.models import Action, Role

register = template.Library()

LABELS = {
    # weather
    "storm": _("storm (−2 on BP tests)"),
    "rain": _("rain"),
    "ideal": _("ideal"),
    "heat_wave": _("heat wave (injured back only on a 6)"),
    "scorching": _("scorching (1D6 per player at each kick-off, out on a 1)"),
    # injuries
    "stunned": _("stunned"),
    "unconscious": _("unconscious (back at the next kick-off)"),
    "badly_hurt": _("badly hurt (1D6 at each kick-off, back on 5–6)"),
    # tackle table
    "defender_pushed_or_ko": _("defender pushed and KO, KO in place, or pushed"),
    "defender_pushed_hard": _("defender pushed hard"),
    "defender_pushed": _("defender pushed"),
    "both_pushed": _("both pushed"),
    "both_stand": _("both stand"),
    "attacker_ko_or_stand": _("attacker KO in place, or both stand"),
    "attacker_pushed_or_ko": _("attacker pushed and KO, KO in place, or both stand"),
    **dict(Action.choices),
    **dict(Role.choices),
}


@register.filter
def tt_label(code: object) -> object:
    """The words for an engine code (the code itself when it has none)."""
    return LABELS.get(str(code), code)
