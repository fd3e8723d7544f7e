"""A kick-off that only freezes documents on the fixture (Rotzball's line-ups, Tutatis's
sheets): the game says what it sets on each fixture, this writes one fixture, or many in one
statement with their history (``matches.plugins.kick_off``)."""

from collections.abc import Callable, Sequence
from copy import copy
from typing import Any

from django.core.exceptions import ValidationError

from core.bulk import rows_update_values
from core.history import record_saves
from matches.models import Fixture
from matches.plugins import KickOff

Freeze = Callable[..., list[tuple[Fixture, ValidationError]]]
"""``freeze(fixtures=..., **options)``: sets what the kick-off freezes on each fixture (saved
or not, nothing written) and returns each fixture that cannot kick off with its
``ValidationError``, left untouched. ``options`` are the game's own (Killpower's ``seeds``),
passed through by :meth:`FrozenKickOff.kick_off` and :meth:`FrozenKickOff.kick_off_many`."""


class FrozenKickOff(KickOff):
    """A game's kick-off from its ``freeze`` and the ``fields`` it sets."""

    def __init__(self, freeze: Freeze, fields: Sequence[str]) -> None:
        self.freeze = freeze
        self.fields = list(fields)

    def kick_off(self, fixture: Fixture, **options: Any) -> None:
        """Freeze ``fixture`` and save it; the first side's ``ValidationError`` when it cannot
        kick off (nothing changes). The caller holds both teams' and the fixture's locks."""
        for _fixture, error in self.freeze(fixtures=[fixture], **options):
            raise error
        fixture.save(update_fields=self.fields)

    def kick_off_many(self, *, fixtures: list[Fixture], **options: Any) -> dict[int, list[str]]:
        """:meth:`kick_off` for many fixtures the caller holds locked, each team judged once
        by ``freeze``; the kicked-off ones written in one ``UPDATE ... FROM (VALUES ...)``
        (each frozen document bound once, where ``bulk_update`` builds a ``CASE`` per column)
        with their history. The messages of the fixtures that cannot kick off, by id."""
        befores = {id(fixture): copy(fixture) for fixture in fixtures}
        refused = self.freeze(fixtures=fixtures, **options)
        problems = {fixture.pk: error.messages for fixture, error in refused}
        kicked = [(befores[id(f)], f) for f in fixtures if f.pk not in problems]
        if kicked:
            rows_update_values(Fixture, [fixture for _, fixture in kicked], self.fields)
        record_saves(saves=kicked, fields=self.fields)
        return problems
