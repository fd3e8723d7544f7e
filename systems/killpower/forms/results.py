"""A match result entered per gladiator.

The form builds what the workflow's services take (``inputs()``: the engine's match report,
the post-match choices and the free-throw choices); its own checks name the
gladiator in every message, and its ``error_field`` puts the services' errors (fields such as
``result.home.comas.0.state``, shown by :func:`core.forms.add_service_errors`) back on the
field of the gladiator they are about. A side's report is the engine's reading of what each
row says of its gladiator (``side_of_entries``, the inverse of ``gladiator_entry``, which fills
the rows from a stored report), and a field of it leads back to its row (``entry_named``).
"""

import re
from collections.abc import Iterable, Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from rules_engine.killpower import DecidedBy, Refusal, ReportError, side_refusals
from rules_engine.killpower.limits import MAX_DAMAGE_STATE
from rules_engine.killpower.report import entry_named, gladiator_entry, side_of_entries
from systems.killpower import SIDES
from systems.killpower.forms.result_fields import (
    LOCATION_CHOICES,
    STATE_CHOICES,
    FreeThrowFields,
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

PLAIN_FIELDS = {
    "result.score.home": "home_score",
    "result.score.away": "away_score",
    "result.decided_by": "decided_by",
    "result.abandoned_by": "abandoned_by",
}
ENTRY_FIELDS = ("played", "state", "out", "equipment_lost", "armour_lost")
"""A gladiator's row fields that are what the report says of him (``gladiator_entry``); his
coma's are ``COMA_FIELDS``, by the key of his entry."""
COMA_FIELDS = {"coma.state": "coma_state", "coma.location": "location"}
SIDE_FIELD = re.compile(r"^(?:result|decisions)\.(home|away)\.(.+)$")


def refusal_text(refusal: ReportError) -> str:
    """An engine refusal in the reader's language (the engine's words for a code the form
    does not word)."""
    wording = REFUSAL_WORDING.get(refusal.code)
    if wording is None:
        return refusal.message
    return wording % {"name": refusal.gladiator, "team": refusal.params.get("team")}


def _gladiator_fields(name: str) -> dict[str, forms.Field]:
    """The fields of a gladiator's row, by key (``redraw`` for the sides the user chooses
    for)."""
    words = {"name": name}
    return {
        "played": forms.BooleanField(
            label=_("%(name)s played") % words, required=False, initial=True
        ),
        "state": forms.ChoiceField(
            label=_("State of %(name)s after the match") % words,
            choices=STATE_CHOICES,
            initial="fit",
        ),
        "coma_state": forms.IntegerField(
            label=_("Coma state of %(name)s") % words,
            required=False,
            max_value=-11,
            min_value=-MAX_DAMAGE_STATE,
            widget=forms.NumberInput(attrs={"inputmode": "numeric", "placeholder": "−11"}),
            help_text=_("(VIE + armour) − damage: −11 or less."),
        ),
        "location": forms.ChoiceField(
            label=_("Where %(name)s was hit (aimed blow)") % words,
            choices=LOCATION_CHOICES,
            required=False,
        ),
        "out": forms.BooleanField(label=_("%(name)s could not come back") % words, required=False),
        "equipment_lost": forms.BooleanField(
            label=_("%(name)s lost his magic equipment") % words, required=False
        ),
        "armour_lost": forms.IntegerField(
            label=_("Armour points %(name)s lost") % words,
            required=False,
            min_value=0,
            max_value=20,
            widget=forms.NumberInput(attrs={"inputmode": "numeric", "placeholder": "0"}),
        ),
        "redraw": redraw_field(name),
    }


class ResultForm(FreeThrowFields):
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
        chooses = set(redraw_sides)
        self.redraw_sides = set() if tournament else chooses
        for key, label in (
            ("winner", _("Winner (the team left standing)")),
            ("abandoned_by", _("The team that abandoned")),
        ):
            choices = [("", "—"), *((side, teams[side].name) for side in SIDES)]
            self.fields[key] = forms.ChoiceField(label=label, choices=choices, required=False)
        for side in SIDES:
            for gladiator in self.gladiators[side]:
                prefix = f"{side}_{gladiator['number']}_"
                for key, row_field in _gladiator_fields(gladiator["name"]).items():
                    if key != "redraw" or side in self.redraw_sides:
                        self.fields[prefix + key] = row_field
            if tournament and side in chooses:
                names = [g["name"] for g in self.gladiators[side]]
                self.add_free_throw_fields(side, f"{side}_", teams[side].name, names)

    # what the template draws -----------------------------------------------------------------

    def sides(self) -> list[dict[str, Any]]:
        sides = []
        for side in SIDES:
            rows = []
            for gladiator in self.gladiators[side]:
                prefix = f"{side}_{gladiator['number']}_"
                fields = {
                    key[len(prefix) :]: self[key] for key in self.fields if key.startswith(prefix)
                }
                rows.append({**gladiator, "fields": fields})
            sides.append(
                {
                    "side": side,
                    "team": self.teams[side],
                    "rows": rows,
                    "redraw": side in self.redraw_sides,
                    "free_throws": self.shots(side),
                }
            )
        return sides

    # the report and the field of each of its entries -----------------------------------------

    def side_entries(
        self, side: str, data: Mapping[str, Any]
    ) -> tuple[dict[str, Any], dict[str, str]]:
        """What ``data`` (the cleaned fields) says about ``side``'s gladiators: the side's
        report (``side_of_entries``) and its equipment redraws, by name."""
        entries, redraw = {}, {}
        for gladiator in self.gladiators[side]:
            prefix, name = f"{side}_{gladiator['number']}_", gladiator["name"]
            entries[name] = {key: data.get(prefix + key) for key in ENTRY_FIELDS} | {
                "coma": {"state": data.get(prefix + "coma_state"),
                         "location": data.get(prefix + "location")}
            }  # fmt: skip
            if data.get(prefix + "redraw"):
                redraw[name] = data[prefix + "redraw"]
        return side_of_entries(entries), redraw

    def row_field(self, side: str, field: str, report: Mapping[str, Any]) -> str | None:
        """The field of the gladiator's row an entry of ``side``'s report or redraws comes
        from, by the engine's field relative to the side (``comas.0.state``,
        ``armour_lost.Tom``, ``redraw.Tom``); None for the side as a whole."""
        key, _dot, name = field.partition(".")
        named = (name, key) if key == "redraw" else entry_named(report, field)
        numbers = {gladiator["name"]: gladiator["number"] for gladiator in self.gladiators[side]}
        if named is None or named[0] not in numbers:
            return None
        return f"{side}_{numbers[named[0]]}_{COMA_FIELDS.get(named[1], named[1])}"

    # checks ------------------------------------------------------------------------------------

    def clean(self):
        cleaned = super().clean()
        decided_by = cleaned.get("decided_by")
        if decided_by == DecidedBy.ELIMINATION and not cleaned.get("winner"):
            self.add_error("winner", _("Say which team eliminated the other."))
        if decided_by == DecidedBy.ABANDON and not cleaned.get("abandoned_by"):
            self.add_error("abandoned_by", _("Say which team abandoned."))
        for side in SIDES:
            self._clean_side(side, cleaned)
        return cleaned

    def _clean_side(self, side: str, cleaned: dict[str, Any]) -> None:
        """What the engine refuses in what is entered about the side's gladiators (who may be
        hurt, be out, lose armour, redraw or shoot; someone played), each refusal on the field
        of the gladiator it names; then a coma's missing state."""
        report, redraw = self.side_entries(side, cleaned)
        shooters = [f"{side}_ft_{shot}" for shot in (1, 2) if cleaned.get(f"{side}_ft_{shot}")]
        refused = side_refusals(
            team=self.teams[side].name,
            played=report["played"],
            comas=[coma["gladiator"] for coma in report["comas"]],
            badly_wounded=report["badly_wounded"],
            out=report["out"],
            armour_lost=list(report["armour_lost"]),
            equipment_lost=report["equipment_lost"],
            redraw=list(redraw),
            shooters=[cleaned[shooter] for shooter in shooters],
        )
        for refusal in refused:
            key, _dot, index = refusal.field.partition(".")
            field = shooters[int(index)] if key == "shooters" else None
            self.add_error(
                field or self.row_field(side, refusal.field, report), refusal_text(refusal)
            )
        for index, coma in enumerate(report["comas"]):
            state_field = self.row_field(side, f"comas.{index}.state", report)
            if (
                coma["gladiator"] in report["played"]
                and coma["state"] is None
                and state_field not in self.errors
            ):
                self.add_error(
                    state_field,
                    _("%(name)s is in a coma: give his state, −11 or less.")
                    % {"name": coma["gladiator"]},
                )

    # what the services take ----------------------------------------------------------------

    def inputs(self) -> dict[str, Any]:
        """The ``result`` (the match report), ``decisions`` (the redraws of this user's sides,
        none chosen: none) and ``options`` (free throws) the workflow's services take."""
        data = self.cleaned_data
        entries = {side: self.side_entries(side, data) for side in SIDES}
        result: dict[str, Any] = {
            "score": {"home": data["home_score"], "away": data["away_score"]},
            "decided_by": data["decided_by"],
            **{side: entries[side][0] for side in SIDES},
        }
        if data["decided_by"] == DecidedBy.ELIMINATION:
            result["result"] = data["winner"]
        if data["decided_by"] == DecidedBy.ABANDON:
            result["abandoned_by"] = data["abandoned_by"]
        decisions = {
            side: {"redraw": entries[side][1]}
            for side in sorted(self.redraw_sides)
            if entries[side][1]
        }
        return {"result": result, "decisions": decisions, "options": self.free_throws()}

    def error_field(self, field: str, message: str = "") -> str | None:
        """The form field a service error about ``field`` belongs on, or None (the form's)."""
        if field in PLAIN_FIELDS:
            return PLAIN_FIELDS[field]
        data = getattr(self, "cleaned_data", {})
        if field == "result.result":
            return "winner" if data.get("decided_by") == DecidedBy.ELIMINATION else "decided_by"
        if match := SIDE_FIELD.match(field):
            side = match.group(1)
            return self.row_field(side, match.group(2), self.side_entries(side, data)[0])
        return super().error_field(field, message)

    # a stored report back into the form -------------------------------------------------------

    @staticmethod
    def initial_from(report: Any, *, gladiators: Mapping[str, list[dict]]) -> dict[str, Any]:
        """The form's initial values for a ``ResultReport`` as stored (to correct or re-enter
        it); none without."""
        payload = report.payload if report is not None else None
        if not payload:
            return {}
        decided_by = payload.get("decided_by")
        initial: dict[str, Any] = {
            "home_score": payload["score"]["home"],
            "away_score": payload["score"]["away"],
            "decided_by": decided_by
            if decided_by in (DecidedBy.ELIMINATION, DecidedBy.ABANDON)
            else DecidedBy.POINTS,
            "winner": payload.get("result") if decided_by == DecidedBy.ELIMINATION else "",
            "abandoned_by": payload.get("abandoned_by") or "",
        }
        free_throws = report.free_throws or {}
        for side in SIDES:
            own = payload.get(side) or {}
            redraw = ((report.decisions or {}).get(side) or {}).get("redraw", {})
            for gladiator in gladiators[side]:
                prefix, name = f"{side}_{gladiator['number']}_", gladiator["name"]
                entry = gladiator_entry(own, own.get("badly_wounded", []), name)
                coma = entry["coma"] or {}
                initial |= {prefix + key: entry[key] for key in ENTRY_FIELDS} | {
                    prefix + "coma_state": coma.get("state"),
                    prefix + "location": coma.get("location") or "",
                    prefix + "redraw": redraw.get(name, ""),
                }
            shooters = [*(free_throws.get(side) or []), "", ""]
            distances = [*((free_throws.get("distances") or {}).get(side) or []), None, None]
            for shot in (1, 2):
                initial[f"{side}_ft_{shot}"] = shooters[shot - 1]
                initial[f"{side}_ft_{shot}_distance"] = distances[shot - 1]
        return initial
