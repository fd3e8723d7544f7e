"""Forms of the league pages: they parse and display input; the services decide.

A league's own settings (name, description) are the core's; the settings of its game come
from the game's ``league.plugins.rules_form``, mixed into these forms so every
field keeps its name. A game's rules form is a :class:`~django.forms.Form` with:

* ``game_name``: the game's name; ``rule_template``: the template drawing its fields;
* ``rule_fields``: the names of its fields; ``on_create``: shown on the new-league page;
* ``rule_settings(self)``: its cleaned fields as ``league_create``/``league_update`` take them;
* ``rule_initial(league)`` (class method): the fields' values for a league;
* ``error_field(self, field, message)``: where a service error goes (default: ``field``).

Services raise ``ValidationError`` with field dicts; :func:`add_league_errors` shows them.
"""

from django import forms
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from core import registry
from core.forms import PageForm, UsernameField
from core.names import validate_name
from league import plugins
from league.models import TIEBREAKER_CHOICES, League

MAX_TIEBREAKERS = len(TIEBREAKER_CHOICES)
COLOUR_WIDGET = forms.TextInput(attrs={"type": "color"})


class LeagueRulesForm(PageForm):
    """The default of every rules-form hook, first in the order so a game's override wins."""

    game_name = ""
    rule_template = ""
    rule_fields: tuple[str, ...] = ()
    on_create = False

    def rule_settings(self) -> dict:
        return {}

    @classmethod
    def rule_initial(cls, league: League) -> dict:
        return {}

    def error_field(self, field: str, message: str) -> str:
        return field


class StandingsRulesForm(LeagueRulesForm):
    """Points per result and the ranking order: for the games ranked by a points table."""

    standings_fields = ("points_win", "points_draw", "points_loss")

    points_win = forms.IntegerField(label=_("Points for a win"), min_value=0, max_value=10)
    points_draw = forms.IntegerField(label=_("Points for a draw"), min_value=0, max_value=10)
    points_loss = forms.IntegerField(label=_("Points for a loss"), min_value=0, max_value=10)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", _("(none)")), *TIEBREAKER_CHOICES]
        for index in range(1, MAX_TIEBREAKERS + 1):
            self.fields[f"tiebreaker_{index}"] = forms.ChoiceField(
                label=_("Rank %(n)s") % {"n": index}, choices=choices, required=False
            )
        # Where the service's errors about the whole order go (drawn as the fieldset's).
        self.fields["tiebreakers"] = forms.CharField(
            label=_("Ranking order"), required=False, widget=forms.HiddenInput
        )

    def tiebreaker_fields(self):
        return [
            self[f"tiebreaker_{index}"]
            for index in range(1, MAX_TIEBREAKERS + 1)
            if f"tiebreaker_{index}" in self.fields
        ]

    def rule_settings(self) -> dict:
        data = {key: self.cleaned_data[key] for key in self.standings_fields}
        data["tiebreakers"] = [
            self.cleaned_data[f"tiebreaker_{index}"]
            for index in range(1, MAX_TIEBREAKERS + 1)
            if self.cleaned_data.get(f"tiebreaker_{index}")
        ]
        return data

    @classmethod
    def rule_initial(cls, league: League) -> dict:
        initial = {field: getattr(league, field) for field in cls.standings_fields}
        for index, key in enumerate(league.tiebreakers, start=1):
            initial[f"tiebreaker_{index}"] = key
        return initial


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

    def rule_sections(self) -> list[dict]:
        """Each game's settings shown on this page: its name, label and template."""
        return [
            {
                "rule_system": form.game_name,
                "label": registry.game(form.game_name).label,
                "template": form.rule_template,
            }
            for form in _rules_forms(on_create=True)
        ]

    def _chosen_rules(self) -> type | None:
        chosen = self.cleaned_data.get("rule_system") if hasattr(self, "cleaned_data") else None
        return next((f for f in _rules_forms(on_create=True) if f.game_name == chosen), None)

    def full_clean(self):
        super().full_clean()
        if not self.is_bound:
            return
        chosen = self._chosen_rules()
        for form in _rules_forms(on_create=True):
            if form is not chosen:  # another game's settings: their errors do not stop it
                for name in form.rule_fields:
                    self._errors.pop(name, None)

    def league(self) -> dict:
        """The keyword arguments of ``league_create``."""
        data = {key: self.cleaned_data[key] for key in self.main_field_names}
        chosen = self._chosen_rules()
        if chosen is not None:
            data |= chosen.rule_settings(self)
        return data


def league_create_form(*args, **kwargs) -> forms.Form:
    """A new league's form: the core's fields and the create-time settings of every game
    (the page shows only the chosen game's)."""
    form_class = type("LeagueCreateForm", (*_rules_forms(on_create=True), _LeagueCreateBase), {})
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

    def settings(self) -> dict:
        """The league settings as ``league_update`` takes them (a forfeit score left empty
        stays as it is)."""
        data = {key: self.cleaned_data[key] for key in ("name", "description")}
        data |= {
            key: self.cleaned_data[key]
            for key in FORFEIT_FIELDS
            if self.cleaned_data.get(key) is not None
        }
        return data | self.rule_settings()


def league_settings_form(*args, league: League, **kwargs) -> forms.Form:
    """A league's settings form: its name and description, and its game's settings."""
    rules = plugins.rules_form.of(league.rule_system).rules_form()
    form_class = type("LeagueSettingsForm", (rules, _LeagueSettingsBase), {})
    initial = {"name": league.name, "description": league.description}
    initial |= {field: getattr(league, field) for field in FORFEIT_FIELDS}
    kwargs.setdefault("initial", initial | rules.rule_initial(league))
    return form_class(*args, **kwargs)


def add_league_errors(form: forms.Form, error: ValidationError) -> None:
    """A service's ``ValidationError`` on the form: each message on the field the game's rules
    form routes it to (a house-rules message on the field of the setting it names)."""
    if not hasattr(error, "error_dict"):
        form.add_error(None, error.messages)
        return
    for field, messages in error.message_dict.items():
        for message in messages:
            target = form.error_field(field, message) if hasattr(form, "error_field") else field
            form.add_error(target if target in form.fields else None, message)


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
