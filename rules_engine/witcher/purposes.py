"""What each roll of a battle is for: a code and its parameters, never an English phrase.

In the roll log (``Dice.log()``, a stored run's ``rolls``, a result's ``rolls``) a roll's
``purpose`` is ``{"code": ..., **params}`` (:class:`~rules_engine.dice.Purpose`):

* ``exchange_round`` (phase, round, side, and extra on an added die): a commander's 1D10 in
  an exchange round;
* ``crucial_moment`` (phase): the d100 of a crucial moment drawn by its chance;
* ``round_limit_coin`` (phase): the d2 after the round limit when the totals are equal;
* ``casualty_test`` (side, and extra on an added die): a commander's casualty test;
* ``casualties`` (side): one d6 of an army's casualty percentage;
* ``no_quarter_survivors`` (side): one d6 of the loser's survivors ("no quarter");
* ``odds_stream_seed``: the seed of an odds estimate's own random stream.

``phase`` and ``round`` are numbers, ``side`` is ``attacker`` or ``defender``, and ``extra``
marks the die a skill roll adds after a natural 10 (``critical``) or takes off after a natural
1 (``fumble``); the roll's first die has no ``extra``.

Runs stored before the codes (state version 1) wrote each purpose as a phrase, e.g. ``"phase 2
round 3 attacker critical"``. :func:`legacy_purpose` reads those phrases, and only
:mod:`~rules_engine.witcher.storage` calls it, once, when it upgrades a stored state.
"""

from __future__ import annotations

import re
from enum import StrEnum
from functools import cache, lru_cache
from typing import Any

from rules_engine.dice import Param, Purpose


class RollCode(StrEnum):
    EXCHANGE_ROUND = "exchange_round"
    CRUCIAL_MOMENT = "crucial_moment"
    ROUND_LIMIT_COIN = "round_limit_coin"
    CASUALTY_TEST = "casualty_test"
    CASUALTIES = "casualties"
    NO_QUARTER_SURVIVORS = "no_quarter_survivors"
    ODDS_STREAM_SEED = "odds_stream_seed"


class Extra(StrEnum):
    """The die a skill roll adds after a natural 10, or takes off after a natural 1."""

    CRITICAL = "critical"
    FUMBLE = "fumble"


def _purpose(code: RollCode, **params: Param) -> Purpose:
    return Purpose.of(code.value, **params)


# The builders below are cached: a purpose is immutable, and a battle asks for the same few
# dozen over and over (one per commander, round and extra die).


@lru_cache(maxsize=4096)
def exchange_round(phase: int, round_number: int, side: str) -> Purpose:
    return _purpose(RollCode.EXCHANGE_ROUND, phase=phase, round=round_number, side=str(side))


@cache
def crucial_moment(phase: int) -> Purpose:
    return _purpose(RollCode.CRUCIAL_MOMENT, phase=phase)


@cache
def round_limit_coin(phase: int) -> Purpose:
    return _purpose(RollCode.ROUND_LIMIT_COIN, phase=phase)


@cache
def casualty_test(side: str) -> Purpose:
    return _purpose(RollCode.CASUALTY_TEST, side=str(side))


@cache
def casualties(side: str) -> Purpose:
    return _purpose(RollCode.CASUALTIES, side=str(side))


@cache
def no_quarter_survivors(side: str) -> Purpose:
    return _purpose(RollCode.NO_QUARTER_SURVIVORS, side=str(side))


@cache
def odds_stream_seed() -> Purpose:
    return _purpose(RollCode.ODDS_STREAM_SEED)


@lru_cache(maxsize=4096)
def with_extra(purpose: Purpose, extra: Extra) -> Purpose:
    """``purpose``'s die added after a critical or taken off after a fumble."""
    return purpose.extended(extra=extra.value)


# -- the phrases of state version 1 ---------------------------------------------------------

_SIDE = r"(?P<side>attacker|defender)"
_EXTRA = r"(?: (?P<extra>critical|fumble))?"
_LEGACY: list[tuple[re.Pattern[str], RollCode]] = [
    (re.compile(rf"phase (?P<phase>\d+) round (?P<round>\d+) {_SIDE}{_EXTRA}"),
     RollCode.EXCHANGE_ROUND),
    (re.compile(r"phase (?P<phase>\d+) crucial moment"), RollCode.CRUCIAL_MOMENT),
    (re.compile(r"phase (?P<phase>\d+) round limit coin"), RollCode.ROUND_LIMIT_COIN),
    (re.compile(rf"{_SIDE} casualty test{_EXTRA}"), RollCode.CASUALTY_TEST),
    (re.compile(rf"{_SIDE} casualties"), RollCode.CASUALTIES),
    (re.compile(rf"{_SIDE} no quarter survivors"), RollCode.NO_QUARTER_SURVIVORS),
    (re.compile(r"odds stream seed"), RollCode.ODDS_STREAM_SEED),
]  # fmt: skip
_NUMBERS = ("phase", "round")


def legacy_purpose(phrase: str) -> dict[str, Param] | None:
    """The code and parameters of a purpose written as a phrase by state version 1 (the
    log's ``{"code": ..., **params}``), or None for a phrase that engine never wrote."""
    for pattern, code in _LEGACY:
        match = pattern.fullmatch(phrase)
        if match:
            params: dict[str, Any] = {
                name: int(value) if name in _NUMBERS else value
                for name, value in match.groupdict().items()
                if value is not None
            }
            return _purpose(code, **params).to_dict()
    return None
