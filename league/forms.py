"""Forms of the pages: they parse and display input; the services decide what is allowed.

Services raise ``ValidationError`` with field dicts; :func:`add_service_errors` shows them as
inline errors on the fields of the same name (and as form errors otherwise).
"""

from datetime import timedelta

from django import forms
from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from league.models import TIEBREAKER_CHOICES, League, LineupSlot, Player, Team
from league.services import PLAYER_FIELDS

MAX_TIEBREAKERS = len(TIEBREAKER_CHOICES)
COLOUR_WIDGET = forms.TextInput(attrs={"type": "color"})


class PageForm(forms.Form):
    """Templates draw these fields with ``partials/field.html`` (Pico: label, widget, then
    help text and errors as ``<small>``)."""


def add_service_errors(form: forms.Form, error: ValidationError) -> None:
    """Attach a service's ``ValidationError`` to ``form``: per field where the form has one."""
    if not hasattr(error, "error_dict"):
        form.add_error(None, error.messages)
        return
    for field, messages in error.message_dict.items():
        form.add_error(field if field in form.fields else None, messages)


class PreferencesForm(PageForm):
    language = forms.ChoiceField(
        label=_("Interface language"),
        choices=[("", _("The browser's language")), *settings.LANGUAGES],
        required=False,
        help_text=_("Used on every page once you are signed in."),
    )


class LeagueCreateForm(PageForm):
    name = forms.CharField(label=_("Name"), max_length=100)
    rule_system = forms.ChoiceField(label=_("Rule system"), choices=League.RuleSystem.choices)
    season_name = forms.CharField(
        label=_("First season"),
        max_length=60,
        required=False,
        help_text=_("For example “2526”. Left empty: “Season 1”."),
    )
    description = forms.CharField(
        label=_("Description"), widget=forms.Textarea(attrs={"rows": 3}), required=False
    )


class LeagueSettingsForm(PageForm):
    name = forms.CharField(label=_("Name"), max_length=100)
    description = forms.CharField(
        label=_("Description"), widget=forms.Textarea(attrs={"rows": 3}), required=False
    )
    coach_rule = forms.ChoiceField(
        label=_("Coach rule"),
        choices=League.CoachRule.choices,
        widget=forms.RadioSelect,
        help_text=_(
            "Every turn each coach is tested and a success gives +5 to the team's rolls; or, the "
            "rule text's variant, the team with the better coach gets the difference as a bonus "
            "to all its rolls for the whole match."
        ),
    )
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

    @classmethod
    def initial_for(cls, league: League) -> dict:
        initial = {
            field: getattr(league, field)
            for field in ("name", "description", "coach_rule", "points_win", "points_draw",
                          "points_loss")
        }
        for index, key in enumerate(league.tiebreakers, start=1):
            initial[f"tiebreaker_{index}"] = key
        return initial

    def tiebreaker_fields(self):
        return [self[f"tiebreaker_{index}"] for index in range(1, MAX_TIEBREAKERS + 1)]

    def settings(self) -> dict:
        """The league settings as ``league_update`` takes them."""
        data = {key: value for key, value in self.cleaned_data.items()
                if not key.startswith("tiebreaker")}
        data["tiebreakers"] = [
            self.cleaned_data[f"tiebreaker_{index}"]
            for index in range(1, MAX_TIEBREAKERS + 1)
            if self.cleaned_data.get(f"tiebreaker_{index}")
        ]
        return data


class SeasonForm(PageForm):
    name = forms.CharField(label=_("Name"), max_length=60)


class UsernameField(forms.ModelChoiceField):
    def label_from_instance(self, obj: User) -> str:
        return obj.username


class TeamRegisterForm(PageForm):
    name = forms.CharField(label=_("Team name"), max_length=80)
    coach = UsernameField(
        label=_("Coach (username)"),
        queryset=User.objects.filter(is_active=True).order_by("username"),
        to_field_name="username",
        required=False,
        widget=forms.TextInput(attrs={"list": "usernames", "autocomplete": "off"}),
        error_messages={"invalid_choice": _("No user has this username.")},
        help_text=_("The user who will manage the roster. Left empty: you manage it."),
    )
    primary_colour = forms.CharField(
        label=_("Primary colour"), initial="#1f4e8c", widget=COLOUR_WIDGET
    )
    secondary_colour = forms.CharField(
        label=_("Secondary colour"), initial="#f2c14e", widget=COLOUR_WIDGET
    )


def tomorrow_evening():
    """Default first kick-off: tomorrow at 20:00, local time."""
    tomorrow = timezone.localtime() + timedelta(days=1)
    return tomorrow.replace(hour=20, minute=0, second=0, microsecond=0)


class FixturesGenerateForm(PageForm):
    double = forms.TypedChoiceField(
        label=_("Format"),
        choices=[
            ("1", _("Double round robin (each pair meets home and away)")),
            ("0", _("Single round robin (each pair meets once)")),
        ],
        coerce=lambda value: value == "1",
        initial="1",
        widget=forms.RadioSelect,
    )
    first_kickoff = forms.DateTimeField(
        label=_("First kick-off"),
        initial=tomorrow_evening,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        help_text=_("Round 1 kicks off then; line-ups freeze at each kick-off."),
    )
    interval = forms.IntegerField(
        label=_("Days between rounds"), min_value=1, max_value=60, initial=7
    )

    def schedule(self) -> dict:
        """Keyword arguments of ``fixtures_generate``."""
        return {
            "double": self.cleaned_data["double"],
            "first_kickoff": self.cleaned_data["first_kickoff"],
            "interval": timedelta(days=self.cleaned_data["interval"]),
        }


class RescheduleForm(PageForm):
    kickoff = forms.DateTimeField(
        label=_("New kick-off"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )


class PlayerForm(PageForm):
    """A player's name and WFRP characteristics (percentages, 1-100)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"] = forms.CharField(label=_("Name"), max_length=80)
        for name in PLAYER_FIELDS[1:]:
            self.fields[name] = forms.IntegerField(
                label=Player._meta.get_field(name).verbose_name,
                min_value=1,
                max_value=100,
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            )

    @staticmethod
    def initial_for(player: Player) -> dict:
        return {field: getattr(player, field) for field in PLAYER_FIELDS}


class LineupForm(PageForm):
    """A select per Rotzball position among the team's players."""

    def __init__(self, *args, players: list[Player], **kwargs):
        super().__init__(*args, **kwargs)
        choices = [("", _("— empty —")), *((player.pk, self.player_label(player)) for player in players)]
        for position, label in LineupSlot.Position.choices:
            self.fields[position] = forms.TypedChoiceField(
                label=label, choices=choices, coerce=int, empty_value=None, required=False
            )

    @staticmethod
    def player_label(player: Player) -> str:
        return (f"{player.name} · E {player.endurance} · Ag {player.agility} · "
                f"F {player.strength} · Int {player.intelligence}")

    @staticmethod
    def initial_for(lineup: dict[str, Player]) -> dict:
        return {position: player.pk for position, player in lineup.items()}

    def assignments(self) -> dict[str, int | None]:
        """Position -> player id (None: empty), as ``lineup_set`` takes it."""
        return {position: self.cleaned_data.get(position) for position in self.fields}


class MatchPlanForm(PageForm):
    tactic = forms.ChoiceField(
        label=_("Match plan"), choices=Team.Tactic.choices, widget=forms.RadioSelect
    )
