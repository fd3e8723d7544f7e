"""Forms of the Mythril pages: they read the input; the services decide."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import PageForm
from core.names import validate_name
from systems.mythril.models import Champion, PitchType, TeamList

MAX_OF_A_POSITION = 16


class DraftForm(PageForm):
    """The roster builder: a name, a list, popularity, the home pitch, how many of each
    position and which champions. ``players()`` is the draft as the services read it."""

    name = forms.CharField(label=_("Team name"), max_length=80, validators=[validate_name])
    team_list = forms.ChoiceField(label=_("Team list"))
    popularity = forms.IntegerField(label=_("Popularity"), min_value=0, max_value=20, initial=1)
    home_pitch = forms.ChoiceField(label=_("Home pitch (chosen once for the league)"))

    def __init__(self, *args: Any, league: Any, race: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        lists = list(TeamList.objects.filter(league=league).prefetch_related("positions"))
        self.fields["team_list"].choices = [(t.race, t.name) for t in lists]
        chosen = race or self.data.get("team_list") or (lists[0].race if lists else "")
        self.team_list = next((t for t in lists if t.race == chosen), lists[0] if lists else None)
        if self.team_list is not None:
            self.initial.setdefault("team_list", self.team_list.race)
        self.fields["home_pitch"].choices = [
            (p.name, f"{p.name} ({p.cost:,})" if p.cost else f"{p.name} ({_('free')})")
            for p in PitchType.objects.filter(league=league)
        ] or [("lawn", "lawn")]
        self.position_fields = []
        for position in self.team_list.positions.all() if self.team_list else []:
            name = f"count_{position.pk}"
            self.fields[name] = forms.IntegerField(
                label=position.name,
                min_value=0,
                max_value=MAX_OF_A_POSITION,
                initial=0,
                required=False,
                help_text=_("%(cost)s gold, at most %(max)s")
                % {"cost": f"{position.cost:,}", "max": position.max_count},
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "count"}),
            )
            self.position_fields.append((position, name))
        self.champion_fields = []
        race = self.team_list.race if self.team_list else ""
        for champion in Champion.objects.filter(league=league):
            if not any(r.casefold() == race.casefold() for r in champion.races):
                continue
            name = f"champion_{champion.pk}"
            self.fields[name] = forms.BooleanField(
                label=f"{champion.name} ({champion.cost:,})", required=False
            )
            self.champion_fields.append((champion, name))

    def positions(self) -> list[Any]:
        return [(position, self[name]) for position, name in self.position_fields]

    def champions(self) -> list[Any]:
        return [(champion, self[name]) for champion, name in self.champion_fields]

    def players(self) -> list[dict[str, str]]:
        data = self.cleaned_data
        picks: list[dict[str, str]] = []
        for position, name in self.position_fields:
            picks += [{"position": position.name}] * (data.get(name) or 0)
        for champion, name in self.champion_fields:
            if data.get(name):
                picks.append({"champion": champion.name})
        return picks


class RosterImportForm(PageForm):
    file = forms.FileField(label=_("Roster data file (JSON or YAML)"))
