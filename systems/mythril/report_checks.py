"""An entered Mythril result, read by the engine against the line-ups frozen at kick-off.

What a coach enters (the engine's :class:`~rules_engine.mythril.report.MatchReport` without
the rosters, which come from the sheets frozen at kick-off)::

    {"score": {"home": 2, "away": 1},
     "forfeit": null | "home" | "away", "unfinished_halves": 0..2, "turns_played": true,
     "home": {"stats": [{"player": "12", "touchdowns": 1, "completions": 0, "casualties": 1,
                         "interceptions": 0, "injury": null | "badly_hurt" | ... | "dead"}],
              "apothecary_used": false, "apothecary_target": null,
              "penalty_touchdowns": ["12"]},
     "away": {...}}

The engine checks everything (players of the line-up, touchdowns adding up to the score, a
forfeit's halves); a forfeit's consequences are its ``verdict`` (``forfeit_outcome``). Errors name the field
(``result.home.stats.0.touchdowns``) and nothing is stored.
"""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from core.refusals import Refused
from matches.models import Fixture
from rules_engine import Dice, InvalidInput
from rules_engine.mythril.post_match import post_match, verdict
from rules_engine.mythril.report import MatchReport
from rules_engine.mythril.settings import MythrilSettings
from systems.mythril import SIDES

SIDE_KEYS = ("stats", "apothecary_used", "apothecary_target", "penalty_touchdowns")


def _invalid(field: str, message: str) -> Refused:
    """The entered result refused at ``field``, the message naming it."""
    return Refused("invalid_result", f"{field}: {message}", field=field)


def engine_report_input(fixture: Fixture, result: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's report: what was entered, each side's roster and popularity as frozen."""
    report: dict[str, Any] = {
        key: result[key]
        for key in ("score", "forfeit", "unfinished_halves", "turns_played")
        if key in result
    }
    for side in SIDES:
        sheet = getattr(fixture, f"{side}_sheet") or {}
        entered = result.get(side) or {}
        if not isinstance(entered, Mapping):
            raise _invalid(f"result.{side}", _("must be an object"))
        report[side] = {
            **{key: entered[key] for key in SIDE_KEYS if key in entered},
            "players": sheet.get("players", []),
            "popularity": sheet.get("popularity", 0),
            "apothecary": sheet.get("apothecary", "none"),
        }
        for key in entered:
            if key not in SIDE_KEYS:
                known = _("is not expected here (%(known)s)") % {"known": ", ".join(SIDE_KEYS)}
                raise _invalid(f"result.{side}.{key}", known)
    return report


def validated(fixture: Fixture, result: Mapping[str, Any]) -> dict[str, Any]:
    """``{"entered": what the coach entered, "report": the engine's report, "verdict": score,
    points and winner as they count (a forfeit's consequences applied)}``; ``Refused`` naming
    the field otherwise. The engine's post-match sequence is dry-run on throwaway dice so a
    bad pick (penalty touchdowns, apothecary target) is refused now, not in the worker."""
    if not isinstance(result, Mapping):
        raise _invalid("result", _("must be an object"))
    try:
        report = MatchReport.from_dict(engine_report_input(fixture, result), "result")
        settings = MythrilSettings.from_dict(
            (fixture.options or {}).get("settings", {}), "settings"
        )
        counted = verdict(report, settings.points)
        post_match(Dice(0), report, settings)  # a dry run: the winner's and apothecary's picks
    except InvalidInput as exc:
        field = exc.field if exc.field.startswith("result") else f"result.{exc.field}"
        raise _invalid(field, exc.message) from None
    return {"entered": dict(result), "report": report.to_dict(), "verdict": counted.to_dict()}
