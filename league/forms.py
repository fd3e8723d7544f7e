"""Forms of the pages: they parse and display input; the services decide what is allowed.

Services raise ``ValidationError`` with field dicts; :func:`add_service_errors` shows them as
inline errors on the fields of the same name (and as form errors otherwise).
"""

import copy
import json
from datetime import timedelta

from django import forms
from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from league.models import TIEBREAKER_CHOICES, League, LineupSlot, Player, Team
from league.services import PLAYER_FIELDS
from rules_engine.killpower import KillpowerSettings

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


HOUSE_RULE_FIELDS = {
    "ranking_draw": ("ranking", "draw"),
    "ranking_abandon": ("ranking", "abandon"),
    "xp_per_match": ("xp_per_match",),
}
"""The Killpower house rules with a field of their own (form field -> path in ``house_rules``);
the rest is the advanced JSON (``house_rules``)."""
RULES_AS_WRITTEN = KillpowerSettings()


def _rule_default(path: tuple[str, ...]) -> int:
    """The engine's default for a house rule: the rules as written (and RULES_NOTES)."""
    settings = RULES_AS_WRITTEN.to_dict()
    value = settings
    for key in path:
        value = value[key]
    return value


def _rule_value(house_rules: object, path: tuple[str, ...]) -> object:
    value = house_rules
    for key in path:
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return value


class KillpowerRulesForm(PageForm):
    """A Killpower Ball league's competition format and house rules: the common ones as fields,
    the rest as the engine's JSON. The engine validates them through the service; an error
    naming one of the settings with a field goes on that field (:func:`add_league_errors`)."""

    KILLPOWER_FIELDS = ("competition_format", *HOUSE_RULE_FIELDS, "house_rules")

    competition_format = forms.ChoiceField(
        label=_("Competition format"),
        choices=League.CompetitionFormat.choices,
        initial=League.CompetitionFormat.CHAMPIONSHIP,
        widget=forms.RadioSelect,
        help_text=_(
            "A championship ranks the teams by ranking points; a tournament is a "
            "single-elimination bracket, a draw after 20 turns settled by free throws. It cannot "
            "change once a season has fixtures."
        ),
    )
    ranking_draw = forms.IntegerField(
        label=_("Ranking points for a draw"),
        required=False,
        initial=_rule_default(HOUSE_RULE_FIELDS["ranking_draw"]),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        help_text=_("For each team. The rule text gives none: +1 by default."),
    )
    ranking_abandon = forms.IntegerField(
        label=_("Ranking points for the team that abandons"),
        required=False,
        initial=_rule_default(HOUSE_RULE_FIELDS["ranking_abandon"]),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        help_text=_(
            "Its opponent scores a win. −2 by default: an abandon counts as a loss."
        ),
    )
    xp_per_match = forms.IntegerField(
        label=_("XP per match played"),
        required=False,
        initial=_rule_default(HOUSE_RULE_FIELDS["xp_per_match"]),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        help_text=_("For each gladiator who played and lives; 5 in the rule text."),
    )
    house_rules = forms.CharField(
        label=_("Advanced house rules (JSON)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false", "class": "code"}),
        help_text=_(
            "The other settings as the rules engine reads them, all optional: "
            "“target_table” (rows {“from”, “to”, “stronger”, “weaker”}), “power_cards” (the "
            "deck, [{“name”, “text”}]), “death_risk” ({“dead_at”: {“limb”: −16, “head”: −11}}), "
            "“ranking” (“win”, “division_bonus”, “loss”, “minimum”). Left empty: the rules as "
            "written."
        ),
    )

    def clean_house_rules(self) -> object:
        text = self.cleaned_data.get("house_rules", "").strip()
        if not text:
            return {}
        try:
            return json.loads(text)
        except json.JSONDecodeError as error:
            raise ValidationError(
                _("This is not valid JSON: %(error)s."), params={"error": error}
            ) from None

    def clean(self):
        cleaned = super().clean()
        advanced = cleaned.get("house_rules")
        for name, path in HOUSE_RULE_FIELDS.items():
            if name in self.fields and _rule_value(advanced, path) is not None:
                self.add_error(
                    "house_rules",
                    _("%(setting)s has its own field above: set it there.")
                    % {"setting": ".".join(path)},
                )
        return cleaned

    def killpower_settings(self) -> dict:
        """``competition_format`` and ``house_rules`` as the league services take them (a
        setting left at the rules as written is not stored)."""
        rules = copy.deepcopy(self.cleaned_data.get("house_rules"))
        if isinstance(rules, dict):
            for name, path in HOUSE_RULE_FIELDS.items():
                value = self.cleaned_data.get(name)
                if value is None or value == _rule_default(path):
                    continue
                target = rules
                for key in path[:-1]:
                    target = target.setdefault(key, {})
                    if not isinstance(target, dict):  # the engine names the setting
                        break
                else:
                    target[path[-1]] = value
        return {"competition_format": self.cleaned_data["competition_format"],
                "house_rules": rules}

    @staticmethod
    def killpower_initial(league: League) -> dict:
        rules = copy.deepcopy(league.house_rules or {})
        initial: dict = {"competition_format": league.competition_format}
        for name, path in HOUSE_RULE_FIELDS.items():
            value = _rule_value(rules, path)
            initial[name] = _rule_default(path) if value is None else value
            parent = _rule_value(rules, path[:-1]) if len(path) > 1 else rules
            if isinstance(parent, dict):
                parent.pop(path[-1], None)
        if rules.get("ranking") == {}:
            del rules["ranking"]
        initial["house_rules"] = json.dumps(rules, indent=2, ensure_ascii=False) if rules else ""
        return initial

    def killpower_fields(self):
        return [self[name] for name in self.KILLPOWER_FIELDS if name in self.fields]


def add_league_errors(form: forms.Form, error: ValidationError) -> None:
    """:func:`add_service_errors`, each house-rules message (``"ranking.draw: must be an
    integer"``) on the field of the setting it names when the form has one."""
    if hasattr(error, "error_dict") and "house_rules" in error.error_dict:
        messages = error.message_dict
        for message in messages.pop("house_rules"):
            field = "house_rules"
            for name, path in HOUSE_RULE_FIELDS.items():
                if message.startswith(".".join(path) + ":") and name in form.fields:
                    field = name
            form.add_error(field if field in form.fields else None, message)
        if not messages:
            return
        error = ValidationError(messages)
    add_service_errors(form, error)


class LeagueCreateForm(KillpowerRulesForm):
    """A new league; the Killpower fields count only for a Killpower Ball league (the page
    hides them for the others)."""

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

    field_order = ["name", "rule_system", "season_name", "description"]

    def main_fields(self):
        return [self[name] for name in self.field_order]

    def full_clean(self):
        super().full_clean()
        if self.is_bound and self.cleaned_data.get("rule_system") != League.RuleSystem.KILLPOWER:
            # Not the league's settings: their errors do not stop it.
            for name in self.KILLPOWER_FIELDS:
                self._errors.pop(name, None)

    def league(self) -> dict:
        """The keyword arguments of ``league_create``."""
        data = {key: self.cleaned_data[key] for key in self.field_order}
        if data["rule_system"] == League.RuleSystem.KILLPOWER:
            data |= self.killpower_settings()
        return data


ROTZBALL_FIELDS = ("coach_rule", "points_win", "points_draw", "points_loss")


class LeagueSettingsForm(KillpowerRulesForm):
    """A league's settings: those of its rule system only (the coach rule, points per result
    and ranking order for Rotzball; the competition format and house rules for Killpower)."""

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

    def __init__(self, *args, league: League, **kwargs):
        super().__init__(*args, **kwargs)
        self.killpower = league.rule_system == League.RuleSystem.KILLPOWER
        if self.killpower:
            for name in ROTZBALL_FIELDS:
                del self.fields[name]
            return
        for name in self.KILLPOWER_FIELDS:
            del self.fields[name]
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
        initial = {field: getattr(league, field) for field in ("name", "description")}
        if league.rule_system == League.RuleSystem.KILLPOWER:
            return initial | cls.killpower_initial(league)
        initial |= {field: getattr(league, field) for field in ROTZBALL_FIELDS}
        for index, key in enumerate(league.tiebreakers, start=1):
            initial[f"tiebreaker_{index}"] = key
        return initial

    def tiebreaker_fields(self):
        return [self[f"tiebreaker_{index}"] for index in range(1, MAX_TIEBREAKERS + 1)
                if f"tiebreaker_{index}" in self.fields]

    def settings(self) -> dict:
        """The league settings as ``league_update`` takes them."""
        data = {key: self.cleaned_data[key] for key in ("name", "description")}
        if self.killpower:
            return data | self.killpower_settings()
        data |= {key: self.cleaned_data[key] for key in ROTZBALL_FIELDS}
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


class FixtureScheduleForm(PageForm):
    """One fixture between any two teams of the league."""

    home = forms.ModelChoiceField(label=_("Home"), queryset=Team.objects.none())
    away = forms.ModelChoiceField(label=_("Away"), queryset=Team.objects.none())
    kickoff = forms.DateTimeField(
        label=_("Kick-off"),
        initial=tomorrow_evening,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
    )
    round = forms.IntegerField(
        label=_("Round"),
        min_value=1,
        required=False,
        help_text=_("Left empty: a new round after the last one."),
    )

    def __init__(self, *args, league, **kwargs):
        super().__init__(*args, **kwargs)
        teams = league.teams.order_by("name")
        self.fields["home"].queryset = teams
        self.fields["away"].queryset = teams

    def schedule(self) -> dict:
        """Keyword arguments of ``fixture_schedule``."""
        data = self.cleaned_data
        return {"home": data["home"], "away": data["away"], "kickoff": data["kickoff"],
                "round_number": data["round"]}


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
