"""Forms of the league pages: they parse and display input; the services decide.

A league's own settings (name, description) are the core's; the settings of its game come
from the game's ``league.plugins.rules_form``, mixed into these forms so every
field keeps its name. A game's rules form is a :class:`~django.forms.Form` with:

* ``game_name``: the game's name; ``rule_template``: the template drawing its fields;
* ``rule_fields``: the names of its fields; ``on_create``: shown on the new-league page;
* ``rule_settings(self)``: its cleaned fields as ``league_create``/``league_update`` take them;
* ``rule_initial(league)`` (class method): the fields' values for a league;
* ``error_field(self, field, message)``: where a service error goes (default: ``field``).

Services raise ``ValidationError`` with field dicts; :func:`core.forms.add_service_errors` shows
them.
"""

from django import forms
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

from core import registry
from core.forms import PageForm, UsernameField
from core.names import validate_name
from league import plugins
from league.models import DEFAULT_TIEBREAKERS, League
from league.rules_forms import StandingsRulesForm

COLOUR_WIDGET = forms.TextInput(attrs={"type": "color"})
COLOUR_FIELDS = ("primary_colour", "secondary_colour")


def colours_initial(colours: tuple[str, str]) -> dict:
    """A team form's initial colours: the pair the league's next team gets by default."""
    return dict(zip(COLOUR_FIELDS, colours, strict=True))


def _rules_forms(*, on_create: bool = False) -> list[type]:
    forms_ = [game.rules_form() for game in plugins.rules_form.implementations()]
    return [form for form in forms_ if form.on_create or not on_create]


class _LeagueCreateBase(PageForm):
    name = forms.CharField(label=_("Name"), max_length=100, validators=[validate_name])
    rule_system = forms.ChoiceField(label=_("Rule system"), choices=registry.choices)
    season_name = forms.CharField(
        label=_("First season"),
        max_length=60,
        required=False,
        help_text=_("For example “2526”. Left empty: “Season 1”."),
        validators=[validate_name],
    )
    description = forms.CharField(
        label=_("Description"), widget=forms.Textarea(attrs={"rows": 3}), required=False
    )

    main_field_names = ["name", "rule_system", "season_name", "description"]

    def main_fields(self):
        return [self[name] for name in self.main_field_names]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in StandingsRulesForm.standings_fields:  # left empty: the league's default
            self.fields[name].required = False
            self.fields[name].initial = League._meta.get_field(name).default
        for field, key in zip(self.tiebreaker_fields(), DEFAULT_TIEBREAKERS, strict=False):
            self.fields[field.name].initial = key

    def _standings_field_names(self) -> set[str]:
        names = [field.name for field in self.tiebreaker_fields()]
        return {*StandingsRulesForm.standings_fields, "tiebreakers", *names}

    def rule_sections(self) -> list[dict]:
        """The settings shown on this page, each with the rule systems that read them: the
        points table and ranking order (every game ranked by them), then each game's own."""
        ranked = _ranked_games()
        common = {
            "rule_systems": ranked,
            "legend": _("Points and ranking"),
            "template": "league/standings_rules_fields.html",
            "games": ", ".join(registry.game(name).label for name in ranked),
        }
        own = [
            {
                "rule_systems": [form.game_name],
                "legend": registry.game(form.game_name).label,
                "template": form.rule_template,
                "games": registry.game(form.game_name).label,
            }
            for form in _rules_forms(on_create=True)
        ]
        return [common, *own] if ranked else own

    def _chosen(self) -> str | None:
        return self.cleaned_data.get("rule_system") if hasattr(self, "cleaned_data") else None

    def _chosen_rules(self) -> type | None:
        chosen = self._chosen()
        return next((f for f in _rules_forms(on_create=True) if f.game_name == chosen), None)

    def _ignored_fields(self) -> set[str]:
        """The fields of the settings the chosen game does not read."""
        shown = {name for form in _rules_forms(on_create=True) for name in form.rule_fields}
        shown |= self._standings_field_names()
        rules = self._chosen_rules()
        read = set(rules.rule_fields if rules else ())
        if self._chosen() in _ranked_games():
            read |= self._standings_field_names()
        return shown - read

    def full_clean(self):
        super().full_clean()
        if not self.is_bound:
            return
        for name in self._ignored_fields():  # another game's settings: they do not stop it
            self._errors.pop(name, None)

    def league(self) -> dict:
        """The keyword arguments of ``league_create``."""
        data = {key: self.cleaned_data[key] for key in self.main_field_names}
        if self._chosen() in _ranked_games():
            standings = StandingsRulesForm.rule_settings(self)
            data |= {key: value for key, value in standings.items() if value not in (None, [])}
        chosen = self._chosen_rules()
        if chosen is not None:
            data |= chosen.rule_settings(self)
        return data


def _ranked_games() -> list[str]:
    """The games whose standings read the league's points per result and ranking order."""
    return [
        name
        for name, _label in registry.choices()
        if issubclass(plugins.rules_form.of(name).rules_form(), StandingsRulesForm)
    ]


def league_create_form(*args, **kwargs) -> forms.Form:
    """A new league's form: the core's fields, the points table and ranking order, and the
    create-time settings of every game (the page shows only the chosen game's; without
    JavaScript it shows them all and the other games' are ignored)."""
    bases = (*_rules_forms(on_create=True), StandingsRulesForm, _LeagueCreateBase)
    form_class = type("LeagueCreateForm", bases, {})
    return form_class(*args, **kwargs)


FORFEIT_FIELDS = ("forfeit_score_for", "forfeit_score_against")


class _LeagueSettingsBase(PageForm):
    name = forms.CharField(label=_("Name"), max_length=100, validators=[validate_name])
    description = forms.CharField(
        label=_("Description"), widget=forms.Textarea(attrs={"rows": 3}), required=False
    )
    forfeit_score_for = forms.IntegerField(
        label=_("Forfeit score of the winner"),
        min_value=0,
        max_value=99,
        required=False,
        help_text=_(
            "A fixture the commissioner awards is recorded with this score for the team awarded it."
        ),
    )
    forfeit_score_against = forms.IntegerField(
        label=_("Forfeit score of the loser"),
        min_value=0,
        max_value=99,
        required=False,
    )
    rating_tau = forms.FloatField(
        label=_("Rating volatility constant (tau)"),
        min_value=0.2,
        max_value=1.2,
        required=False,
        widget=forms.NumberInput(attrs={"step": "0.05"}),
        help_text=_(
            "How fast the teams' Glicko-2 ratings may swing: 0.2 steady to 1.2 erratic (0.5 by "
            "default). A change rates every round again."
        ),
    )
    forecast_top_places = forms.IntegerField(
        label=_("Forecast: top places"),
        min_value=1,
        max_value=64,
        required=False,
        help_text=_(
            "The season forecast gives each team's chance of finishing in these first places (4 by default)."
        ),
    )
    forecast_bottom_places = forms.IntegerField(
        label=_("Forecast: bottom places"),
        min_value=1,
        max_value=64,
        required=False,
        help_text=_(
            "The season forecast gives each team's chance of finishing in these last places (1 by default)."
        ),
    )

    deadline_grace_hours = forms.IntegerField(
        label=_("Grace period after a deadline (hours)"),
        min_value=0,
        max_value=720,
        required=False,
        help_text=_(
            "How long after a fixture's deadline its result may still come in before the "
            "fixture is late (24 by default)."
        ),
    )
    deadline_reminder_hours = forms.IntegerField(
        label=_("Remind the coaches (hours before a deadline)"),
        min_value=0,
        max_value=720,
        required=False,
        help_text=_("0: no reminder (48 by default)."),
    )
    automatic_forfeits = forms.BooleanField(
        label=_("Award late fixtures automatically"),
        required=False,
        help_text=_(
            "Once the grace period is over, the fixture goes by forfeit to the one side that "
            "entered a result or proposed a time; when neither or both did, it waits for you."
        ),
    )

    def settings(self) -> dict:
        """The league settings as ``league_update`` takes them (a forfeit score left empty
        stays as it is)."""
        data = {key: self.cleaned_data[key] for key in ("name", "description", *LEAGUE_FLAGS)}
        data |= {
            key: self.cleaned_data[key]
            for key in (*FORFEIT_FIELDS, *LEAGUE_NUMBERS)
            if self.cleaned_data.get(key) is not None
        }
        return data | self.rule_settings()


LEAGUE_NUMBERS = (
    "rating_tau",
    "forecast_top_places",
    "forecast_bottom_places",
    "deadline_grace_hours",
    "deadline_reminder_hours",
)
"""Settings of the league kept as they are when left empty."""
LEAGUE_FLAGS = ("automatic_forfeits",)


def league_settings_form(*args, league: League, **kwargs) -> forms.Form:
    """A league's settings form: its name and description, and its game's settings."""
    rules = plugins.rules_form.of(league.rule_system).rules_form()
    form_class = type("LeagueSettingsForm", (rules, _LeagueSettingsBase), {})
    initial = {"name": league.name, "description": league.description}
    fields = (*FORFEIT_FIELDS, *LEAGUE_NUMBERS, *LEAGUE_FLAGS)
    initial |= {field: getattr(league, field) for field in fields}
    kwargs.setdefault("initial", initial | rules.rule_initial(league))
    return form_class(*args, **kwargs)


class SeasonForm(PageForm):
    name = forms.CharField(label=_("Name"), max_length=60, validators=[validate_name])


class TeamRegisterForm(PageForm):
    name = forms.CharField(label=_("Team name"), max_length=80, validators=[validate_name])
    coach = UsernameField(
        label=_("Coach (username)"),
        queryset=User.objects.filter(is_active=True).order_by("username"),
        to_field_name="username",
        required=False,
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
        error_messages={"invalid_choice": _("No user has this username.")},
        help_text=_("The user who will manage the roster. Left empty: you manage it."),
    )
    primary_colour = forms.CharField(
        label=_("Primary colour"), initial="#1f4e8c", widget=COLOUR_WIDGET
    )
    secondary_colour = forms.CharField(
        label=_("Secondary colour"), initial="#f2c14e", widget=COLOUR_WIDGET
    )


class PlayerRenameForm(PageForm):
    """A player of a team (a Killpower gladiator, a Mythril player) given another name: the
    game's service checks it (``league.views.renaming``)."""

    name = forms.CharField(label=_("New name"), max_length=80)
