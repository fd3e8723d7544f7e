"""The battle-card editor of an army's owner or the game master.

One form holds the whole card: name, commander (own bases or an officer template),
seconds-in-command, works, and one row per troop (plus an empty row to add one; a row's
"remove" box takes it off). As the player types, htmx posts the form to the preview URL,
which answers the computed card (main troop, DCs, specialists, errors and warnings) and,
out of band, each row's status. Without JavaScript, "Check the card" posts the same form
to the editor, which shows the card computed from it and saves nothing.

Saving refuses a card with errors (the battle would refuse it too) and applies everything
in one transaction through the services, so a refusal changes nothing.
"""

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from battles import engine, services
from battles.display import officer_label, troop_type_label
from battles.forms import (
    ArmyCardForm,
    TroopFormSet,
    normal_commander,
    troop_initial,
)
from battles.models import Army, Troop
from battles.selectors import campaigns as selectors
from battles.views.access import army_editor_required
from battles.views.cards import card_context
from core.forms import add_service_errors
from core.htmx import page_or_fragment
from rules_engine import witcher

PREFIX = "troops"
TROOP_FIELDS = ("name", "dc", "count", "phase")


def _form_field(field: str) -> str:
    """The editor's field for a service's (``commander.tactics`` -> ``commander_tactics``)."""
    head, _dot, rest = field.partition(".")
    if head == "commander":
        return f"commander_{rest}"
    if head == "seconds":
        phase, _dot, key = rest.partition(".")
        return f"second_{phase}_{key}"
    if head == "works":
        return f"works_{rest}"
    return field


class Editor:
    """The card being edited: the forms, the troop lines they describe (saved troops for the
    rows that have one, unsaved ``Troop`` objects for new rows) and the card they make."""

    def __init__(self, army: Army, data=None, *, add_row: bool = False):
        self.army = army
        self.tables = engine.tables_for(army.campaign)
        self.saved = list(army.troops.all())
        self.saved_by_id = {troop.pk: troop for troop in self.saved}
        if data is None:
            self.form = ArmyCardForm(initial=ArmyCardForm.initial_for(army), tables=self.tables)
            self.formset = TroopFormSet(initial=troop_initial(army), prefix=PREFIX)
        else:
            if add_row:
                data = data.copy()
                total = f"{PREFIX}-TOTAL_FORMS"
                data[total] = str(int(data.get(total) or 0) + 1)
            self.form = ArmyCardForm(data, tables=self.tables)
            self.formset = TroopFormSet(data, prefix=PREFIX)
        self.lines, self.removed = self._lines()
        changes = self.form.changes() if self.form.is_bound and self.form.is_valid() else None
        self.card = selectors.army_card(
            army=army, troops=self.lines, changes=changes, tables=self.tables
        )

    def _lines(self) -> tuple[list[Troop], set[int]]:
        if not self.formset.is_bound:
            for row, troop in enumerate(self.saved):
                troop.row = row
            return self.saved, set()
        self.formset.is_valid()
        lines, removed = [], set()
        top = max((troop.order for troop in self.saved), default=-1)
        for row, form in enumerate(self.formset.forms):
            data = getattr(form, "cleaned_data", {})
            if data.get("DELETE"):
                removed.add(row)
                continue
            if form.errors or not data or (not form.has_changed() and not data.get("id")):
                continue
            saved = self.saved_by_id.get(data.get("id")) if data.get("id") else None
            if data.get("id") and saved is None:
                form.add_error(None, _("This troop is no longer on the card: reload the page."))
                continue
            troop = Troop(
                pk=saved.pk if saved else None,
                army=self.army,
                order=saved.order if saved else top + 1 + row,
                wounded=saved.wounded if saved else 0,
                **{key: data[key] for key in TROOP_FIELDS},
            )
            troop.row = row
            lines.append(troop)
        return lines, removed

    @property
    def valid(self) -> bool:
        return (
            self.form.is_valid()
            and self.formset.is_valid()
            and not any(form.non_field_errors() for form in self.formset.forms)
        )

    def save(self, user) -> None:
        """Apply the edited card through the card service, all or nothing."""
        kept = {troop.pk for troop in self.lines if troop.pk}
        services.army_card_save(
            army=self.army,
            user=user,
            changes=self._army_changes(),
            removed=[troop for troop in self.saved if troop.pk not in kept],
            lines=[
                services.TroopLine(
                    row=line.row,
                    troop=self.saved_by_id[line.pk] if line.pk else None,
                    fields={key: getattr(line, key) for key in TROOP_FIELDS},
                )
                for line in self.lines
            ],
        )

    def _army_changes(self) -> dict[str, Any]:
        army, new = self.army, self.form.changes()
        old = {
            "name": army.name,
            "commander": normal_commander(army.commander or {}),
            "seconds": {p: normal_commander(s) for p, s in (army.seconds or {}).items()},
            "works": {key: True for key, value in (army.works or {}).items() if value},
        }
        return {key: value for key, value in new.items() if value != old[key]}

    def show_error(self, error: ValidationError) -> None:
        """A service's refusal, on the field it names where the form has one."""
        if not hasattr(error, "error_dict"):
            self.form.add_error(None, error.messages)
            return
        for field, found in error.message_dict.items():
            name = _form_field(field)
            self.form.add_error(name if name in self.form.fields else None, found)

    def show_row_error(self, failure: services.TroopLineError) -> None:
        add_service_errors(self.formset.forms[failure.row], failure)

    def rows(self) -> list[dict[str, Any]]:
        """Each row of the troops table with its status on the card."""
        view = card_context(self.card)
        by_row = {line.row: line for line in view.lines}
        return [
            {"index": row, "form": form, "line": by_row.get(row), "removed": row in self.removed}
            for row, form in enumerate(self.formset.forms)
        ]

    def context(self, **extra: Any) -> dict[str, Any]:
        officers = [
            {
                "rank": o.rank,
                "label": officer_label(o.rank, o.label),
                "tactics": o.tactics,
                "command": o.command,
                "may_swap": o.may_swap,
                "up_to": o.up_to,
            }
            for o in self.tables.officers
        ]
        troop_types = [
            {"dc": t.dc, "label": troop_type_label(t.key, t.label), "min_size": t.min_size}
            for t in self.tables.troop_types
        ]
        total = self.card.card["total"] if self.card.card else 0
        return {
            "army": self.army,
            "campaign": self.army.campaign,
            "form": self.form,
            "formset": self.formset,
            "rows": self.rows(),
            "card": card_context(self.card),
            "officers": officers,
            "suggested_rank": officer_label(witcher.officer_rank_for(total, self.tables))
            if total
            else "",
            "troop_types": troop_types,
            **extra,
        }


@army_editor_required
def army_edit(request: HttpRequest, army: Army) -> HttpResponse:
    """The editor. POST saves, unless it asks to add a row or to check the card."""
    if request.method != "POST":
        return render(request, "battles/editor.html", Editor(army).context())
    add_row = "add_row" in request.POST or "add_row" in request.GET
    editor = Editor(army, request.POST, add_row=add_row)
    notice = ""
    if add_row or "check" in request.POST:
        template = page_or_fragment(request, "battles/editor.html", "card-form")
        return render(request, template, editor.context())
    if not editor.valid:
        notice = _("Nothing was saved: correct the fields marked below.")
    elif not editor.card.ok:
        notice = _(
            "Nothing was saved: the card has errors. Correct them first; warnings "
            "do not stop a battle."
        )
    else:
        try:
            editor.save(request.user)
        except services.TroopLineError as failure:
            editor.show_row_error(failure)
            notice = _("Nothing was saved: correct the fields marked below.")
        except ValidationError as error:
            editor.show_error(error)
            notice = _("Nothing was saved: correct the fields marked below.")
        else:
            messages.success(
                request,
                _("The battle card of %(army)s is saved.")
                % {"army": editor.form.cleaned_data["name"]},
            )
            return redirect("battles:army", army.pk)
    return render(request, "battles/editor.html", editor.context(notice=notice), status=200)


@require_POST
@army_editor_required
def army_preview(request: HttpRequest, army: Army) -> HttpResponse:
    """The card the posted form makes, and each row's status (out of band); nothing is
    saved. htmx posts here as the player types."""
    editor = Editor(army, request.POST)
    template = page_or_fragment(request, "battles/editor.html", "card-preview")
    return render(request, template, editor.context(preview=True))
