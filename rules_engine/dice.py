"""The one object every random draw goes through.

A :class:`Dice` is seeded (``Dice(seed=42)``) or scripted (``Dice.scripted([11, 57])``,
for tests that need exact values). Every roll is recorded as a :class:`Roll` (die, value,
purpose), so a result can carry its full roll log, and the same seed always replays the
same log.

A purpose is a plain string (``"home attack"``) or a :class:`Purpose`: a code and its
parameters, which the log writes as ``{"code": "exchange_round", "phase": 2, ...}`` so that
a reader words it in its own language instead of parsing English.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any, cast

from rules_engine.errors import InvalidInput, ScriptExhausted

MAX_SEED = 2**63 - 1
FAST_SIDES = 2**32  # up to this many faces, random() * sides is uniform enough and faster
MAX_ENTRY_SIDES = 1000  # the largest die :func:`roll_entries` makes entries for


type Param = str | int
type Roller = Callable[[str | Purpose], int]
"""A die of fixed sides bound to one :class:`Dice` (see :meth:`Dice.roller`)."""
type RollEntries = tuple[Any, ...]
"""A die's sides and its log entries for one purpose, by value: see :func:`roll_entries`."""
type EntryRoller = Callable[[RollEntries], int]
"""Dice that record prebuilt log entries (see :meth:`Dice.entry_roller`)."""


@dataclass(frozen=True, slots=True)
class Purpose:
    """What a roll is for, as a ``code`` and its parameters (names and plain values), never
    as a phrase: ``Purpose.of("exchange_round", phase=2, round=3, side="attacker")``."""

    code: str
    params: tuple[tuple[str, Param], ...] = ()
    # to_dict()'s dict, built at its first call: a purpose is immutable and a game's log
    # writes the same purposes over and over (each roll gets a copy)
    _json: dict[str, Param] | None = field(default=None, init=False, repr=False, compare=False)

    @classmethod
    def of(cls, code: str, **params: Param) -> Purpose:
        return cls(code, tuple(params.items()))

    def extended(self, **params: Param) -> Purpose:
        """The same purpose with more parameters (e.g. the extra die of a critical)."""
        return Purpose(self.code, self.params + tuple(params.items()))

    def to_dict(self) -> dict[str, Param]:
        """``{"code": code, **params}``, as the roll log writes it (a new dict at each call)."""
        json = self._json
        if json is None:
            json = dict((("code", self.code), *self.params))
            object.__setattr__(self, "_json", json)
        return json.copy()

    def __str__(self) -> str:
        return " ".join([self.code, *(f"{name}={value}" for name, value in self.params)])


def purpose_json(purpose: str | Purpose) -> str | dict[str, Param]:
    """A purpose as the roll log writes it: the string, or the code with its parameters."""
    return purpose if isinstance(purpose, str) else purpose.to_dict()


@dataclass(frozen=True, slots=True)
class Roll:
    """One recorded draw: ``die`` such as ``"d100"``, the ``value`` and what it was for."""

    die: str
    value: int
    purpose: str | Purpose

    def to_dict(self) -> dict[str, Any]:
        return {"die": self.die, "value": self.value, "purpose": purpose_json(self.purpose)}


class Dice:
    """Seedable, scriptable, recording dice.

    ``record=False`` skips the log (for bulk Monte Carlo runs that only need outcomes).
    :meth:`roll` keeps its log entries as plain tuples (die, value, purpose), turned into
    :class:`Roll` objects or dicts only when read: a simulated match records dozens of
    rolls. A :meth:`roller` (and :meth:`draws`) records a roll as its :meth:`log` dict at
    once (its log entry is then that very dict): an engine that returns the whole log with
    every result spares a tuple and a conversion per roll (:attr:`rolls` reads a
    :class:`Purpose` back from its dict).
    """

    __slots__ = ("_log", "_rng", "_script", "_tuples", "record", "seed")

    def __init__(self, seed: int | None = None, *, record: bool = True) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(MAX_SEED)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise InvalidInput("seed", f"must be an integer between 0 and {MAX_SEED}")
        self.seed: int = seed
        self.record = record
        self._log: list[_Entry] = []
        self._tuples = False  # whether the log holds a tuple (else :meth:`log` copies it)
        self._rng = random.Random(seed)
        self._script: Iterator[int] | None = None

    @classmethod
    def scripted(cls, values: Iterable[int], *, seed: int = 0) -> Dice:
        """Dice that return ``values`` in order, then raise :class:`ScriptExhausted`."""
        dice = cls(seed)
        dice._script = iter(values)
        return dice

    def roll(self, sides: int, purpose: str | Purpose) -> int:
        """Roll one die with ``sides`` faces (1..sides) and record it."""
        if self._script is not None:
            try:
                value = next(self._script)
            except StopIteration:
                raise ScriptExhausted(f"no scripted value left for {purpose!r}") from None
            if not 1 <= value <= sides:
                raise ScriptExhausted(f"scripted value {value} is not a d{sides} for {purpose!r}")
        elif sides <= FAST_SIDES:
            value = int(self._rng.random() * sides) + 1
        else:
            value = self._rng.randint(1, sides)
        if self.record:
            self._log.append((_DIE_NAMES.get(sides) or f"d{sides}", value, purpose))
            self._tuples = True
        return value

    def roller(self, sides: int) -> Roller:
        """One die of ``sides`` faces as a function of its purpose: ``d100 = dice.roller(100)``
        then ``d100("home attack")`` draws exactly as ``dice.roll(100, "home attack")`` would,
        from the same stream, and records it the same way; only faster, for engines that roll
        in a hot loop.

        Scripted dice, subclasses that override :meth:`roll` and dice larger than
        :data:`FAST_SIDES` go through :meth:`roll` itself. ``record`` is read when the roller
        is made: make a new one after changing it.
        """
        if not self._draws_itself(sides):
            roll = self.roll
            return lambda purpose: roll(sides, purpose)
        draw = self._rng.random
        if not self.record:
            return lambda purpose: int(draw() * sides) + 1
        append = self._log.append
        die = die_name(sides)

        def recorded(purpose: str | Purpose) -> int:
            value = int(draw() * sides) + 1
            if isinstance(purpose, str):
                append({"die": die, "value": value, "purpose": purpose})
            else:  # Purpose.to_dict() inline once its JSON is made: a call less per roll
                json = purpose._json
                append({"die": die, "value": value,
                        "purpose": purpose.to_dict() if json is None else json.copy()})  # fmt: skip
            return value

        return recorded

    def entry_roller(self) -> EntryRoller:
        """:meth:`roller` for an engine that rolls a few fixed string purposes many times:
        ``roll = dice.entry_roller()`` then ``roll(entries)``, ``entries`` being
        ``roll_entries(100, "home attack")`` made once, draws exactly as
        ``dice.roll(100, "home attack")`` would and records the log entry of the value drawn
        from ``entries``: the same JSON, but one dict shared by every roll of that purpose and
        value, in every match, instead of a new dict per roll. The log is then read-only.
        The entries give the die's sides, so one entry roller rolls dice of any size.

        Scripted dice, subclasses that override :meth:`roll` and unrecorded dice roll the
        purpose through :meth:`roll`.
        """
        if self._script is not None or type(self).roll is not Dice.roll or not self.record:
            roll = self.roll
            return lambda entries: roll(entries[0], entries_purpose(entries))
        draw = self._rng.random
        append = self._log.append

        def recorded(entries: RollEntries) -> int:
            value = int(draw() * entries[0]) + 1  # entries[0]: the sides, drawn as ``roll``
            append(entries[value])
            return value

        return recorded

    def draws(self, sides: int, count: int, purpose: str | Purpose) -> list[int]:
        """``count`` dice of ``sides`` faces rolled for one purpose, drawn and recorded
        exactly as ``count`` calls of a :meth:`roller` (or of :meth:`roll`) would, in one
        call (no Python call per die)."""
        if not self._draws_itself(sides):
            roll = self.roll
            return [roll(sides, purpose) for _ in range(count)]
        draw = self._rng.random
        values = [int(draw() * sides) + 1 for _ in range(count)]
        if self.record and values:
            die = die_name(sides)
            if isinstance(purpose, str):
                self._log.extend([{"die": die, "value": value, "purpose": purpose}
                                  for value in values])  # fmt: skip
            else:
                json = purpose.to_dict()  # each entry gets its own copy, as from a roller
                self._log.extend([{"die": die, "value": value, "purpose": json.copy()}
                                  for value in values])  # fmt: skip
        return values

    def entry_draws(self, entries: RollEntries, count: int) -> list[int]:
        """``count`` rolls of an :meth:`entry_roller` on ``entries``, in one call: drawn
        exactly as :meth:`draws` of that die and purpose, and recorded as the entry roller
        records them (the shared entries, so the log is read-only)."""
        if self._script is not None or type(self).roll is not Dice.roll or not self.record:
            return self.draws(entries[0], count, entries_purpose(entries))
        draw, sides = self._rng.random, entries[0]
        values = [int(draw() * sides) + 1 for _ in range(count)]
        self._log.extend([entries[value] for value in values])
        return values

    def _draws_itself(self, sides: int) -> bool:
        """Whether :meth:`roller` and :meth:`draws` may draw from the stream themselves:
        not for scripted dice, subclasses that override :meth:`roll`, or dice larger than
        :data:`FAST_SIDES` (those go through :meth:`roll`)."""
        return self._script is None and type(self).roll is Dice.roll and sides <= FAST_SIDES

    @property
    def rolls(self) -> list[Roll]:
        """Every recorded roll, in order (a new list at each call)."""
        return [_entry_roll(entry) for entry in self._log]

    def d100(self, purpose: str | Purpose) -> int:
        return self.roll(100, purpose)

    def d10(self, purpose: str | Purpose) -> int:
        return self.roll(10, purpose)

    def d6(self, purpose: str | Purpose) -> int:
        return self.roll(6, purpose)

    def d5(self, purpose: str | Purpose) -> int:
        """1D5 as the texts read it: ceil(1D10 / 2). Recorded as the d10 actually rolled."""
        return (self.d10(purpose) + 1) // 2

    def nd6(self, count: int, purpose: str | Purpose) -> int:
        """Sum of ``count`` six-sided dice, each recorded (through :meth:`draws`, which
        draws and records exactly as :meth:`d6`)."""
        return sum(self.draws(6, count, purpose))

    def coin(self, purpose: str | Purpose) -> bool:
        """A coin toss: True on heads. Recorded as a d2."""
        return self.roll(2, purpose) == 1

    def log(self) -> list[dict[str, Any]]:
        """The roll log as JSON-able dicts, like :meth:`Roll.to_dict` (a new list at each
        call; the dicts a :meth:`roller` recorded are handed out as they are)."""
        if not self._tuples:  # every entry is already its dict (rollers' string purposes)
            return cast("list[dict[str, Any]]", self._log.copy())
        return [entry if isinstance(entry, dict) else _entry_json(entry) for entry in self._log]


type _Entry = tuple[str, int, str | Purpose] | dict[str, Any]
"""A log entry: ``(die, value, purpose)``, or already its :meth:`Dice.log` dict."""


def _entry_json(entry: tuple[str, int, str | Purpose]) -> dict[str, Any]:
    die, value, purpose = entry
    return {"die": die, "value": value, "purpose": purpose_json(purpose)}


def _entry_roll(entry: _Entry) -> Roll:
    if isinstance(entry, tuple):
        return Roll(*entry)
    purpose = entry["purpose"]
    if not isinstance(purpose, str):  # a Purpose as its log dict: its code, then its params
        purpose = Purpose(purpose["code"], tuple(item for item in purpose.items()
                                                 if item[0] != "code"))  # fmt: skip
    return Roll(entry["die"], entry["value"], purpose)


def roll_entries(sides: int, purpose: str | Purpose) -> RollEntries:
    """``(sides, entry of value 1, ..., entry of value sides)``, each entry the
    :meth:`Dice.log` dict of that roll, for :meth:`Dice.entry_roller` (index = value). Made
    for small dice: the tuple holds an entry per face. A :class:`Purpose` is written as its
    log dict, one dict shared by the entries."""
    if not 1 <= sides <= MAX_ENTRY_SIDES:
        raise ValueError(f"roll entries are made for 1 to {MAX_ENTRY_SIDES} sides, not {sides}")
    die, json = die_name(sides), purpose_json(purpose)
    return (sides, *({"die": die, "value": value, "purpose": json}
                     for value in range(1, sides + 1)))  # fmt: skip


def entries_purpose(entries: RollEntries) -> str | Purpose:
    """The purpose ``entries`` were made for (:func:`roll_entries`), as :meth:`Dice.roll`
    takes it."""
    return _entry_roll(entries[1]).purpose


_DIE_NAMES = {sides: f"d{sides}" for sides in (2, 4, 5, 6, 8, 10, 12, 20, 100)}


def die_name(sides: int) -> str:
    """``"d100"`` for 100 sides (the common dice's names are made once, not at each roll)."""
    return _DIE_NAMES.get(sides) or f"d{sides}"
