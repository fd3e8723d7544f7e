"""Creating gladiators (2.1) and drawing what is drawn: equipment, power cards, RAP.

A recruit is what the coach chooses, as JSON::

    {"name": "Tom", "specialization": "shooter", "equipment": "magic_armour",
     "race": "human", "cards": ["Fantôme", "Rayon laser"]}

``race`` is optional; ``cards`` only with ``"power_cards"``, for tournament mode where the
powers are chosen (13.2); otherwise two cards are drawn from the league's deck.

Readings: the two cards are two *different* cards drawn from the whole deck (a gladiator never
holds the same power twice, 13.2, and other gladiators' cards stay in the deck, as the
championship text lets two teams hold the same power). Each card is drawn with one die of as
many faces as cards left, recorded as ``dN``.

>>> from rules_engine.dice import Dice
>>> tom = create_gladiator(Recruit("Tom", Specialization.SHOOTER, EquipmentKind.MAGIC_ARMOUR),
...                        dice=Dice.scripted([5]))
>>> tom.armour, tom.characteristics["BAL"]
(9, 5)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rules_engine.dice import Dice
from rules_engine.errors import InvalidInput
from rules_engine.killpower import tables
from rules_engine.killpower.gladiator import (
    HUMAN,
    Equipment,
    EquipmentKind,
    Gladiator,
    Race,
    Specialization,
    parse_race,
)
from rules_engine.killpower.parsing import choice, join, mapping, names, require, text


@dataclass(frozen=True, slots=True)
class PowerCard:
    """A power card: its name and its text, until matches are simulated."""

    name: str
    text: str

    def to_dict(self) -> dict[str, str]:
        return {"name": self.name, "text": self.text}


DEFAULT_DECK: tuple[PowerCard, ...] = tuple(
    PowerCard(card["name"], card["text"]) for card in tables.POWER_CARDS
)


@dataclass(frozen=True, slots=True)
class Recruit:
    """A coach's choices for a new gladiator; what is drawn comes at creation."""

    name: str
    specialization: Specialization
    equipment: EquipmentKind
    race: Race = HUMAN
    cards: tuple[str, ...] | None = None  # chosen powers (tournament mode)


def parse_recruit(data: object, field: str = "recruit") -> Recruit:
    recruit = mapping(data, field)
    equipment = choice(
        require(recruit, "equipment", field), EquipmentKind, join(field, "equipment")
    )
    cards = None
    if recruit.get("cards") is not None:
        cards = names(recruit["cards"], join(field, "cards"))
        if equipment is not EquipmentKind.POWER_CARDS:
            raise InvalidInput(join(field, "cards"), "only with the power_cards equipment")
        if len(cards) != tables.POWER_CARDS_PER_GLADIATOR:
            raise InvalidInput(join(field, "cards"), "must name exactly two different power cards")
    return Recruit(
        name=text(require(recruit, "name", field), join(field, "name")),
        specialization=choice(
            require(recruit, "specialization", field),
            Specialization,
            join(field, "specialization"),
        ),
        equipment=equipment,
        race=parse_race(recruit.get("race"), join(field, "race")),
        cards=cards,
    )


def draw_cards(deck: Sequence[PowerCard], *, dice: Dice, holder: str) -> tuple[str, ...]:
    """Two different cards of ``deck``, drawn at random."""
    left = list(dict.fromkeys(card.name for card in deck))
    if len(left) < tables.POWER_CARDS_PER_GLADIATOR:
        raise InvalidInput("power_cards", "the deck needs at least two different cards")
    drawn = []
    for _ in range(tables.POWER_CARDS_PER_GLADIATOR):
        drawn.append(left.pop(dice.roll(len(left), f"power card {holder}") - 1))
    return tuple(drawn)


def draw_equipment(
    kind: EquipmentKind,
    *,
    dice: Dice,
    holder: str,
    deck: Sequence[PowerCard] = DEFAULT_DECK,
    cards: tuple[str, ...] | None = None,
) -> Equipment:
    """New equipment of ``kind``: a magic armour is 1D5+6, drawn once; cards are drawn unless
    ``cards`` are chosen; gloves draw their 1D10 at each hit, in the match."""
    if kind is EquipmentKind.MAGIC_ARMOUR:
        return Equipment(
            kind, magic_armour=tables.MAGIC_ARMOUR_BASE + dice.d5(f"magic armour {holder}")
        )
    if kind is EquipmentKind.POWER_CARDS:
        return Equipment(kind, cards=cards or draw_cards(deck, dice=dice, holder=holder))
    return Equipment(kind)


def create_gladiator(
    recruit: Recruit, *, dice: Dice, deck: Sequence[PowerCard] = DEFAULT_DECK
) -> Gladiator:
    """A new gladiator: no experience, no raise, equipment drawn now."""
    equipment = draw_equipment(
        recruit.equipment, dice=dice, holder=recruit.name, deck=deck, cards=recruit.cards
    )
    return Gladiator(
        name=recruit.name,
        specialization=recruit.specialization,
        equipment=equipment,
        race=recruit.race,
    )


def draw_rapidity(gladiators: Iterable[Gladiator], *, dice: Dice) -> dict[str, int]:
    """RAP of each gladiator for one match: a die of the race (humans 1D10), TABLE 12."""
    return {g.name: dice.roll(g.race.rapidity_die, f"RAP {g.name}") for g in gladiators}
