"""Forms of the Mythril pages, and the league's settings on the league pages (starting gold,
team bets, winnings, the popularity roll, points for a draw and a loss: a win is the text's 3).
They read the input; the services decide."""

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from core.forms import PageForm
from core.names import validate_name
from league.models import League
from league.rules_forms import LeagueRulesForm
from systems.mythril import RULE_SYSTEM, selectors
from systems.mythril.services.settings import SETTING_FIELDS

MAX_OF_A_POSITION = 16


class DraftForm(PageForm):
    """The roster builder: a name, a list, popularity, the home pitch, how many of each
    position and which champions. ``draft()`` is the draft as the services read it."""

    name = forms.CharField(label=_("Team name"), max_length=80, validators=[validate_name])
    team_list = forms.ChoiceField(label=_("Team list"))
    popularity = forms.IntegerField(label=_("Popularity"), min_value=0, max_value=20, initial=1)
    home_pitch = forms.ChoiceField(label=_("Home pitch (chosen once for the league)"))

    def __init__(self, *args: Any, league: Any, race: str | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        lists = list(selectors.roster_lists(league=league))
        self.fields["team_list"].choices = [(t.race, t.name) for t in lists]
        chosen = race or self.data.get("team_list") or (lists[0].race if lists else "")
        self.team_list = next((t for t in lists if t.race == chosen), lists[0] if lists else None)
        if self.team_list is not None:
            self.initial.setdefault("team_list", self.team_list.race)
        self.fields["home_pitch"].choices = [
            (p.name, f"{p.name} ({p.cost:,})" if p.cost else f"{p.name} ({_('free')})")
            for p in selectors.pitch_types(league=league)
        ] or [("lawn", "lawn")]
        self.positions: list[tuple[Any, forms.BoundField]] = []
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
            self.positions.append((position, self[name]))
        self.champions: list[tuple[Any, forms.BoundField]] = []
        race = self.team_list.race if self.team_list else ""
        for champion in selectors.champions_for(league_id=league.pk, race=race):
            name = f"champion_{champion.pk}"
            self.fields[name] = forms.BooleanField(
                label=f"{champion.name} ({champion.cost:,})", required=False
            )
            self.champions.append((champion, self[name]))

    def draft(self) -> dict[str, Any]:
        """The draft as the services read it: the list, the players, popularity, home pitch."""
        data = getattr(self, "cleaned_data", {})
        players: list[dict[str, str]] = []
        for position, field in self.positions:
            players += [{"position": position.name}] * (data.get(field.name) or 0)
        players += [{"champion": c.name} for c, field in self.champions if data.get(field.name)]
        return {
            "team_list": self.team_list.race if self.team_list else "",
            "players": players,
            "popularity": data.get("popularity") or 0,
            "home_pitch": data.get("home_pitch") or "lawn",
        }


class RosterImportForm(PageForm):
    file = forms.FileField(label=_("Roster data file (JSON or YAML)"))

    def error_field(self, field: str, message: str) -> str:
        """An import's refusal, whatever line and field of the file it names, is the file's."""
        return "file"


NUMBER = {"widget": forms.NumberInput(attrs={"inputmode": "numeric"})}


class MythrilRulesForm(LeagueRulesForm):
    game_name = RULE_SYSTEM
    rule_template = "mythril/league_rules_fields.html"
    rule_fields = ("points_draw", "points_loss", *SETTING_FIELDS)
    on_create = False

    points_draw = forms.IntegerField(
        label=_("Points for a draw"), min_value=0, max_value=10, initial=1
    )
    points_loss = forms.IntegerField(
        label=_("Points for a loss"),
        min_value=0,
        max_value=10,
        initial=0,
        help_text=_("A win is worth 3 (the text)."),
    )
    starting_gold = forms.IntegerField(
        label=_("Starting gold"), min_value=0, max_value=100_000_000, initial=1_000_000, **NUMBER
    )
    team_bets = forms.BooleanField(label=_("Team bets"), required=False, initial=True)
    winnings_unit = forms.IntegerField(
        label=_("Winnings unit"),
        min_value=0,
        max_value=100_000_000,
        initial=10_000,
        help_text=_("A match's winnings are (1D6 + popularity) × this."),
        **NUMBER,
    )
    popularity_down = forms.IntegerField(
        label=_("Popularity roll: lose a point at or under"), min_value=-10, max_value=20, initial=1
    )
    popularity_up = forms.IntegerField(
        label=_("Popularity roll: gain a point at or over"), min_value=-10, max_value=20, initial=6
    )
    win_modifier = forms.IntegerField(
        label=_("Popularity modifier for a win"), min_value=-5, max_value=5, initial=1
    )
    loss_modifier = forms.IntegerField(
        label=_("Popularity modifier for a loss"), min_value=-5, max_value=5, initial=-1
    )

    @classmethod
    def rule_initial(cls, league: League) -> dict:
        current = selectors.settings_of(league)
        points = {key: getattr(league, key) for key in ("points_draw", "points_loss")}
        return points | {key: getattr(current, key) for key in SETTING_FIELDS}
