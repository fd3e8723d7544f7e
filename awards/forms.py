"""The commissioner's form for a custom award: it checks input; the service decides."""

from collections.abc import Iterable, Sequence

from django import forms
from django.utils.translation import gettext_lazy as _

from awards.models import DESCRIPTION_MAX, NAME_MAX
from core.forms import PageForm
from league.models import Team


class CustomAwardForm(PageForm):
    name = forms.CharField(label=_("Award"), max_length=NAME_MAX)
    description = forms.CharField(
        label=_("Description"), max_length=DESCRIPTION_MAX, required=False
    )
    team = forms.ModelChoiceField(label=_("Team"), queryset=Team.objects.none())
    player = forms.ChoiceField(
        label=_("Player"),
        required=False,
        help_text=_("Leave empty to give the award to the team."),
    )

    def __init__(
        self,
        *args,
        teams: Iterable[Team],
        players: Sequence[tuple[Team, Sequence[tuple[str, str]]]],
        **kwargs,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.fields["team"].queryset = teams  # type: ignore[attr-defined]
        choices: list = [("", _("The team"))]
        choices += [(team.name, list(rows)) for team, rows in players if rows]
        self.fields["player"].choices = choices  # type: ignore[attr-defined]
