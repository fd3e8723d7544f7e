"""Who a match report and a coach's choices may name: the rules every reader of a report
shares, each refusal with a code.

* Only a gladiator who played the match can be hurt (in a coma, or badly wounded), be out at
  the end, lose armour or be dismissed.
* Only one who played may redraw his equipment, unless he lost it: a lost equipment is
  redrawn whether he played or not, and the coach may name its kind
  (:mod:`~rules_engine.killpower.post_match`).
* Only one who played, is not in a coma and is not out may shoot a free throw
  (:mod:`~rules_engine.killpower.tournament`).
* A side has at least one gladiator who played.

The engine's readers (:func:`~rules_engine.killpower.report.parse_report`,
:func:`~rules_engine.killpower.post_match.post_match`,
:func:`~rules_engine.killpower.tournament.settle_draw`) refuse an entry that breaks them with a
:class:`ReportError`: an :class:`~rules_engine.errors.InvalidInput` (its ``field`` and English
``message``) that also carries a :class:`Refusal` ``code``, the ``gladiator`` it is about and
``params`` (``gladiator``, ``team``), so that a page words it in its reader's language.
:func:`side_refusals` applies the same rules to everything said about one side at once, as a
form shows every refusal together.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from enum import StrEnum

from rules_engine.errors import InvalidInput


class Refusal(StrEnum):
    HURT_NOT_PLAYED = "hurt_not_played"  # in a coma or badly wounded
    OUT_NOT_PLAYED = "out_not_played"
    ARMOUR_NOT_PLAYED = "armour_not_played"
    DISMISS_NOT_PLAYED = "dismiss_not_played"
    REDRAW_NOT_PLAYED = "redraw_not_played"  # and his equipment was not lost
    CANNOT_SHOOT = "cannot_shoot"  # did not play, in a coma or out
    NONE_PLAYED = "none_played"


MESSAGES = {
    Refusal.HURT_NOT_PLAYED: "{gladiator!r} did not play the match",
    Refusal.OUT_NOT_PLAYED: "{gladiator!r} is not a gladiator of {team} who played",
    Refusal.ARMOUR_NOT_PLAYED: "{gladiator!r} is not a gladiator of {team} who played",
    Refusal.DISMISS_NOT_PLAYED: "{gladiator!r} did not play the match",
    Refusal.REDRAW_NOT_PLAYED: "{gladiator!r} did not play the match",
    Refusal.CANNOT_SHOOT: "{gladiator!r} cannot shoot (played, living, not out)",
    Refusal.NONE_PLAYED: "must name at least one gladiator",
}
"""The engine's own English wording of each refusal."""


class ReportError(InvalidInput):
    """An entry the rules refuse: ``code``, ``gladiator`` (None for a side as a whole) and
    ``params`` (``{"gladiator": ..., "team": ...}``) besides ``field`` and ``message``."""

    def __init__(self, field: str, code: Refusal, *, team: str, gladiator: str | None = None):
        params = {"team": team} if gladiator is None else {"gladiator": gladiator, "team": team}
        super().__init__(field, MESSAGES[code].format(**params))
        self.code = code
        self.gladiator = gladiator
        self.params = params


HAVE_PLAYED = (
    Refusal.HURT_NOT_PLAYED,
    Refusal.OUT_NOT_PLAYED,
    Refusal.ARMOUR_NOT_PLAYED,
    Refusal.DISMISS_NOT_PLAYED,
    Refusal.REDRAW_NOT_PLAYED,
)


def check_played(
    code: Refusal,
    name: str,
    *,
    played: Collection[str],
    team: str,
    field: str,
    equipment_lost: Collection[str] = (),
) -> None:
    """Refuse ``name``'s entry ``code`` (one of :data:`HAVE_PLAYED`) unless he played; a
    redraw is also his when his equipment was lost."""
    if name in played or (code is Refusal.REDRAW_NOT_PLAYED and name in equipment_lost):
        return
    raise ReportError(field, code, team=team, gladiator=name)


def can_shoot(
    name: str, *, played: Collection[str], comas: Collection[str], out: Collection[str]
) -> bool:
    """Whether ``name`` may shoot a free throw: played, not in a coma, not out."""
    return name in played and name not in comas and name not in out


def check_shooter(
    name: str,
    *,
    played: Collection[str],
    comas: Collection[str],
    out: Collection[str],
    team: str,
    field: str,
) -> None:
    if not can_shoot(name, played=played, comas=comas, out=out):
        raise ReportError(field, Refusal.CANNOT_SHOOT, team=team, gladiator=name)


def check_someone_played(played: Collection[str], *, team: str, field: str) -> None:
    if not played:
        raise ReportError(field, Refusal.NONE_PLAYED, team=team)


def side_refusals(
    *,
    team: str,
    played: Collection[str],
    comas: Sequence[str] = (),
    badly_wounded: Sequence[str] = (),
    out: Sequence[str] = (),
    armour_lost: Sequence[str] = (),
    equipment_lost: Collection[str] = (),
    redraw: Sequence[str] = (),
    shooters: Sequence[str] = (),
) -> list[ReportError]:
    """Every refusal of what is said about one side's gladiators (by name), in this order:
    nobody played (field ``played``), ``comas.<i>.gladiator``, ``badly_wounded.<i>``,
    ``out.<i>``, ``armour_lost.<name>``, ``redraw.<name>``, ``shooters.<i>``."""
    checks: list[tuple[str, Refusal, str]] = [
        *((f"comas.{i}.gladiator", Refusal.HURT_NOT_PLAYED, n) for i, n in enumerate(comas)),
        *((f"badly_wounded.{i}", Refusal.HURT_NOT_PLAYED, n) for i, n in enumerate(badly_wounded)),
        *((f"out.{i}", Refusal.OUT_NOT_PLAYED, n) for i, n in enumerate(out)),
        *((f"armour_lost.{n}", Refusal.ARMOUR_NOT_PLAYED, n) for n in armour_lost),
        *((f"redraw.{n}", Refusal.REDRAW_NOT_PLAYED, n) for n in redraw),
    ]
    found: list[ReportError] = []
    try:
        check_someone_played(played, team=team, field="played")
    except ReportError as exc:
        found.append(exc)
    for field, code, name in checks:
        try:
            check_played(code, name, played=played, team=team, field=field,
                         equipment_lost=equipment_lost)  # fmt: skip
        except ReportError as exc:
            found.append(exc)
    for i, name in enumerate(shooters):
        try:
            check_shooter(name, played=played, comas=comas, out=out, team=team,
                          field=f"shooters.{i}")  # fmt: skip
        except ReportError as exc:
            found.append(exc)
    return found
