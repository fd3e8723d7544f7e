"""Filling a team up to seven gladiators: at creation (2.1) and after a match (sequence 15).

The coach's recruits come first; the places still empty get automatic recruits. Reading: an
automatic recruit copies the specialization and equipment kind of the gladiator whose place
(number on the team sheet) he takes; a place nobody left (a new team) gets the
specializations in TABLE 11 order with a magic armour. Automatic recruits are named
"Recruit N", the lowest N taken by no gladiator of the team, nor by any name the caller says the
team has used before (its dead), so two gladiators of one team's history never share a name.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from itertools import count, cycle

from rules_engine.dice import Dice
from rules_engine.errors import InvalidInput
from rules_engine.killpower import tables
from rules_engine.killpower.creation import DEFAULT_DECK, PowerCard, Recruit, create_gladiator
from rules_engine.killpower.gladiator import EquipmentKind, Gladiator, Specialization
from rules_engine.killpower.team import Team


def fill_places(
    slots: Sequence[Gladiator | None],
    previous: Sequence[Gladiator],
    recruits: Sequence[Recruit],
    *,
    dice: Dice,
    deck: Sequence[PowerCard] = DEFAULT_DECK,
    field: str = "recruits",
    used_names: Collection[str] = (),
) -> tuple[list[Gladiator | None], list[Gladiator]]:
    """``slots`` (None: an empty place; missing places up to seven are empty) filled with
    ``recruits`` then automatic recruits; ``previous[i]`` is who held place ``i`` before;
    ``used_names``: names the team used before, never given to an automatic recruit."""
    filled = list(slots) + [None] * (tables.TEAM_SIZE - len(slots))
    places = [i for i, g in enumerate(filled) if g is None]
    if len(recruits) > len(places):
        raise InvalidInput(field, f"the team has {len(places)} places to fill")
    taken = {g.name for g in filled if g is not None}
    chosen = list(recruits)
    for i, recruit in enumerate(chosen):
        if recruit.name in taken:
            raise InvalidInput(f"{field}.{i}.name", f"{recruit.name!r} is taken")
        taken.add(recruit.name)
    fallback = cycle(Specialization)
    unavailable = taken | {g.name for g in previous} | set(used_names)
    numbers = (n for n in count(1) if f"Recruit {n}" not in unavailable)
    for place in places[len(chosen) :]:
        name = f"Recruit {next(numbers)}"
        left = previous[place] if place < len(previous) else None
        if left is not None:
            chosen.append(Recruit(name, left.specialization, left.equipment.kind, left.race))
        else:
            chosen.append(Recruit(name, next(fallback), EquipmentKind.MAGIC_ARMOUR))
    recruited = [create_gladiator(recruit, dice=dice, deck=deck) for recruit in chosen]
    for place, gladiator in zip(places, recruited, strict=True):
        filled[place] = gladiator
    return filled, recruited


def create_team(
    name: str,
    recruits: Sequence[Recruit] = (),
    *,
    dice: Dice,
    deck: Sequence[PowerCard] = DEFAULT_DECK,
) -> Team:
    """A new team of seven: the coach's recruits, completed with automatic ones."""
    filled, _ = fill_places([], [], recruits, dice=dice, deck=deck)
    return Team(name, tuple(g for g in filled if g is not None))
