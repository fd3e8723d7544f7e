"""The pieces the result forms share: states and locations of the hurt (the pages word a
location as these choices do), equipment redraws, and the free-throw fields of a tournament
draw."""

import re
from collections.abc import Iterable
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import PageForm
from systems.killpower.models import EquipmentKind

STATE_CHOICES = [
    ("fit", _("Unharmed")),
    ("badly_wounded", _("Badly wounded")),
    ("coma", _("Coma")),
]
LOCATION_CHOICES = [
    ("", _("rolled after the match")),
    ("head", _("head")),
    ("left_arm", _("left arm")),
    ("right_arm", _("right arm")),
    ("left_leg", _("left leg")),
    ("right_leg", _("right leg")),
]
REDRAW_CHOICES = [("", _("keep it")), *EquipmentKind.choices]
FREE_THROW_FIELD = re.compile(r"^free_throws\.(?:(distances)\.)?(home|away)(?:\.(\d+))?$")
"""A service's field about a side's shooters (``free_throws.home.1``) or their distances
(``free_throws.distances.home.0``)."""


def redraw_field(name: str) -> forms.ChoiceField:
    return forms.ChoiceField(
        label=_("New equipment for %(name)s") % {"name": name},
        choices=REDRAW_CHOICES,
        required=False,
    )


class FreeThrowFields(PageForm):
    """A form with free-throw fields for the sides of ``free_throw_prefixes`` (side -> field
    prefix): each side's two shooters and their distances (``<prefix>ft_1``,
    ``<prefix>ft_1_distance``, ...), each left empty for the engine to choose."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.free_throw_prefixes: dict[str, str] = {}

    def add_free_throw_fields(
        self, side: str, prefix: str, team: str, names: Iterable[str]
    ) -> None:
        """``side``'s shots, its ``team``'s ``names`` to choose from, its fields named from
        ``prefix``."""
        self.free_throw_prefixes[side] = prefix
        choices = [("", _("the engine chooses")), *((name, name) for name in names)]
        for shot in (1, 2):
            words = {"team": team, "n": shot}
            self.fields[f"{prefix}ft_{shot}"] = forms.ChoiceField(
                label=_("%(team)s: free-throw shooter %(n)s") % words,
                choices=choices,
                required=False,
            )
            self.fields[f"{prefix}ft_{shot}_distance"] = forms.IntegerField(
                label=_("%(team)s: distance of free throw %(n)s") % words,
                required=False,
                min_value=2,
                max_value=12,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "placeholder": "2–12"}),
            )

    def shots(self, side: str) -> list[dict[str, Any]]:
        """The side's two shots' fields, as the template draws them (none without)."""
        prefix = self.free_throw_prefixes.get(side)
        if prefix is None:
            return []
        return [
            {"shooter": self[f"{prefix}ft_{shot}"], "distance": self[f"{prefix}ft_{shot}_distance"]}
            for shot in (1, 2)
        ]

    def clean(self):
        cleaned = super().clean()
        for prefix in self.free_throw_prefixes.values():
            shooters = [cleaned.get(f"{prefix}ft_{shot}") for shot in (1, 2)]
            if shooters[0] and shooters[0] == shooters[1]:
                self.add_error(
                    f"{prefix}ft_2",
                    _("%(name)s shoots once: choose another gladiator.") % {"name": shooters[0]},
                )
            if cleaned.get(f"{prefix}ft_2_distance") and not cleaned.get(f"{prefix}ft_1_distance"):
                self.add_error(
                    f"{prefix}ft_1_distance",
                    _("Give the first shot's distance before the second's."),
                )
        return cleaned

    def free_throws(self) -> dict[str, Any] | None:
        """``{"home": [shooters], "distances": {"home": [...]}}`` for the sides with a choice
        (None when nobody chose: the engine chooses)."""
        spec: dict[str, Any] = {}
        distances: dict[str, list[int]] = {}
        for side, prefix in sorted(self.free_throw_prefixes.items()):
            shooters = [self.cleaned_data.get(f"{prefix}ft_{shot}") for shot in (1, 2)]
            if any(shooters):
                spec[side] = [name for name in shooters if name]
            given = [self.cleaned_data.get(f"{prefix}ft_{shot}_distance") for shot in (1, 2)]
            if any(given):
                distances[side] = [d for d in given if d]
        if distances:
            spec["distances"] = distances
        return spec or None

    def error_field(self, field: str, message: str = "") -> str | None:
        """The free-throw field a service error about ``field`` goes on (``free_throws.home.1``,
        ``free_throws.distances.home.0``); about a side's shooters as a whole (how many), the
        first one left empty. None when ``field`` is about none of them."""
        match = FREE_THROW_FIELD.match(field)
        if match is None or match.group(2) not in self.free_throw_prefixes:
            return None
        prefix, index = self.free_throw_prefixes[match.group(2)], match.group(3)
        if match.group(1):
            return f"{prefix}ft_{int(index or 0) + 1}_distance"
        if index is not None:
            return f"{prefix}ft_{int(index) + 1}"
        data = getattr(self, "cleaned_data", {})
        empty = [shot for shot in (1, 2) if not data.get(f"{prefix}ft_{shot}")]
        return f"{prefix}ft_{empty[0] if len(empty) == 1 else 1}"
