"""What the templates show of a battle card and of a battle's phases, from the selectors'
``ArmyCard`` and ``BattleDetail``: every troop's part on the card, the issues worded for
the reader and tied to their troop, the DCs with their modifiers explained."""

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from battles import engine
from battles.display import (
    MODIFIERS,
    PHASE_NAMES,
    WORK_LABELS,
    issue_text,
    officer_label,
    skill_label,
    terms,
    troop_type_label,
)
from battles.models import Troop
from battles.selectors import campaigns as selectors

PHASES = (1, 2, 3)


@dataclass
class Issue:
    field: str
    message: str
    troop: Troop | None = None


@dataclass
class TroopLine:
    """One troop and its part on the card: ``main``, ``specialist`` (``phase``), ``eligible``
    (may be a specialist, not assigned), ``ranks`` (fights in the ranks) or ``off`` (nobody
    left fighting)."""

    troop: Troop
    role: str
    type_label: str
    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)

    @property
    def row(self) -> int | None:
        return getattr(self.troop, "row", None)


@dataclass
class CardView:
    card: selectors.ArmyCard
    total: int | None
    main_troops: list[str]
    main_listing: list[tuple[int, str]]  # (head count, name) of the main troop's lines
    listing: list[tuple[int, str]]  # every troop on the card
    base_dc: int | None
    dc: int | None
    works: list[tuple[str, int]]
    commander: dict[str, Any] | None
    rank: str
    phases: list[dict[str, Any]]  # per phase: who leads it, its specialists and their count
    eligible_free: list[str]  # eligible troops not assigned to a phase
    lines: list[TroopLine]
    errors: list[Issue]
    warnings: list[Issue]
    max_specialists: int

    @property
    def ok(self) -> bool:
        return self.card.ok


def _troop_of(issue_field: str, on_card: list[Troop]) -> Troop | None:
    parts = issue_field.split(".")
    if len(parts) > 1 and parts[0] == "troops" and parts[1].isdigit():
        index = int(parts[1])
        if index < len(on_card):
            return on_card[index]
    return None


def card_context(card: selectors.ArmyCard, *, tables=None) -> CardView:
    """The card as the templates show it. Lines may be unsaved troops (the editor's preview);
    a line's ``row`` attribute, when set, is its row in the editor. ``tables``: the
    campaign's (read from the army's campaign when not given)."""
    tables = tables or engine.tables_for(card.army.campaign)
    on_card = engine.card_troops(card.troops)
    data = card.card or {}
    main = list(data.get("main_troops", []))
    assigned = {phase: list(data.get("specialists", {}).get(str(phase), [])) for phase in PHASES}
    specialist_of = {name: phase for phase, names in assigned.items() for name in names}

    def issues(source) -> list[Issue]:
        return [Issue(i.field, issue_text(i), _troop_of(i.field, on_card)) for i in source]

    errors, warnings = issues(card.errors), issues(card.warnings)
    crowded = {}  # phase -> its issue: too many specialists, named on each of them
    for issue in errors:
        head, _dot, phase = issue.field.partition(".")
        if head == "specialists" and phase.isdigit() and assigned.get(int(phase)):
            issue.message = _("%(problem)s Its specialists: %(names)s.") % {
                "problem": issue.message,
                "names": ", ".join(assigned[int(phase)]),
            }
            crowded[int(phase)] = issue
    lines = []
    for troop in card.troops:
        row = tables.troop_type(troop.dc)
        if not troop.count:
            role = "off"
        elif troop.name in main:
            role = "main"
        elif troop.name in specialist_of:
            role = "specialist"
        elif troop.name in card.eligible:
            role = "eligible"
        else:
            role = "ranks"
        lines.append(
            TroopLine(
                troop=troop,
                role=role,
                type_label=troop_type_label(row.key, row.label) if row else "",
                errors=[i.message for i in errors if i.troop is troop]
                + (
                    [crowded[troop.phase].message]
                    if role == "specialist" and troop.phase in crowded
                    else []
                ),
                warnings=[i.message for i in warnings if i.troop is troop],
            )
        )
    chosen = army_works(card)
    works = [
        (str(label), getattr(tables.works, key))
        for key, label in WORK_LABELS.items()
        if chosen.get(key)
    ]
    commander = card.commander
    source = card.engine_input.get("commander") or {}
    rank = source.get("rank", "") if isinstance(source, dict) else ""
    counts = {troop.name: troop.count for troop in on_card}
    rules = tables.card
    phases = []
    for phase in PHASES:
        second = card.seconds.get(str(phase))
        phases.append(
            {
                "phase": phase,
                "name": PHASE_NAMES[phase],
                "leader": second or commander,
                "second": second is not None,
                "troops": assigned[phase],
                "count": len(assigned[phase]),
                "listing": [(counts.get(name, 0), name) for name in assigned[phase]],
                "over": len(assigned[phase]) > rules.max_specialists_per_phase,
            }
        )
    return CardView(
        card=card,
        total=data.get("total"),
        main_troops=main,
        main_listing=[(counts.get(name, 0), name) for name in main],
        listing=[(troop.count, troop.name) for troop in on_card],
        base_dc=data.get("base_dc"),
        dc=data.get("dc"),
        works=works,
        commander=commander,
        rank=officer_label(rank) if rank else "",
        phases=phases,
        eligible_free=[name for name in card.eligible if name not in specialist_of],
        lines=lines,
        errors=errors,
        warnings=warnings,
        max_specialists=rules.max_specialists_per_phase,
    )


def army_works(card: selectors.ArmyCard) -> dict[str, Any]:
    works = card.engine_input.get("works")
    return works if isinstance(works, dict) else {}


# --- a battle's phases --------------------------------------------------------------------


def modifier_terms(setup: selectors.SideSetup) -> list[dict[str, Any]]:
    """The terms worth showing: the enemy card's DC, then every modifier that is not zero."""
    return terms([m for m in setup.modifiers if m.key == "enemy_card" or m.value], MODIFIERS)


def phase_rows(detail: selectors.BattleDetail) -> list[dict[str, Any]]:
    """Each phase before the battle: its skill, and for each side who rolls, with which base,
    against which DC and why. Phase 3's skill is the phase-2 winner's choice: both bases."""
    if detail.phases is None:
        return []
    names = {side: getattr(detail.battle, side).name for side in engine.SIDES}
    rows = []
    for plan in detail.phases:
        sides = []
        for side in engine.SIDES:
            setup = plan.sides[side]
            card = detail.cards[side]
            leader = card.seconds.get(str(plan.number)) or card.commander or {}
            sides.append(
                {
                    "side": side,
                    "army": names[side],
                    "setup": setup,
                    "terms": modifier_terms(setup),
                    "bases": None
                    if setup.base is not None
                    else {"tactics": leader.get("tactics"), "command": leader.get("command")},
                }
            )
        rows.append(
            {
                "number": plan.number,
                "name": PHASE_NAMES[plan.number],
                "skill": skill_label(plan.skill)
                if plan.skill
                else _("chosen by the winner of phase 2"),
                "sides": sides,
            }
        )
    return rows
