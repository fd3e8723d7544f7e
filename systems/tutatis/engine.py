"""The one adapter between the database and ``rules_engine.tutatis``: rows in, the engine's
plain inputs out; engine errors the user can fix become ``ValidationError`` on a field."""

from collections.abc import Iterable, Mapping
from typing import Any

from django.core.exceptions import ValidationError

from rules_engine import Dice, InvalidInput
from rules_engine.tutatis import Role, TeamCheck, TeamPlayer, check_team, run_action
from systems.tutatis.models import LeagueRules, Player

STATS = ("mo", "st", "ag", "co", "bp")


def player_json(player: Player) -> dict[str, Any]:
    """A player as the engine and the sheets read him."""
    return {
        "id": player.pk,
        "name": player.name,
        "role": player.role,
        "cost": player.price,
        "on_pitch": player.on_pitch,
        **{stat: getattr(player, stat) for stat in STATS},
        "abilities": player.abilities,
        "badly_hurt": player.badly_hurt,
    }


def team_check(players: Iterable[Any], *, budget: int) -> TeamCheck:
    """The team-building rules on rows or on plain ``{role, price, on_pitch, name}`` drafts."""
    return check_team(
        [
            TeamPlayer(name=p.name, role=Role(p.role), cost=p.price, on_pitch=p.on_pitch)
            for p in players
        ],
        budget=budget,
    )


def league_rules(league: Any) -> LeagueRules:
    """The league's settings row, or the defaults (600 Irr, three tokens) when it has none."""
    try:
        return league.tutatis_rules
    except LeagueRules.DoesNotExist:
        return LeagueRules(league=league)


def roll(action: str, params: Mapping[str, Any], *, seed: int | None = None) -> tuple[dict, Dice]:
    """Run an engine action with fresh dice; bad parameters name their field."""
    dice = Dice(seed)
    try:
        return run_action(action, params, dice=dice), dice
    except InvalidInput as error:
        raise ValidationError({error.field: [error.message]}) from None
