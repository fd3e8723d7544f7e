"""A whole battle card saved at once from the card editor: the army's own changes, troops
removed, added and changed, in one transaction through the army and troop services, so a
refusal anywhere changes nothing. (The API edits the same card one troop at a time.)"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction

from battles.models import Army, Troop
from battles.services.campaigns import Actor, army_update, troop_add, troop_delete, troop_update


@dataclass(frozen=True)
class TroopLine:
    """One line of the edited card: ``troop`` the saved troop it edits (None for a new one),
    ``row`` its place in the editor (for errors), ``fields`` its values."""

    row: int
    troop: Troop | None
    fields: Mapping[str, Any] = field(default_factory=dict)


class TroopLineError(ValidationError):
    """A troop service refused one line: ``row`` says which."""

    def __init__(self, row: int, error: ValidationError):
        super().__init__(error.error_dict if hasattr(error, "error_dict") else error.messages)
        self.row = row


@transaction.atomic
def army_card_save(
    *,
    army: Army,
    user: Actor,
    changes: Mapping[str, Any],
    removed: Sequence[Troop],
    lines: Sequence[TroopLine],
) -> Army:
    """Apply the card: ``changes`` to the army, ``removed`` troops deleted, each line added or
    changed (only what differs). All or nothing: a refused line raises :class:`TroopLineError`."""
    if changes:
        army = army_update(army=army, user=user, **changes)
    for troop in removed:
        troop_delete(troop=troop, user=user)
    for line in lines:
        try:
            if line.troop is None:
                troop_add(army=army, user=user, **line.fields)
                continue
            diff = {
                key: value for key, value in line.fields.items()
                if value != getattr(line.troop, key)
            }  # fmt: skip
            if diff:
                troop_update(troop=line.troop, user=user, **diff)
        except ValidationError as error:
            raise TroopLineError(line.row, error) from None
    return army
