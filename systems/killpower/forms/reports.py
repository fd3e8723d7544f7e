"""A result report's confirmation (with the confirming side's choices), dispute and the
commissioner's decision."""

from collections.abc import Iterable
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import PageForm
from systems.killpower.forms.result_fields import FreeThrowFields, redraw_field


class ConfirmForm(FreeThrowFields):
    """The confirming coach's own post-match choices: equipment redraws of his gladiators who
    played (championship), or his free-throw shooters and distances (a tournament draw:
    ``shooters`` are those who may shoot; none chosen, the engine chooses)."""

    def __init__(
        self,
        *args,
        side: str | None = None,
        played: Iterable[str] = (),
        shooters: Iterable[str] = (),
        team: str = "",
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.side = side
        self.names = list(played) if side else []
        for index, name in enumerate(self.names):
            self.fields[f"redraw_{index}"] = redraw_field(name)
        if side and shooters:
            self.add_free_throw_fields(side, "", team, shooters)

    def redraw_rows(self) -> list[tuple[str, Any]]:
        return [(name, self[f"redraw_{index}"]) for index, name in enumerate(self.names)]

    def free_throw_rows(self) -> list[dict[str, Any]]:
        return self.shots(self.side) if self.side else []

    def decisions(self) -> dict[str, Any] | None:
        redraw = {
            name: self.cleaned_data[f"redraw_{index}"]
            for index, name in enumerate(self.names)
            if self.cleaned_data.get(f"redraw_{index}")
        }
        return {self.side: {"redraw": redraw}} if redraw and self.side else None


class DisputeForm(PageForm):
    reason = forms.CharField(
        label=_("Why do you dispute it?"),
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("The commissioner reads it and decides the result."),
    )


class DecideForm(PageForm):
    note = forms.CharField(
        label=_("Note for both coaches"),
        max_length=500,
        required=False,
        widget=forms.Textarea(attrs={"rows": 2}),
    )
