"""What the Rotzball team pages show, read and ready: the roster with each player's position,
the line-up position by position with its scores, ratings and empty places (the views get
ready rows; why the team cannot change now is ``matches.rosters.team_frozen_reason``)."""

from collections.abc import Mapping
from typing import Any

from league.models import Team
from systems.rotzball.models import LineupSlot, Player
from systems.rotzball.selectors.teams import lineup_report


def roster_rows(*, team: Team) -> list[tuple[Player, str | None]]:
    """The team's players (prefetched with its line-up slots), each with the label of the
    position he plays in the line-up, if any."""
    positions = {slot.player_id: slot.get_position_display() for slot in team.lineup_slots.all()}
    return [(player, positions.get(player.pk)) for player in team.players.all()]


def lineup_page_get(*, team: Team, lineup: Mapping[str, Player] | None = None) -> dict[str, Any]:
    """A line-up (default: the saved one) as the pages show it: the engine's ``report``, its
    ``lineup_rows`` (the seven positions in sheet order, with who plays there and their
    score) and the labels of the ``empty_positions``."""
    report = lineup_report(team=team, lineup=lineup)
    rows = [
        {
            "position": value,
            "label": label,
            "player": report.lineup.get(value),
            "score": report.scores.get(value),
        }
        for value, label in LineupSlot.Position.choices
    ]
    empty = [row["label"] for row in rows if row["player"] is None]
    return {"report": report, "lineup_rows": rows, "empty_positions": empty}
