"""A played Rotzball match ready to show: the line-ups frozen at kick-off with the engine's
scores and ratings, and the record's turns with what the engine's rules add to them."""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from rules_engine.rotzball import ratings as sheet_ratings
from rules_engine.rotzball.ratings import attacker_score, coach_score, defender_score
from rules_engine.rotzball.rules import counter_attack_tactic
from rules_engine.rotzball.sheet import Attacker, Coach, Defender


def sheet_report(*, sheet: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A line-up snapshot (the engine's team sheet, as frozen at kick-off) ready to show:
    ``rows`` (position, name, characteristics and the engine's score of each player) and the
    team's ``ratings`` (``None`` when the engine cannot rate the sheet)."""
    if not sheet:
        return None
    rows = []

    def add(label: str, player: Mapping[str, Any] | None, kind: str) -> None:
        if not player:
            return
        name = player.get("name", "")
        if kind == "attacker":
            score = attacker_score(Attacker(name, player["E"], player["Ag"], player["F"]))
        elif kind == "defender":
            score = defender_score(Defender(name, player["E"], player["Ag"]))
        else:
            score = coach_score(Coach(name, player["Ag"], player["Int"]))
        rows.append({"position": label, "kind": kind, "score": score, **player})

    add(_("Passer"), sheet.get("passer"), "attacker")
    for index, player in enumerate(sheet.get("attackers", []), start=1):
        add(_("Attacker %(n)s") % {"n": index}, player, "attacker")
    for index, player in enumerate(sheet.get("defenders", []), start=1):
        add(_("Defender %(n)s") % {"n": index}, player, "defender")
    add(_("Coach"), sheet.get("coach"), "coach")
    try:
        team_ratings: dict[str, int] | None = sheet_ratings(sheet)
    except ValueError:
        team_ratings = None
    return {"sheet": sheet, "rows": rows, "ratings": team_ratings}


def match_turns(*, record: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """A match record's turns, each counter-attack with the tactic modifier the engine gives
    each side's roll in it (``counter_tactics``: the initiative team's tactic works the other
    way round), so that the page only shows them."""
    turns = []
    for turn in (record or {}).get("turns", []):
        if turn.get("counter_attack"):
            initiative = turn["initiative"]
            turn = {
                **turn,
                "counter_tactics": {
                    side: counter_attack_tactic(side, initiative) for side in ("home", "away")
                },
            }
        turns.append(turn)
    return turns
