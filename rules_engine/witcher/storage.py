"""Reading a stored run back: the battle, its tables, the seed and the actions to replay.

A stored run (:meth:`~rules_engine.witcher.run.BattleRun.to_dict`) is resumed by starting
the battle again on ``Dice(seed)`` and replaying its actions, ``["step", count]`` or a
decision (``["crucial_moment", side]``, ``["skip_crucial_moment", null]``,
``["phase3_skill", skill]``, ``["auto_decide", null]``); the replayed rolls must be the
stored ones, draw for draw. Every problem is an :class:`InvalidInput` under ``state``.

Versions: a state carries ``version``. Version 2 writes each roll's purpose as a code and its
parameters (:mod:`~rules_engine.witcher.purposes`); version 1 wrote it as an English phrase.
:func:`upgrade_state` brings a version-1 state to the current shape (the only place the
phrases are read), so an old run resumes, and replays, like a new one.

This module does not import the run: it replays on anything with the run's decision
methods (:class:`Replayable`), so :mod:`~rules_engine.witcher.run` depends on it, not the
other way round.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from rules_engine.dice import Dice
from rules_engine.errors import InvalidInput, RulesError
from rules_engine.witcher.army import Skill
from rules_engine.witcher.battle import Battle, Side, parse_battle
from rules_engine.witcher.parsing import integer, mapping, require
from rules_engine.witcher.purposes import legacy_purpose
from rules_engine.witcher.tables import WitcherTables

STATE_VERSION = 2
PHRASE_PURPOSES = 1  # the last version whose rolls name their purpose with a phrase


def upgrade_rolls(rolls: object) -> object:
    """A roll log of state version 1 with each purpose as its code and parameters. A phrase
    the engine never wrote, and anything that is not a roll, is left as it is (the replay
    then refuses it)."""
    if not isinstance(rolls, list):
        return rolls
    upgraded: list[object] = []
    for roll in rolls:
        purpose = roll.get("purpose") if isinstance(roll, Mapping) else None
        coded = legacy_purpose(purpose) if isinstance(purpose, str) else None
        upgraded.append(roll if coded is None else {**roll, "purpose": coded})
    return upgraded


def upgrade_state(state: Mapping[str, Any]) -> dict[str, Any]:
    """A stored state in the current shape: a version-1 state gets coded purposes and the
    current version; any other state comes back as it is (:meth:`StoredRun.read` checks it)."""
    data = dict(state)
    if data.get("version") == PHRASE_PURPOSES:
        data["rolls"] = upgrade_rolls(data.get("rolls"))
        data["version"] = STATE_VERSION
    return data


class Replayable(Protocol):
    """What stored actions are replayed on: a fresh :class:`~rules_engine.witcher.run.BattleRun`."""

    @property
    def dice(self) -> Dice: ...

    def step(self) -> dict[str, Any]: ...

    def decide_crucial_moment(self, winner: Side | str) -> dict[str, Any]: ...

    def skip_crucial_moment(self) -> dict[str, Any]: ...

    def choose_phase3_skill(self, skill: Skill | str) -> dict[str, Any]: ...

    def auto_decide(self) -> dict[str, Any]: ...


@dataclass(frozen=True, slots=True)
class StoredRun:
    battle: Battle
    seed: int
    actions: list[Any]
    draws: object
    rolls: object  # None when the state left its roll log out

    @classmethod
    def read(cls, state: object) -> StoredRun:
        source = upgrade_state(mapping(state, "state"))
        if source.get("version") != STATE_VERSION:
            raise InvalidInput("state.version", f"must be between 1 and {STATE_VERSION}")
        tables = WitcherTables.from_dict(require(source, "tables", "state"), "state.tables")
        battle = parse_battle(
            require(source, "battle", "state"), tables=tables, field="state.battle"
        )
        seed = integer(require(source, "seed", "state"), "state.seed", 0)
        actions = require(source, "actions", "state")
        if not isinstance(actions, list):
            raise InvalidInput("state.actions", "must be a list")
        return cls(battle, seed, actions, source.get("draws"), source.get("rolls"))

    def replay(self, run: Replayable) -> None:
        """Replay the actions on a fresh ``run`` and check its dice drew the stored rolls."""
        for i, action in enumerate(self.actions):
            try:
                _replay(run, action)
            except (RulesError, ValueError, TypeError) as exc:
                raise InvalidInput(f"state.actions.{i}", f"does not replay: {exc}") from None
        rolls = run.dice.log()
        if self.draws != len(rolls) or (self.rolls is not None and self.rolls != rolls):
            raise InvalidInput("state.rolls", "do not replay from the seed and the actions")


def _replay(run: Replayable, action: object) -> None:
    if not isinstance(action, list) or len(action) != 2:
        raise ValueError("an action is [name, argument]")
    name, argument = action
    if name == "step":
        for _ in range(integer(argument, "count", 1)):
            run.step()
    elif name == "crucial_moment":
        run.decide_crucial_moment(argument)
    elif name == "skip_crucial_moment":
        run.skip_crucial_moment()
    elif name == "phase3_skill":
        run.choose_phase3_skill(argument)
    elif name == "auto_decide":
        run.auto_decide()
    else:
        raise ValueError(f"unknown action {name!r}")
