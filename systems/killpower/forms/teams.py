"""Forms of a Killpower Ball team: its seven gladiators at creation, a raise, a tournament."""

import re
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import PageForm
from league.forms import COLOUR_WIDGET, TeamRegisterForm
from matches.services import first_kickoff_default
from rules_engine.killpower.gladiator import RAISABLE
from systems.killpower.demo import EQUIPMENT, SPECIALIZATIONS
from systems.killpower.models import TEAM_SIZE, EquipmentKind, GladiatorSpecialization

RECRUIT_KEYS = ("name", "specialization", "equipment")
"""What the coach chooses of each gladiator (a field ``gladiator_<number>_<key>``)."""
GLADIATOR_FIELD = re.compile(rf"^gladiators\.(\d+)\.({'|'.join(RECRUIT_KEYS)})")
NUMBER = forms.NumberInput(attrs={"inputmode": "numeric"})


# --- a team and its gladiators --------------------------------------------------------------


class KillpowerTeamForm(PageForm):
    """A Killpower team: its name, coach and colours, and its seven gladiators (name,
    specialization, equipment: the demo coaches' choices at first; the engine draws magic
    armour and power cards)."""

    name = TeamRegisterForm.base_fields["name"]
    coach = TeamRegisterForm.base_fields["coach"]
    primary_colour = forms.CharField(
        label=_("Primary colour"), initial="#8c1c13", widget=COLOUR_WIDGET
    )
    secondary_colour = forms.CharField(
        label=_("Secondary colour"), initial="#f2c14e", widget=COLOUR_WIDGET
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for number in range(1, TEAM_SIZE + 1):
            self.fields[f"gladiator_{number}_name"] = forms.CharField(
                label=_("Name of gladiator %(n)s") % {"n": number},
                max_length=80,
                required=False,
                widget=forms.TextInput(attrs={"placeholder": f"Recruit {number}"}),
            )
            self.fields[f"gladiator_{number}_specialization"] = forms.ChoiceField(
                label=_("Specialization of gladiator %(n)s") % {"n": number},
                choices=GladiatorSpecialization.choices,
                initial=SPECIALIZATIONS[number - 1],
            )
            self.fields[f"gladiator_{number}_equipment"] = forms.ChoiceField(
                label=_("Equipment of gladiator %(n)s") % {"n": number},
                choices=EquipmentKind.choices,
                initial=EQUIPMENT[number - 1],
            )

    def gladiator_rows(self) -> list[dict[str, Any]]:
        return [
            {"number": number, **{key: self[f"gladiator_{number}_{key}"] for key in RECRUIT_KEYS}}
            for number in range(1, TEAM_SIZE + 1)
        ]

    def clean(self):
        cleaned = super().clean()
        seen: set[str] = set()
        for number in range(1, TEAM_SIZE + 1):
            name = (cleaned.get(f"gladiator_{number}_name") or "").strip()
            if not name:
                continue
            if name.casefold() in seen:
                self.add_error(
                    f"gladiator_{number}_name",
                    _("Two gladiators are called %(name)s: give each his own name.")
                    % {"name": name},
                )
            seen.add(name.casefold())
        return cleaned

    def gladiators(self) -> list[dict[str, str]]:
        """The coach's choices as ``killpower_team_register`` takes them."""
        return [
            {key: self.cleaned_data[f"gladiator_{number}_{key}"] for key in RECRUIT_KEYS}
            | {"name": self.cleaned_data[f"gladiator_{number}_name"].strip()}
            for number in range(1, TEAM_SIZE + 1)
        ]

    def error_field(self, field: str, message: str = "") -> str:
        """A service error on ``gladiators.3.name`` goes to gladiator 4's name field."""
        if match := GLADIATOR_FIELD.match(field):
            return f"gladiator_{int(match.group(1)) + 1}_{match.group(2)}"
        return field

    def team(self) -> dict[str, Any]:
        return {
            key: self.cleaned_data[key]
            for key in ("name", "coach", "primary_colour", "secondary_colour")
        }


class RaiseForm(PageForm):
    gladiator = forms.IntegerField(widget=forms.HiddenInput)
    characteristic = forms.ChoiceField(
        label=_("Characteristic"), choices=[(c.value, c.value) for c in RAISABLE]
    )


class TournamentForm(PageForm):
    first_kickoff = forms.DateTimeField(
        label=_("Kick-off of round 1"),
        initial=first_kickoff_default,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_("Each later round kicks off the chosen number of days after the last."),
    )
    interval = forms.IntegerField(
        label=_("Days between rounds"), min_value=1, max_value=60, initial=7
    )
