"""The one adapter between the database and ``rules_engine.tutatis``: rows in, the engine's
plain inputs out; engine errors the user can fix become ``ValidationError`` on a field."""

from collections.abc import Iterable, Mapping
from dataclasses import asdict, replace
from typing import Any

from django.utils.translation import gettext_lazy as _

from core.one_to_one import one_to_one_get
from core.refusals import Refused, engine_refused
from rules_engine import Dice, InvalidInput
from rules_engine.tutatis import (
    Role,
    TeamCheck,
    TeamPlayer,
    TeamRule,
    check_team,
    run_action,
)
from systems.tutatis.models import LeagueRules, Player

STATS = ("mo", "st", "ag", "co", "bp")
RULE_MESSAGES = {
    TeamRule.BUDGET_EXCEEDED: _("The team costs %(count)s Irr, over the budget of %(limit)s Irr."),
    TeamRule.WRONG_PITCH_COUNT: _(
        "%(count)s players are on the pitch: a team fields exactly %(limit)s (the mercenary aside)."
    ),
    TeamRule.TOO_MANY_SUBSTITUTES: _(
        "%(count)s substitutes: a team has at most %(limit)s (the mercenary aside)."
    ),
    TeamRule.TOO_MANY_GOALKEEPERS: _("%(count)s goalkeepers: a team has at most %(limit)s."),
    TeamRule.GOALKEEPER_ON_PITCH: _(
        "%(count)s goalkeepers on the pitch: only %(limit)s at a time, the other waits on the bench."
    ),
    TeamRule.TOO_MANY_HEROES_ON_PITCH: _(
        "%(count)s heroes on the pitch: only %(limit)s may play, the others wait in reserve."
    ),
    TeamRule.TOO_MANY_MERCENARIES: _("%(count)s mercenaries: a team hires at most %(limit)s."),
    TeamRule.TOO_MANY_SPECIALS: _(
        "%(count)s special characters: a team selects at most %(limit)s from its list."
    ),
}
"""The engine's team-building refusals in the user's language (same facts: what the team has,
what the rule allows)."""
ACTION_MESSAGES = {
    "unknown_action": _("Unknown match-day action."),
    "not_a_match_player": _("Choose a player of this match."),
    "not_a_whole_number": _("Give a whole number."),
    "unknown_side": _("Choose home or away."),
    "weather_rolled": _("The weather is rolled once per match; use a Time Warp token."),
    "unknown_characteristic": _("Choose Mo, St, Ag, Co or BP."),
    "weather_not_rolled": _("Roll the weather before the first kick-off."),
}
"""The engine's refusals of a match-day action's inputs, in the user's language."""


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


def team_check(players: Iterable[Any], *, budget: int, building: bool = False) -> TeamCheck:
    """The team-building rules on rows or unsaved players (``building``: a team being built,
    see ``check_team``), every refusal worded with gettext."""
    team = [
        TeamPlayer(name=p.name, role=Role(p.role), cost=p.price, on_pitch=p.on_pitch)
        for p in players
    ]
    check = check_team(team, budget=budget, building=building)
    worded = tuple(  # each message filled with what the team has and the rule allows
        replace(error, message=RULE_MESSAGES[error.rule] % asdict(error)) for error in check.errors
    )
    return replace(check, errors=worded)


def league_rules(league: Any) -> LeagueRules:
    """The league's settings row, or the defaults (600 Irr, three tokens) when it has none."""
    return one_to_one_get(league, "tutatis_rules")


def action_refused(error: InvalidInput) -> Refused:
    """The engine's refusal of a match-day action's inputs
    (:mod:`rules_engine.tutatis.match_day`), worded in the user's language."""
    return Refused(error.code, ACTION_MESSAGES[error.code], field=error.field)


def roll(action: str, params: Mapping[str, Any], *, seed: int | None = None) -> tuple[dict, Dice]:
    """Run an engine action with fresh dice; bad parameters name their field."""
    dice = Dice(seed)
    try:
        return run_action(action, params, dice=dice), dice
    except InvalidInput as error:
        raise engine_refused(error) from None
