"""A match result entered per gladiator.

The form builds the engine's match report (``payload()``), the post-match choices
(``decisions()``) and the free-throw choices (``free_throws()``); its own checks name the
gladiator in every message, and :func:`add_result_errors` puts the services' errors (fields
such as ``result.home.comas.0.state``) back on the field of the gladiator they are about.
"""

import re
from collections.abc import Iterable, Mapping
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from core.forms import PageForm
from rules_engine.killpower import Refusal, ReportError, side_refusals
from systems.killpower import SIDES
from systems.killpower.forms.result_fields import (
    LOCATION_CHOICES,
    STATE_CHOICES,
    DecidedBy,
    add_free_throw_fields,
    clean_free_throws,
    free_throw_choices,
    free_throw_rows,
    redraw_field,
)
from systems.killpower.forms.teams import NUMBER

REFUSAL_WORDING = {
    Refusal.HURT_NOT_PLAYED: _(
        "%(name)s did not play: only gladiators who played can be hurt."),
    Refusal.OUT_NOT_PLAYED: _("%(name)s did not play: he cannot be out at the end."),
    Refusal.ARMOUR_NOT_PLAYED: _("%(name)s did not play: he lost no armour."),
    Refusal.REDRAW_NOT_PLAYED: _(
        "%(name)s did not play: only a gladiator who played may redraw his equipment."),
    Refusal.CANNOT_SHOOT: _(
        "%(name)s cannot shoot: a shooter played, is not in a coma and is not out."),
    Refusal.NONE_PLAYED: _("Tick at least one gladiator of %(team)s who played."),
}  # fmt: skip
"""The engine's refusals of a result (``rules_engine.killpower.refusals``), worded here."""

ENTRY_FIELDS = {  # the field ``side_refusals`` gives each kind of entry about a gladiator
    "comas": "comas.{index}.gladiator",
    "badly_wounded": "badly_wounded.{index}",
    "out": "out.{index}",
    "armour_lost": "armour_lost.{name}",
    "redraw": "redraw.{name}",
    "shooters": "shooters.{index}",
}


def refusal_text(refusal: ReportError) -> str:
    """An engine refusal in the reader's language (the engine's words for a code the form
    does not word)."""
    wording = REFUSAL_WORDING.get(refusal.code)
    if wording is None:
        return refusal.message
    return wording % {"name": refusal.gladiator, "team": refusal.params.get("team")}


class ResultForm(PageForm):
    """The score after 20 turns, how the match ended, and per gladiator whether he played and
    how he left the match.

    ``teams``: ``{"home": Team, "away": Team}``; ``gladiators``: ``{"home": [{"number",
    "name"}, ...], "away": [...]}`` (the sheets frozen at kick-off, or the teams as they stand);
    ``redraw_sides``: the sides this user chooses for (his own; both for the commissioner):
    their equipment redraws, or in a ``tournament`` their free-throw shooters and distances.
    """

    home_score = forms.IntegerField(label=_("Home score"), min_value=0, max_value=99, widget=NUMBER)
    away_score = forms.IntegerField(label=_("Away score"), min_value=0, max_value=99, widget=NUMBER)
    decided_by = forms.ChoiceField(
        label=_("How the match ended"),
        choices=[
            (DecidedBy.POINTS, _("After 20 turns, judged on the points to score")),
            (DecidedBy.ELIMINATION, _("A team eliminated the other")),
            (DecidedBy.ABANDON, _("A coach abandoned")),
        ],
        initial=DecidedBy.POINTS,
        widget=forms.RadioSelect,
    )

    def __init__(
        self,
        *args,
        teams: Mapping[str, Any],
        gladiators: Mapping[str, list[dict]],
        redraw_sides: Iterable[str] = (),
        tournament: bool = False,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.teams = teams
        self.gladiators = {side: list(gladiators[side]) for side in SIDES}
        self.redraw_sides = set() if tournament else set(redraw_sides)
        self.free_throw_sides = set(redraw_sides) if tournament else set()
        self.tournament = tournament
        side_choices = [(side, teams[side].name) for side in SIDES]
        self.fields["winner"] = forms.ChoiceField(
            label=_("Winner (the team left standing)"),
            choices=[("", "—"), *side_choices],
            required=False,
        )
        self.fields["abandoned_by"] = forms.ChoiceField(
            label=_("The team that abandoned"), choices=[("", "—"), *side_choices], required=False
        )
        for side in SIDES:
            for gladiator in self.gladiators[side]:
                self._gladiator_fields(side, gladiator["number"], gladiator["name"])
            if side in self.free_throw_sides:
                self._free_throw_fields(side)

    # fields ----------------------------------------------------------------------------------

    def _gladiator_fields(self, side: str, number: int, name: str) -> None:
        prefix = f"{side}_{number}_"
        words = {"name": name}
        self.fields[prefix + "played"] = forms.BooleanField(
            label=_("%(name)s played") % words, required=False, initial=True
        )
        self.fields[prefix + "state"] = forms.ChoiceField(
            label=_("State of %(name)s after the match") % words,
            choices=STATE_CHOICES,
            initial="fit",
        )
        self.fields[prefix + "coma_state"] = forms.IntegerField(
            label=_("Coma state of %(name)s") % words,
            required=False,
            max_value=-11,
            min_value=-99,
            widget=forms.NumberInput(attrs={"inputmode": "numeric", "placeholder": "−11"}),
            help_text=_("(VIE + armour) − damage: −11 or less."),
        )
        self.fields[prefix + "location"] = forms.ChoiceField(
            label=_("Where %(name)s was hit (aimed blow)") % words,
            choices=LOCATION_CHOICES,
            required=False,
        )
        self.fields[prefix + "out"] = forms.BooleanField(
            label=_("%(name)s could not come back") % words, required=False
        )
        self.fields[prefix + "equipment_lost"] = forms.BooleanField(
            label=_("%(name)s lost his magic equipment") % words, required=False
        )
        self.fields[prefix + "armour_lost"] = forms.IntegerField(
            label=_("Armour points %(name)s lost") % words,
            required=False,
            min_value=0,
            max_value=20,
            widget=forms.NumberInput(attrs={"inputmode": "numeric", "placeholder": "0"}),
        )
        if side in self.redraw_sides:
            self.fields[prefix + "redraw"] = redraw_field(name)

    def _free_throw_fields(self, side: str) -> None:
        add_free_throw_fields(
            self, f"{side}_", self.teams[side].name, [g["name"] for g in self.gladiators[side]]
        )

    # what the template draws -----------------------------------------------------------------

    ROW_FIELDS = (
        "played",
        "state",
        "coma_state",
        "location",
        "out",
        "equipment_lost",
        "armour_lost",
        "redraw",
    )

    def sides(self) -> list[dict[str, Any]]:
        sides = []
        for side in SIDES:
            rows = []
            for gladiator in self.gladiators[side]:
                prefix = f"{side}_{gladiator['number']}_"
                rows.append(
                    {
                        **gladiator,
                        "fields": {
                            key: self[prefix + key]
                            for key in self.ROW_FIELDS
                            if prefix + key in self.fields
                        },
                    }
                )
            sides.append(
                {
                    "side": side,
                    "team": self.teams[side],
                    "rows": rows,
                    "redraw": side in self.redraw_sides,
                    "free_throws": free_throw_rows(self, f"{side}_")
                    if side in self.free_throw_sides
                    else [],
                }
            )
        return sides

    # checks ------------------------------------------------------------------------------------

    def clean(self):
        cleaned = super().clean()
        decided_by = cleaned.get("decided_by")
        if decided_by == DecidedBy.ELIMINATION and not cleaned.get("winner"):
            self.add_error("winner", _("Say which team eliminated the other."))
        if decided_by == DecidedBy.ABANDON and not cleaned.get("abandoned_by"):
            self.add_error("abandoned_by", _("Say which team abandoned."))
        for side in SIDES:
            if side in self.free_throw_sides:
                clean_free_throws(self, f"{side}_", cleaned)
            self._clean_side(side, cleaned)
        return cleaned

    def _clean_side(self, side: str, cleaned: dict[str, Any]) -> None:
        """What the engine refuses in what is entered about the side's gladiators (who may be
        hurt, be out, lose armour, redraw or shoot; someone played), each refusal on the field
        of the gladiator it names; then a coma's missing state."""
        entries: dict[str, list[str]] = {key: [] for key in (*ENTRY_FIELDS, "played",
                                                              "equipment_lost")}  # fmt: skip
        targets: dict[str, str] = {}  # the engine's field of an entry -> the form's field

        def enter(key: str, name: str, form_field: str) -> None:
            targets[ENTRY_FIELDS[key].format(index=len(entries[key]), name=name)] = form_field
            entries[key].append(name)

        for gladiator in self.gladiators[side]:
            prefix, name = f"{side}_{gladiator['number']}_", gladiator["name"]
            if cleaned.get(prefix + "played"):
                entries["played"].append(name)
            if cleaned.get(prefix + "equipment_lost"):
                entries["equipment_lost"].append(name)
            state = cleaned.get(prefix + "state")
            if state in ("coma", "badly_wounded"):
                enter("comas" if state == "coma" else "badly_wounded", name, prefix + "state")
            for key in ("out", "armour_lost", "redraw"):
                if cleaned.get(prefix + key):
                    enter(key, name, prefix + key)
        if side in self.free_throw_sides:
            for shot in (1, 2):
                if name := cleaned.get(f"{side}_ft_{shot}"):
                    enter("shooters", name, f"{side}_ft_{shot}")
        refused = side_refusals(team=self.teams[side].name, **entries)
        for refusal in refused:
            self.add_error(targets.get(refusal.field), refusal_text(refusal))
        for gladiator in self.gladiators[side]:
            prefix = f"{side}_{gladiator['number']}_"
            if (
                cleaned.get(prefix + "played")
                and cleaned.get(prefix + "state") == "coma"
                and cleaned.get(prefix + "coma_state") is None
                and prefix + "coma_state" not in self.errors
            ):
                self.add_error(
                    prefix + "coma_state",
                    _("%(name)s is in a coma: give his state, −11 or less.")
                    % {"name": gladiator["name"]},
                )

    # what the services take ----------------------------------------------------------------

    def _side_report(self, side: str) -> dict[str, Any]:
        data = self.cleaned_data
        report: dict[str, Any] = {
            "played": [],
            "comas": [],
            "out": [],
            "equipment_lost": [],
            "armour_lost": {},
            "badly_wounded": [],
        }
        for gladiator in self.gladiators[side]:
            prefix, name = f"{side}_{gladiator['number']}_", gladiator["name"]
            if data.get(prefix + "equipment_lost"):
                report["equipment_lost"].append(name)
            if not data.get(prefix + "played"):
                continue
            report["played"].append(name)
            state = data.get(prefix + "state")
            if state == "coma":
                coma = {"gladiator": name, "state": data.get(prefix + "coma_state")}
                if data.get(prefix + "location"):
                    coma["location"] = data[prefix + "location"]
                report["comas"].append(coma)
            elif state == "badly_wounded":
                report["badly_wounded"].append(name)
            if data.get(prefix + "out"):
                report["out"].append(name)
            if data.get(prefix + "armour_lost"):
                report["armour_lost"][name] = data[prefix + "armour_lost"]
        return report

    def payload(self) -> dict[str, Any]:
        """The match report as ``report_enter`` takes it."""
        data = self.cleaned_data
        payload: dict[str, Any] = {
            "score": {"home": data["home_score"], "away": data["away_score"]},
            "decided_by": data["decided_by"],
            "home": self._side_report("home"),
            "away": self._side_report("away"),
        }
        if data["decided_by"] == DecidedBy.ELIMINATION:
            payload["result"] = data["winner"]
        if data["decided_by"] == DecidedBy.ABANDON:
            payload["abandoned_by"] = data["abandoned_by"]
        return payload

    def decisions(self) -> dict[str, Any] | None:
        chosen = {}
        for side in sorted(self.redraw_sides):
            redraw = {
                g["name"]: self.cleaned_data[f"{side}_{g['number']}_redraw"]
                for g in self.gladiators[side]
                if self.cleaned_data.get(f"{side}_{g['number']}_redraw")
            }
            if redraw:
                chosen[side] = {"redraw": redraw}
        return chosen or None

    def free_throws(self) -> dict[str, Any] | None:
        """The free-throw choices of this user's sides (None: the engine chooses)."""
        sides = sorted(self.free_throw_sides)
        return free_throw_choices(self, {side: f"{side}_" for side in sides})

    # a stored report back into the form -------------------------------------------------------

    @staticmethod
    def initial_from(
        payload: Mapping[str, Any] | None,
        decisions: Mapping[str, Any] | None = None,
        free_throws: Mapping[str, Any] | None = None,
        *,
        gladiators: Mapping[str, list[dict]],
    ) -> dict[str, Any]:
        """The form's initial values for a report as stored (to correct or re-enter it)."""
        if not payload:
            return {}
        initial: dict[str, Any] = {
            "home_score": payload["score"]["home"],
            "away_score": payload["score"]["away"],
            "decided_by": payload.get("decided_by")
            if payload.get("decided_by") in (DecidedBy.ELIMINATION, DecidedBy.ABANDON)
            else DecidedBy.POINTS,
            "winner": payload.get("result") if payload.get("decided_by") == "elimination" else "",
            "abandoned_by": payload.get("abandoned_by") or "",
        }
        for side in SIDES:
            report = payload.get(side) or {}
            comas = {coma["gladiator"]: coma for coma in report.get("comas", [])}
            redraw = ((decisions or {}).get(side) or {}).get("redraw", {})
            for gladiator in gladiators[side]:
                prefix, name = f"{side}_{gladiator['number']}_", gladiator["name"]
                initial[prefix + "played"] = name in report.get("played", [])
                if name in comas:
                    initial[prefix + "state"] = "coma"
                    initial[prefix + "coma_state"] = comas[name]["state"]
                    initial[prefix + "location"] = comas[name].get("location") or ""
                elif name in report.get("badly_wounded", []):
                    initial[prefix + "state"] = "badly_wounded"
                initial[prefix + "out"] = name in report.get("out", [])
                initial[prefix + "equipment_lost"] = name in report.get("equipment_lost", [])
                initial[prefix + "armour_lost"] = report.get("armour_lost", {}).get(name)
                initial[prefix + "redraw"] = redraw.get(name, "")
            chosen = (free_throws or {}).get(side) or []
            distances = ((free_throws or {}).get("distances") or {}).get(side) or []
            for shot in (1, 2):
                initial[f"{side}_ft_{shot}"] = chosen[shot - 1] if len(chosen) >= shot else ""
                initial[f"{side}_ft_{shot}_distance"] = (
                    distances[shot - 1] if len(distances) >= shot else None
                )
        return initial


LIST_FIELD = re.compile(r"^result\.(home|away)\.(played|out|equipment_lost|badly_wounded)\.(\d+)$")
COMA_FIELD = re.compile(r"^result\.(home|away)\.comas\.(\d+)(?:\.(gladiator|state|location))?$")
ARMOUR_FIELD = re.compile(r"^result\.(home|away)\.armour_lost\.(.+)$")
REDRAW_FIELD = re.compile(r"^decisions\.(home|away)\.redraw\.(.+)$")
SHOOTER_FIELD = re.compile(r"^free_throws\.(home|away)(?:\.(\d+))?$")
DISTANCE_FIELD = re.compile(r"^free_throws\.distances\.(home|away)(?:\.(\d+))?$")
PLAIN_FIELDS = {
    "result.score.home": "home_score",
    "result.score.away": "away_score",
    "result.decided_by": "decided_by",
    "result.abandoned_by": "abandoned_by",
}
LIST_TARGET = {
    "played": "played",
    "out": "out",
    "equipment_lost": "equipment_lost",
    "badly_wounded": "state",
}
COMA_TARGET = {None: "state", "gladiator": "state", "state": "coma_state", "location": "location"}


def result_error_field(form: ResultForm, field: str) -> str | None:
    """The form field a service error about ``field`` belongs on, or None (the form's)."""
    if field in PLAIN_FIELDS:
        return PLAIN_FIELDS[field]
    if field == "result.result":
        return (
            "winner"
            if form.cleaned_data.get("decided_by") == DecidedBy.ELIMINATION
            else "decided_by"
        )
    payload = form.payload() if hasattr(form, "cleaned_data") else {}

    def by_name(side: str, name: str, key: str) -> str | None:
        for gladiator in form.gladiators[side]:
            if gladiator["name"] == name:
                return f"{side}_{gladiator['number']}_{key}"
        return None

    def listed(side: str, key: str, index: int) -> str | None:
        names = (payload.get(side) or {}).get(key) or []
        return names[index] if index < len(names) else None

    if match := LIST_FIELD.match(field):
        side, key, index = match.group(1), match.group(2), int(match.group(3))
        name = listed(side, key, index)
        return by_name(side, name, LIST_TARGET[key]) if name else None
    if match := COMA_FIELD.match(field):
        side, index = match.group(1), int(match.group(2))
        comas = (payload.get(side) or {}).get("comas") or []
        if index < len(comas):
            return by_name(side, comas[index]["gladiator"], COMA_TARGET[match.group(3)])
        return None
    if match := ARMOUR_FIELD.match(field):
        return by_name(match.group(1), match.group(2), "armour_lost")
    if match := REDRAW_FIELD.match(field):
        return by_name(match.group(1), match.group(2), "redraw")
    if match := SHOOTER_FIELD.match(field):
        return shooter_error_field(form, f"{match.group(1)}_", match.group(2))
    if match := DISTANCE_FIELD.match(field):
        return f"{match.group(1)}_ft_{int(match.group(2) or 0) + 1}_distance"
    return None


def shooter_error_field(form: forms.Form, prefix: str, index: str | None) -> str:
    """The shooter field an error about shooter ``index`` goes on; about the shooters as a
    whole (how many), the first one left empty."""
    if index is not None:
        return f"{prefix}ft_{int(index) + 1}"
    data = getattr(form, "cleaned_data", {})
    empty = [shot for shot in (1, 2) if not data.get(f"{prefix}ft_{shot}")]
    return f"{prefix}ft_{empty[0] if len(empty) == 1 else 1}"


def add_result_errors(form: ResultForm, error: ValidationError) -> None:
    """Attach a service's ``ValidationError`` to the result form, each message on the field of
    the gladiator it names (the form's own errors otherwise)."""
    if not hasattr(error, "error_dict"):
        form.add_error(None, error.messages)
        return
    for field, messages in error.message_dict.items():
        target = result_error_field(form, field)
        if target is not None and target in form.fields:
            form.add_error(target, messages)
        else:
            form.add_error(None, messages)


# --- confirming, disputing, deciding -------------------------------------------------------
