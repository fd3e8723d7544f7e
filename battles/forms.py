"""Forms of the campaign pages: they parse and display input; the services decide.

The battle-card editor is one :class:`ArmyCardForm` (name, commander, seconds-in-command,
works) and a :data:`TroopFormSet` (one row per troop, plus an empty row to add one). Both
turn what the player typed into the JSON the services and the engine read
(``commander()``, ``seconds()``, ``works()``, ``TroopForm.fields_dict()``).
Service errors are shown with ``league.forms.add_service_errors``.
"""

from typing import Any

from django import forms
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

from battles.display import officer_label
from battles.models import MAX_COUNT, MAX_DC, Army, Campaign
from core.forms import PageForm, UsernameField
from core.names import validate_name
from rules_engine import witcher

PHASES = (1, 2, 3)
SIDES = ("attacker", "defender")
MAX_BASE = 50
MAX_LUCK = 50
WORKS = (
    ("better_terrain", _("Better terrain (+1)")),
    ("prepared", _("Prepared positions (+1)")),
    ("barricades", _("Barricades (+2)")),
    ("fortifications", _("Fortifications (+3)")),
)
NUMBER = {"inputmode": "numeric"}


def _base_field(label, help_text="", required=False) -> forms.IntegerField:
    return forms.IntegerField(
        label=label,
        min_value=0,
        max_value=MAX_BASE,
        required=required,
        help_text=help_text,
        widget=forms.NumberInput(attrs=NUMBER),
    )


def officer_choices(tables: witcher.WitcherTables) -> list[tuple[str, str]]:
    return [("", _("Own bases (a player character)"))] + [
        (o.rank, f"{officer_label(o.rank, o.label)} ({o.tactics}/{o.command})")
        for o in tables.officers
    ]


class CommanderFields(forms.Form):
    """The commander of a card: their own bases, or an officer template by rank (an NPC)."""

    commander_name = forms.CharField(
        label=_("Commander"),
        max_length=100,
        validators=[validate_name],
    )
    commander_rank = forms.ChoiceField(
        label=_("Officer template"),
        required=False,
        help_text=_("An NPC commander: the officer table fills the bases you leave empty."),
    )
    commander_swap = forms.BooleanField(
        label=_("Swap Tactics and Command (a Major or a General may)"), required=False
    )
    commander_tactics = _base_field(_("Tactics base"), _("INT + Tactics"))
    commander_command = _base_field(_("Command base"), _("EMP + Command"))
    commander_luck = forms.IntegerField(
        label=_("Luck"),
        min_value=0,
        max_value=MAX_LUCK,
        required=False,
        widget=forms.NumberInput(attrs=NUMBER),
        help_text=_("Points the commander may add to rolls, once each."),
    )

    def __init__(self, *args, tables: witcher.WitcherTables | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["commander_rank"].choices = officer_choices(tables or witcher.default_tables())

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not data.get("commander_rank"):
            for key in ("commander_tactics", "commander_command"):
                if data.get(key) is None and key not in self.errors:
                    self.add_error(key, _("Give the base, or choose an officer template."))
        return data

    def commander(self) -> dict[str, Any]:
        """The commander as the card stores it (``rules_engine.witcher.army``)."""
        data = self.cleaned_data
        commander: dict[str, Any] = {"name": data["commander_name"]}
        if data.get("commander_rank"):
            commander["rank"] = data["commander_rank"]
            if data.get("commander_swap"):
                commander["swap"] = True
        for key in ("tactics", "command"):
            if data.get(f"commander_{key}") is not None:
                commander[key] = data[f"commander_{key}"]
        if data.get("commander_luck"):
            commander["luck"] = data["commander_luck"]
        return commander

    @staticmethod
    def commander_initial(commander: dict[str, Any]) -> dict[str, Any]:
        return {
            "commander_name": commander.get("name", ""),
            "commander_rank": commander.get("rank", ""),
            "commander_swap": bool(commander.get("swap")),
            "commander_tactics": commander.get("tactics"),
            "commander_command": commander.get("command"),
            "commander_luck": commander.get("luck") or None,
        }


def normal_commander(commander: dict[str, Any]) -> dict[str, Any]:
    """A stored commander without its default values, to compare it with the form's."""
    return {
        k: v
        for k, v in commander.items()
        if not (k == "luck" and not v) and not (k == "swap" and not v)
    }


class ArmyCardForm(CommanderFields):
    """Everything on a battle card but its troops."""

    name = forms.CharField(label=_("Army name"), max_length=100, validators=[validate_name])
    field_order = ["name"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for phase in PHASES:
            self.fields[f"second_{phase}_name"] = forms.CharField(
                label=_("Second-in-command, phase %(phase)s") % {"phase": phase},
                max_length=100,
                required=False,
                help_text=_("Left empty: the commander leads this phase."),
            )
            self.fields[f"second_{phase}_tactics"] = _base_field(_("Tactics base"))
            self.fields[f"second_{phase}_command"] = _base_field(_("Command base"))
            self.fields[f"second_{phase}_luck"] = forms.IntegerField(
                label=_("Luck"),
                min_value=0,
                max_value=MAX_LUCK,
                required=False,
                widget=forms.NumberInput(attrs=NUMBER),
            )
        for key, label in WORKS:
            self.fields[f"works_{key}"] = forms.BooleanField(label=label, required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        for phase in PHASES:
            named = bool(data.get(f"second_{phase}_name"))
            for key in ("tactics", "command"):
                field = f"second_{phase}_{key}"
                if named and data.get(field) is None and field not in self.errors:
                    self.add_error(field, _("Give the second-in-command's base."))
            if not named and any(
                data.get(f"second_{phase}_{key}") is not None
                for key in ("tactics", "command", "luck")
            ):
                self.add_error(f"second_{phase}_name", _("Name the second-in-command."))
        return data

    def second_rows(self) -> list[dict[str, Any]]:
        return [
            {
                "phase": phase,
                **{
                    key: self[f"second_{phase}_{key}"]
                    for key in ("name", "tactics", "command", "luck")
                },
            }
            for phase in PHASES
        ]

    def works_fields(self) -> list[forms.BoundField]:
        return [self[f"works_{key}"] for key, _label in WORKS]

    def seconds(self) -> dict[str, dict[str, Any]]:
        data = self.cleaned_data
        seconds = {}
        for phase in PHASES:
            if not data.get(f"second_{phase}_name"):
                continue
            second = {
                "name": data[f"second_{phase}_name"],
                "tactics": data[f"second_{phase}_tactics"],
                "command": data[f"second_{phase}_command"],
            }
            if data.get(f"second_{phase}_luck"):
                second["luck"] = data[f"second_{phase}_luck"]
            seconds[str(phase)] = second
        return seconds

    def works(self) -> dict[str, bool]:
        return {key: True for key, _label in WORKS if self.cleaned_data.get(f"works_{key}")}

    def changes(self) -> dict[str, Any]:
        """The card's parts as ``army_update`` and ``selectors.army_card`` take them."""
        return {
            "name": self.cleaned_data["name"],
            "commander": self.commander(),
            "seconds": self.seconds(),
            "works": self.works(),
        }

    @classmethod
    def initial_for(cls, army: Army) -> dict[str, Any]:
        initial = {"name": army.name, **cls.commander_initial(army.commander or {})}
        for phase, second in (army.seconds or {}).items():
            for key in ("name", "tactics", "command"):
                initial[f"second_{phase}_{key}"] = second.get(key)
            initial[f"second_{phase}_luck"] = second.get("luck") or None
        for key, _label in WORKS:
            initial[f"works_{key}"] = bool((army.works or {}).get(key))
        return initial


class TroopForm(forms.Form):
    """One line of the card. ``id`` is the saved troop's (empty for a new line)."""

    id = forms.IntegerField(widget=forms.HiddenInput, required=False)
    name = forms.CharField(label=_("Troop"), max_length=100, validators=[validate_name])
    dc = forms.IntegerField(
        label=_("DC"),
        min_value=1,
        max_value=MAX_DC,
        widget=forms.NumberInput(attrs=NUMBER),
    )
    count = forms.IntegerField(
        label=_("Head count"),
        min_value=0,
        max_value=MAX_COUNT,
        widget=forms.NumberInput(attrs=NUMBER),
    )
    phase = forms.TypedChoiceField(
        label=_("Specialist phase"),
        choices=[("", "—"), (1, "1"), (2, "2"), (3, "3")],
        coerce=int,
        empty_value=None,
        required=False,
    )


class BaseTroopFormSet(forms.BaseFormSet):
    def rows(self):
        """Each row's form, with whether it is to be removed."""
        return [(form, self.can_delete and self._should_delete_form(form)) for form in self.forms]


TroopFormSet = forms.formset_factory(
    TroopForm,
    formset=BaseTroopFormSet,
    extra=1,
    can_delete=True,
    max_num=200,
    validate_max=True,
)


def troop_initial(army: Army) -> list[dict[str, Any]]:
    return [
        {"id": t.pk, "name": t.name, "dc": t.dc, "count": t.count, "phase": t.phase}
        for t in army.troops.all()
    ]


# --- campaigns, armies, battles ---------------------------------------------------------------


class CampaignForm(PageForm):
    name = forms.CharField(label=_("Name"), max_length=100, validators=[validate_name])
    description = forms.CharField(
        label=_("Description"), widget=forms.Textarea(attrs={"rows": 3}), required=False
    )


class PlayerAddForm(PageForm):
    player = UsernameField(
        label=_("Player (username)"),
        queryset=User.objects.filter(is_active=True).order_by("username"),
        to_field_name="username",
        widget=forms.TextInput(attrs={"autocomplete": "off"}),
        error_messages={"invalid_choice": _("No user has this username.")},
    )


class ArmyCreateForm(CommanderFields):
    """A new army: its name, who keeps it (game master's choice) and its commander; the
    troops are added in the card editor next."""

    name = forms.CharField(label=_("Army name"), max_length=100, validators=[validate_name])
    owner = UsernameField(
        label=_("Kept by"),
        queryset=User.objects.none(),
        required=False,
        empty_label=_("The game master (an NPC army)"),
    )
    field_order = ["name", "owner"]

    def __init__(self, *args, campaign: Campaign, game_master: bool, **kwargs):
        super().__init__(*args, **kwargs)
        if game_master:
            self.fields["owner"].queryset = campaign.players.order_by("username")
        else:
            del self.fields["owner"]


class BattleForm(PageForm):
    """A battle as the game master plans it: armies, options, crucial moments, and each
    side's circumstances and deployment per phase."""

    name = forms.CharField(label=_("Name"), max_length=100, validators=[validate_name])
    attacker = forms.ModelChoiceField(label=_("Attacker"), queryset=Army.objects.none())
    defender = forms.ModelChoiceField(label=_("Defender"), queryset=Army.objects.none())
    moments = forms.ChoiceField(
        label=_("Crucial moments"),
        widget=forms.RadioSelect,
        initial="gm",
        choices=[
            ("gm", _("The run pauses: the game master records who won")),
            ("chance", _("Drawn with each moment's chance")),
        ],
    )
    phase3_skill = forms.ChoiceField(
        label=_("Phase 3 skill"),
        initial="auto",
        choices=[
            ("auto", _("The phase-2 winner's better skill (automatic)")),
            ("gm", _("The game master chooses when phase 3 starts")),
            ("tactics", _("Tactics")),
            ("command", _("Command")),
        ],
    )
    casualties = forms.ChoiceField(
        label=_("Casualties"),
        initial="dice",
        choices=[
            ("off", _("Not rolled")),
            ("dice", _("Rolled with dice")),
            ("quick", _("Quick (fixed percentages)")),
        ],
    )
    no_quarter = forms.BooleanField(
        label=_("No quarter: the winner finishes off the wounded"), required=False
    )
    luck = forms.ChoiceField(
        label=_("Luck"),
        initial="auto",
        choices=[("auto", _("Spent when it makes a roll score")), ("off", _("Not used"))],
    )

    def __init__(self, *args, campaign: Campaign, **kwargs):
        super().__init__(*args, **kwargs)
        armies = campaign.armies.order_by("name")
        self.fields["attacker"].queryset = armies
        self.fields["defender"].queryset = armies
        for phase in PHASES:
            self.fields[f"moment_{phase}"] = forms.BooleanField(
                label=_("Phase %(phase)s") % {"phase": phase}, required=False
            )
            self.fields[f"moment_{phase}_chance"] = forms.IntegerField(
                label=_("Attacker's chance (%)"),
                min_value=0,
                max_value=100,
                initial=50,
                required=False,
                widget=forms.NumberInput(attrs=NUMBER),
            )
            for side in SIDES:
                prefix = f"{side}_{phase}"
                self.fields[f"{prefix}_surprise"] = forms.IntegerField(
                    label=_("Surprise"),
                    min_value=0,
                    max_value=3,
                    required=False,
                    widget=forms.NumberInput(attrs={**NUMBER, "placeholder": "0"}),
                )
                self.fields[f"{prefix}_weather"] = forms.IntegerField(
                    label=_("Bad weather"),
                    min_value=0,
                    max_value=3,
                    required=False,
                    widget=forms.NumberInput(attrs={**NUMBER, "placeholder": "0"}),
                )
                self.fields[f"{prefix}_other"] = forms.IntegerField(
                    label=_("Other"),
                    min_value=-10,
                    max_value=10,
                    required=False,
                    widget=forms.NumberInput(attrs={**NUMBER, "placeholder": "0"}),
                )
                self.fields[f"{prefix}_deployed"] = forms.IntegerField(
                    label=_("Deployed"),
                    min_value=1,
                    max_value=MAX_COUNT,
                    required=False,
                    widget=forms.NumberInput(attrs={**NUMBER, "placeholder": "—"}),
                )

    def moment_rows(self) -> list[dict[str, Any]]:
        return [
            {"phase": p, "planned": self[f"moment_{p}"], "chance": self[f"moment_{p}_chance"]}
            for p in PHASES
        ]

    def circumstance_rows(self) -> list[dict[str, Any]]:
        return [
            {
                "side": side,
                "phase": phase,
                "fields": [
                    self[f"{side}_{phase}_{key}"]
                    for key in ("surprise", "weather", "other", "deployed")
                ],
            }
            for side in SIDES
            for phase in PHASES
        ]

    def settings(self) -> dict[str, Any]:
        """The battle as ``battle_create``/``battle_update`` take it."""
        data = self.cleaned_data
        circumstances: dict[str, dict[str, dict[str, int]]] = {}
        deployment: dict[str, dict[str, int]] = {}
        for side in SIDES:
            for phase in PHASES:
                values = {
                    key: data[f"{side}_{phase}_{key}"]
                    for key in ("surprise", "weather", "other")
                    if data.get(f"{side}_{phase}_{key}")
                }
                if values:
                    circumstances.setdefault(side, {})[str(phase)] = values
                if data.get(f"{side}_{phase}_deployed"):
                    deployment.setdefault(side, {})[str(phase)] = data[f"{side}_{phase}_deployed"]
        moments = {}
        for phase in PHASES:
            if data.get(f"moment_{phase}"):
                chance = data.get(f"moment_{phase}_chance")
                moments[str(phase)] = (
                    {} if chance in (None, 50) else {"attacker_chance": chance / 100}
                )
        options = {key: data[key] for key in ("moments", "phase3_skill", "casualties", "luck")}
        if data.get("no_quarter"):
            options["no_quarter"] = True
        return {
            "name": data["name"],
            "attacker": data["attacker"],
            "defender": data["defender"],
            "circumstances": circumstances,
            "crucial_moments": moments,
            "options": options,
            "deployment": deployment,
        }

    @classmethod
    def initial_for(cls, battle) -> dict[str, Any]:
        options = {
            "moments": "chance",
            "phase3_skill": "auto",
            "casualties": "off",
            "luck": "auto",
            **(battle.options or {}),
        }
        initial: dict[str, Any] = {
            "name": battle.name,
            "attacker": battle.attacker_id,
            "defender": battle.defender_id,
            **{key: options[key] for key in ("moments", "phase3_skill", "casualties", "luck")},
            "no_quarter": bool(options.get("no_quarter")),
        }
        for phase, plan in (battle.crucial_moments or {}).items():
            initial[f"moment_{phase}"] = True
            initial[f"moment_{phase}_chance"] = round(
                100 * (plan or {}).get("attacker_chance", 0.5)
            )
        for side, phases in (battle.circumstances or {}).items():
            for phase, values in phases.items():
                for key, value in values.items():
                    initial[f"{side}_{phase}_{key}"] = value or None
        for side, phases in (battle.deployment or {}).items():
            for phase, count in phases.items():
                initial[f"{side}_{phase}_deployed"] = count
        return initial


class RunStartForm(PageForm):
    seed = forms.IntegerField(
        label=_("Seed"),
        required=False,
        min_value=0,
        max_value=2**63 - 1,
        help_text=_("Left empty: fresh dice. The same seed and decisions replay the same battle."),
    )
