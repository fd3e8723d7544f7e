"""A Killpower Ball league's settings on the league pages: the competition format and the
house rules, the common ones as fields and the rest as the engine's JSON."""

import copy
import json

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from league.models import League
from league.rules_forms import LeagueRulesForm
from rules_engine.killpower import KillpowerSettings
from rules_engine.killpower.limits import MAX_RANKING_POINTS, MAX_XP_PER_MATCH
from systems.killpower import RULE_SYSTEM

HOUSE_RULE_FIELDS = {
    "ranking_draw": ("ranking", "draw"),
    "ranking_abandon": ("ranking", "abandon"),
    "xp_per_match": ("xp_per_match",),
}
"""The Killpower house rules with a field of their own (form field -> path in ``house_rules``);
the rest is the advanced JSON (``house_rules``)."""


RULES_AS_WRITTEN = KillpowerSettings()


def _rule_value(house_rules: object, path: tuple[str, ...]) -> object:
    """The setting at ``path`` in ``house_rules`` (None where it has none)."""
    value = house_rules
    for key in path:
        if not isinstance(value, dict) or key not in value:
            return None
        value = value[key]
    return value


def _rule_default(path: tuple[str, ...]) -> object:
    """The engine's default for a house rule: the rules as written (and RULES_NOTES)."""
    return _rule_value(RULES_AS_WRITTEN.to_dict(), path)


class KillpowerRulesForm(LeagueRulesForm):
    """A Killpower Ball league's competition format and house rules: the common ones as fields,
    the rest as the engine's JSON. The engine validates them through the service; an error
    naming one of the settings with a field goes on that field
    (:func:`core.forms.add_service_errors`)."""

    game_name = RULE_SYSTEM
    rule_template = "killpower/league_rules_fields.html"
    rule_fields = ("competition_format", *HOUSE_RULE_FIELDS, "house_rules")
    on_create = True

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
        min_value=-MAX_RANKING_POINTS,
        max_value=MAX_RANKING_POINTS,
        label=_("Ranking points for a draw"),
        required=False,
        initial=_rule_default(HOUSE_RULE_FIELDS["ranking_draw"]),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        help_text=_("For each team. The rule text gives none: +1 by default."),
    )
    ranking_abandon = forms.IntegerField(
        min_value=-MAX_RANKING_POINTS,
        max_value=MAX_RANKING_POINTS,
        label=_("Ranking points for the team that abandons"),
        required=False,
        initial=_rule_default(HOUSE_RULE_FIELDS["ranking_abandon"]),
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        help_text=_("Its opponent scores a win. −2 by default: an abandon counts as a loss."),
    )
    xp_per_match = forms.IntegerField(
        min_value=0,
        max_value=MAX_XP_PER_MATCH,
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

    def rule_settings(self) -> dict:
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
        return {"competition_format": self.cleaned_data["competition_format"], "house_rules": rules}

    @classmethod
    def rule_initial(cls, league: League) -> dict:
        rules = copy.deepcopy(league.house_rules or {})
        initial: dict = {"competition_format": league.competition_format}
        for name, path in HOUSE_RULE_FIELDS.items():
            value = _rule_value(rules, path)
            initial[name] = _rule_default(path) if value is None else value
            parent = _rule_value(rules, path[:-1])
            if isinstance(parent, dict):
                parent.pop(path[-1], None)
        if rules.get("ranking") == {}:
            del rules["ranking"]
        initial["house_rules"] = json.dumps(rules, indent=2, ensure_ascii=False) if rules else ""
        return initial

    def error_field(self, field: str, message: str) -> str:
        """A house-rules message (``"ranking.draw: must be an integer"``) goes on the field of
        the setting it names when the form has one."""
        if field == "house_rules":
            for name, path in HOUSE_RULE_FIELDS.items():
                if message.startswith(".".join(path) + ":") and name in self.fields:
                    return name
        return super().error_field(field, message)
