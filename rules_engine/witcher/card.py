"""The battle card ("Carte de Bataille"): head count, main troop, DCs and specialists.

Readings (RULES_NOTES 2, and the project's where the text and the notes are silent):

* Troops are ranked by head count, largest first; equal counts keep the card's order.
* More than 50% of the army (strictly): the largest troop alone is the main troop and its DC
  is the base DC, whatever that DC (elite main troops).
* Otherwise troops below the elite DC (18) are taken in that order until they make at least
  60% of the army; base DC = floor(mean of their DCs). *Project reading:* when the troops
  below DC 18 cannot make 60%, elite troops complete the main troop, largest first, and the
  card carries a warning saying so.
* DC imposed on the enemy = base DC + the army's works (better terrain +1, prepared +1,
  barricades +2 or fortifications +3: *project reading*, the two walls do not add up, the
  larger counts, as the text's "barricades ou fortifications" puts it).
* Eligible specialists: troops outside the main troop with DC >= 18, or at least 10% of the
  army. A troop is one line of the card: a name listed twice is an error ("assigned twice").
* Errors (the battle is refused): a main troop or an ineligible troop given a phase, a name
  listed twice, more than 3 specialist troops in a phase.
* Warnings (the game master may accept them): phases differing by more than one specialist
  troop; a troop below the minimum group of its DC in the troop table (DC 18: 10, DC 20 and
  25: 5, matched by exact DC); a DC that is not a row of the troop table; elite troops in the
  main troop.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from typing import Any

from rules_engine.witcher.army import PHASES, Army, Troop
from rules_engine.witcher.tables import TroopType, WitcherTables, default_tables


# a value built at every resolution: not frozen=True (see rules_engine.witcher's docstring)
@dataclass(slots=True, unsafe_hash=True)
class CardIssue:
    """An error or a warning of a battle card; ``field`` is relative to the army. ``message``
    is English for programs; ``code`` and ``params`` say the same for a reader's language
    (codes: ``listed_twice``, ``main_troop_specialist``, ``not_eligible``, ``dc_not_in_table``,
    ``below_minimum_group``, ``too_many_specialists``, ``uneven_specialists``,
    ``elite_in_main``)."""

    field: str
    message: str
    code: str = ""
    params: Mapping[str, Any] = dataclass_field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "field": self.field,
            "message": self.message,
            "code": self.code,
            "params": dict(self.params),
        }


# a value built at every resolution: not frozen=True (see rules_engine.witcher's docstring)
@dataclass(slots=True, unsafe_hash=True)
class BattleCard:
    name: str
    total: int
    main_troops: tuple[str, ...]
    base_dc: int  # from the main troop alone
    dc: int  # imposed on the enemy commander: base DC + works
    specialists: dict[int, tuple[str, ...]]  # phase -> eligible troops assigned to it
    eligible: tuple[str, ...]  # every troop that may be a specialist, assigned or not
    errors: tuple[CardIssue, ...]
    warnings: tuple[CardIssue, ...]

    @property
    def ok(self) -> bool:
        return not self.errors

    def to_dict(self) -> dict[str, Any]:
        return {
            "total": self.total,
            "main_troops": list(self.main_troops),
            "base_dc": self.base_dc,
            "dc": self.dc,
            "specialists": {str(p): list(names) for p, names in self.specialists.items()},
            "errors": [issue.to_dict() for issue in self.errors],
            "warnings": [issue.to_dict() for issue in self.warnings],
        }


def _main_troop(army: Army, tables: WitcherTables) -> tuple[list[int], bool]:
    """Indices of the main troop's lines, and whether elite troops had to complete it."""
    rules = tables.card
    troops, total = army.troops, army.total
    counts = [troop.count for troop in troops]
    # largest first; a reversed sort keeps equal counts in the card's order, as a stable
    # sort on -count does, and its key is a C method rather than a lambda called per line
    order = sorted(range(len(troops)), key=counts.__getitem__, reverse=True)
    if troops[order[0]].count * 100 > total * rules.majority_percent:
        return [order[0]], False
    ordinary = [i for i in order if troops[i].dc < rules.elite_dc]
    elite = [i for i in order if troops[i].dc >= rules.elite_dc]
    main: list[int] = []
    covered = 0
    for i in ordinary + elite:
        if covered * 100 >= total * rules.main_percent:
            break
        main.append(i)
        covered += troops[i].count
    return main, len(main) > len(ordinary)  # main is a prefix: past the ordinary, elite


def battle_card(
    army: Army, tables: WitcherTables | None = None, *, warnings: bool = True
) -> BattleCard:
    """Fill the battle card of ``army``: never raises on what the card judges, it lists it.
    ``warnings=False`` leaves the warnings out (the card's errors are all there): a battle's
    plan reads only the errors, which refuse the battle, and a card's warnings, worded with
    their messages, cost about a tenth of a resolution.

    >>> from rules_engine.witcher.army import Army, Commander, Troop
    >>> peasants = Army("Village", Commander("Mayor", 8, 9),
    ...                 (Troop("Peasants", 10, 15), Troop("Mercenaries", 14, 10, phase=1)))
    >>> card = battle_card(peasants)
    >>> card.main_troops, card.base_dc, card.specialists[1]
    (('Peasants',), 10, ('Mercenaries',))
    """
    tables = tables or default_tables()
    rules = tables.card
    troops, total = army.troops, army.total
    main, elite_in_main = _main_troop(army, tables)
    in_main = set(main)
    base_dc = sum([troops[i].dc for i in main]) // len(main)
    elite_dc, specialist_share = rules.elite_dc, total * rules.specialist_percent
    eligible: list[str] = []
    errors: list[CardIssue] = []
    warned: list[CardIssue] | None = [] if warnings else None  # None: not wanted
    if elite_in_main and warned is not None:
        warned.append(CardIssue("main_troops", (
            f"troops below DC {rules.elite_dc} make less than {rules.main_percent}% of the "
            f"army: elite troops complete the main troop"), "elite_in_main",
            {"elite": rules.elite_dc, "percent": rules.main_percent}))  # fmt: skip
    specialists: dict[int, list[str]] = {phase: [] for phase in PHASES}
    seen: set[str] = set()
    types_by_dc = _types_by_dc(tables.troop_types) if warnings else {}
    for i, troop in enumerate(troops):  # one pass: eligibility, errors, warnings
        may_specialise = i not in in_main and (
            troop.dc >= elite_dc or troop.count * 100 >= specialist_share
        )
        if may_specialise:
            eligible.append(troop.name)
        if troop.name in seen:
            errors.append(CardIssue(f"troops.{i}.name", (
                f"{troop.name!r} is listed twice: a troop is one line of the card and is "
                f"assigned to one phase at most"), "listed_twice", {"name": troop.name}))  # fmt: skip
        seen.add(troop.name)
        if troop.phase is not None:
            if i in in_main:
                errors.append(CardIssue(f"troops.{i}.phase", (
                    f"{troop.name!r} is part of the main troop and cannot be a "
                    f"specialist"), "main_troop_specialist", {"name": troop.name}))  # fmt: skip
            elif not may_specialise:
                errors.append(_not_eligible(i, troop, total, tables))
            else:
                specialists[troop.phase].append(troop.name)
        if warned is not None:
            row = types_by_dc.get(troop.dc)
            if row is None or (row.min_size is not None and troop.count < row.min_size):
                warned.append(_group_warning(i, troop, row))
    _check_specialists(specialists, tables, errors, warned)
    return BattleCard(
        name=army.name,
        total=total,
        main_troops=tuple([troops[i].name for i in main]),
        base_dc=base_dc,
        dc=base_dc + army.works.modifier(tables),
        specialists={phase: tuple(names) for phase, names in specialists.items()},
        eligible=tuple(eligible),
        errors=tuple(errors),
        warnings=() if warned is None else tuple(warned),
    )


def _not_eligible(i: int, troop: Troop, total: int, tables: WitcherTables) -> CardIssue:
    rules = tables.card
    share = 100 * troop.count / total
    return CardIssue(f"troops.{i}.phase", (
        f"{troop.name!r} is not eligible as a specialist: below DC "
        f"{rules.elite_dc} a troop needs at least {rules.specialist_percent}% of "
        f"the army (it has {share:.1f}%)"), "not_eligible",
        {"name": troop.name, "elite": rules.elite_dc,
         "percent": rules.specialist_percent, "share": round(share, 1)})  # fmt: skip


_TYPES_BY_DC: dict[int, tuple[tuple[TroopType, ...], dict[int, TroopType]]] = {}


def _types_by_dc(rows: tuple[TroopType, ...]) -> dict[int, TroopType]:
    """``tables.troop_type(dc)`` for every DC, as one dict (the first row of a DC wins),
    made once per table rather than at every card (kept by the rows' identity)."""
    cached = _TYPES_BY_DC.get(id(rows))
    if cached is None or cached[0] is not rows:
        if len(_TYPES_BY_DC) >= 64:  # house-rule tables come and go: keep a few
            _TYPES_BY_DC.clear()
        cached = (rows, {row.dc: row for row in reversed(rows)})
        _TYPES_BY_DC[id(rows)] = cached
    return cached[1]


def _group_warning(i: int, troop: Troop, row: TroopType | None) -> CardIssue:
    """The warning of a DC outside the troop-type table (``row`` None), or of a troop below
    the minimum group of its ``row`` (the caller checks that one of them is the case)."""
    if row is None:
        return CardIssue(f"troops.{i}.dc", (
            f"DC {troop.dc} of {troop.name!r} is not in the troop-type table"),
            "dc_not_in_table", {"name": troop.name, "dc": troop.dc})  # fmt: skip
    return CardIssue(f"troops.{i}.count", (
        f"{troop.name!r}: {troop.count} is below the minimum group of "
        f"{row.min_size} for DC {troop.dc} ({row.label})"), "below_minimum_group",
        {"name": troop.name, "count": troop.count, "min": row.min_size, "dc": troop.dc,
         "type": row.key, "label": row.label})  # fmt: skip


def _check_specialists(
    specialists: dict[int, list[str]],
    tables: WitcherTables,
    errors: list[CardIssue],
    warnings: list[CardIssue] | None,
) -> None:
    """Too many specialist troops in a phase (an error), phases too uneven (a warning, left
    out when ``warnings`` is None)."""
    rules = tables.card
    for phase, names in specialists.items():
        if len(names) > rules.max_specialists_per_phase:
            errors.append(CardIssue(f"specialists.{phase}", (
                f"phase {phase} has {len(names)} specialist troops (at most "
                f"{rules.max_specialists_per_phase})"), "too_many_specialists",
                {"phase": phase, "count": len(names),
                 "max": rules.max_specialists_per_phase}))  # fmt: skip
    if warnings is None:
        return
    counts = [len(specialists[phase]) for phase in PHASES]
    if max(counts) - min(counts) > rules.max_phase_spread:
        spread = "/".join(str(count) for count in counts)
        warnings.append(CardIssue("specialists", (
            f"specialist troops per phase {spread} differ by more than "
            f"{rules.max_phase_spread}"), "uneven_specialists",
            {"spread": spread, "max": rules.max_phase_spread}))  # fmt: skip
