"""Match-day tools: the engine rolls an action for a fixture and the roll is stored with every
die (``MatchRoll``); a Time Warp token re-rolls it, and the second roll stands.

``match_roll(user, fixture, action, inputs)``: ``inputs`` names players as ``"home:<id>"`` /
``"away:<id>"`` (their characteristics come from the sheets frozen at kick-off) and the
numbers the table decides (helpers, distance, modifier). The acting side is the first named
player's (the attacker, shooter, fouler), or ``inputs["side"]`` for the weather and the
kick-off checks; a coach rolls for his side, the commissioner for either. A scheduled fixture
kicks off first. Readings: one weather per match (another only through a Time Warp); in a
storm every BP test takes -2.
"""

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from core.refusals import Refused
from matches.models import Fixture
from rules_engine import IllegalAction
from rules_engine.tutatis import TimeWarp
from rules_engine.tutatis.tables import STORM_BP_MALUS
from systems.tutatis import engine, roles, selectors
from systems.tutatis.kickoff import KICK_OFF
from systems.tutatis.models import MatchRoll
from systems.tutatis.services.fixtures import locked_fixture

ACTION_PLAYERS = {
    "weather": (),
    "kickoff": (),
    "injury": ("player",),
    "test": ("player",),
    "fall": ("player",),
    "tackle": ("attacker", "defender"),
    "shot": ("shooter", "keeper"),
    "foul": ("fouler", "victim"),
}
SIDES = ("home", "away")


def _player(fixture: Fixture, ref: object, field: str) -> tuple[str, dict[str, Any]]:
    side, _colon, pk = str(ref or "").partition(":")
    if side in SIDES and pk.isdigit():
        for player in selectors.sheet_players(fixture, side):
            if player["id"] == int(pk):
                return side, player
    raise Refused("not_a_match_player", _("Choose a player of this match."), field=field)


def _number(inputs: Mapping[str, Any], key: str, default: int | None = None) -> int:
    value = inputs.get(key, default)
    if type(value) is not int:
        raise Refused("not_a_whole_number", _("Give a whole number."), field=key)
    return value


def _params(fixture: Fixture, action: str, inputs: Mapping[str, Any]) -> tuple[dict, str, str]:
    """The engine's parameters, the acting side and a label naming who acted."""
    if action not in ACTION_PLAYERS:
        raise Refused("unknown_action", _("Unknown match-day action."), field="action")
    named = {role: _player(fixture, inputs.get(role), role) for role in ACTION_PLAYERS[action]}
    people = [player["name"] for _side, player in named.values()]
    if named:
        side = next(iter(named.values()))[0]
    else:
        side = str(inputs.get("side", ""))
        if side not in SIDES:
            raise Refused("unknown_side", _("Choose home or away."), field="side")
    stats = {role: player for role, (_side, player) in named.items()}
    weather = selectors.weather_of(fixture=fixture)
    if action == "weather":
        if weather is not None:
            raise Refused(
                "weather_rolled",
                _("The weather is rolled once per match; use a Time Warp token."),
                field="action",
            )
        params: dict[str, Any] = {}
    elif action == "injury":
        params = {}
    elif action == "test":
        characteristic = str(inputs.get("characteristic", ""))
        if characteristic not in engine.STATS:
            raise Refused(
                "unknown_characteristic", _("Choose Mo, St, Ag, Co or BP."), field="characteristic"
            )
        modifier = _number(inputs, "modifier", 0)
        if characteristic == "bp" and weather == "storm":
            modifier += STORM_BP_MALUS
        params = {
            "characteristic": characteristic,
            "value": stats["player"][characteristic],
            "modifier": modifier,
        }
    elif action == "fall":
        params = {"co": stats["player"]["co"], "rock_pitch": bool(inputs.get("rock_pitch"))}
    elif action == "tackle":
        params = {
            role: {"st": stats[role]["st"], "helpers": _number(inputs, f"{role}_helpers", 0)}
            for role in ("attacker", "defender")
        }
    elif action == "shot":
        params = {
            "shooter": {"st": stats["shooter"]["st"], "bp": stats["shooter"]["bp"]},
            "keeper": {"ag": stats["keeper"]["ag"], "bp": stats["keeper"]["bp"]},
            "distance": _number(inputs, "distance"),
        }
    elif action == "foul":
        params = {"st": stats["fouler"]["st"], "co": stats["victim"]["co"]}
    else:  # kickoff
        if weather is None:
            raise Refused(
                "weather_not_rolled",
                _("Roll the weather before the first kick-off."),
                field="action",
            )
        players = selectors.sheet_players(fixture, side)
        names = {player["id"]: player["name"] for player in players}
        hurt = inputs.get("badly_hurt")
        if hurt is None:
            hurt = [player["id"] for player in players if player.get("badly_hurt")]
        params = {
            "weather": weather,
            "on_pitch": [player["name"] for player in players if player["on_pitch"]],
            "unconscious": [names[pk] for pk in inputs.get("unconscious", []) if pk in names],
            "badly_hurt": [names[pk] for pk in hurt if pk in names],
        }
        people = [getattr(fixture, side).name]
    return params, side, " → ".join(people)


@transaction.atomic
def match_roll(
    *, user: User, fixture: Fixture, action: str, inputs: Mapping[str, Any], seed: int | None = None
) -> MatchRoll:
    locked = locked_fixture(fixture.pk)
    params, side, label = _params(locked, action, inputs)
    if not roles.can_roll(user, locked, side):
        raise PermissionDenied(_("A coach rolls for his own side; the commissioner for either."))
    if locked.status == Fixture.Status.SCHEDULED:
        KICK_OFF.kick_off(locked)
    roll = MatchRoll(fixture=locked, action=action, side=side, label=label, params=params)
    return _rolled(roll, user=user, seed=seed)


def _rolled(roll: MatchRoll, *, user: User, seed: int | None) -> MatchRoll:
    """``roll`` (its action and parameters set) thrown by the engine and stored with its
    dice."""
    roll.result, dice = engine.roll(roll.action, roll.params, seed=seed)
    roll.seed, roll.rolls, roll.rolled_by = dice.seed, dice.log(), user
    roll.save()
    return roll


@transaction.atomic
def time_warp(*, user: User, roll: MatchRoll, seed: int | None = None) -> MatchRoll:
    """Spend one of the side's Time Warp tokens: the action is rolled again and the second
    roll stands (the first stays in the log, marked replaced)."""
    fixture = locked_fixture(roll.fixture_id)
    locked = MatchRoll.objects.select_for_update().get(pk=roll.pk)
    if not roles.can_roll(user, fixture, locked.side):
        raise PermissionDenied(_("A coach spends his own side's Time Warp tokens."))
    if MatchRoll.objects.filter(replaces=locked).exists():
        raise Refused(
            "already_rerolled",
            _("This roll was already re-rolled: the second one stands."),
            field="roll",
        )
    tokens = selectors.tokens_left(fixture=fixture)[locked.side]
    total = (fixture.options or {}).get("time_warp_tokens", 0)
    try:
        TimeWarp(total, total - tokens).spend()
    except IllegalAction:
        raise Refused(
            "no_time_warp_token", _("No Time Warp token is left for this side."), field="roll"
        ) from None
    again = MatchRoll(
        fixture=fixture,
        action=locked.action,
        side=locked.side,
        label=locked.label,
        params=locked.params,
        replaces=locked,
    )
    return _rolled(again, user=user, seed=seed)
