"""Match-day tools: the engine rolls an action for a fixture and the roll is stored with every
die (``MatchRoll``); a Time Warp token re-rolls it, and the second roll stands.

``match_roll(user, fixture, action, inputs)``: the engine reads the action's parameters from
``inputs`` and the sheets (:mod:`rules_engine.tutatis.match_day`); a coach rolls for his side,
the commissioner for either. A scheduled fixture kicks off first.
"""

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from core.refusals import Refused
from league.services import season_check_open
from matches import locking
from matches.models import Fixture
from rules_engine import IllegalAction, InvalidInput
from rules_engine.tutatis import TimeWarp
from rules_engine.tutatis.match_day import action_params
from systems.tutatis import RULE_SYSTEM, engine, roles, selectors
from systems.tutatis.kickoff import KICK_OFF
from systems.tutatis.models import MatchRoll


def locked_fixture(fixture_id: int) -> Fixture:
    """The fixture a match-day roll is written for: locked with both teams (in
    ``matches.locking``'s one order), a Tutatis fixture, neither cancelled nor played."""
    fixture = locking.lock_fixture_with_teams(fixture_id)
    if fixture is None:
        raise Refused("not_found", _("No such fixture."), field="fixture")
    if fixture.season.league.rule_system != RULE_SYSTEM:
        raise Refused(
            "not_tutatis", _("Match-day tools are for Tutatis fixtures."), field="fixture"
        )
    season_check_open(season=fixture.season)
    if fixture.status == Fixture.Status.CANCELLED:
        raise Refused("fixture_cancelled", _("This fixture is cancelled."), field="fixture")
    if fixture.status == Fixture.Status.PLAYED:
        raise Refused("fixture_played", _("This fixture already has its result."), field="fixture")
    return fixture


@transaction.atomic
def match_roll(
    *, user: User, fixture: Fixture, action: str, inputs: Mapping[str, Any], seed: int | None = None
) -> MatchRoll:
    locked = locked_fixture(fixture.pk)
    try:  # the engine's parameters, the acting side and a label naming who acted
        params, side, label = action_params(
            action,
            inputs,
            sheet=lambda side: selectors.sheet_players(locked, side),
            weather=selectors.weather_of(fixture=locked),
            teams={side: getattr(locked, side).name for side in ("home", "away")},
        )
    except InvalidInput as error:
        raise engine.action_refused(error) from None
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
    same = {field: getattr(locked, field) for field in ("action", "side", "label", "params")}
    return _rolled(MatchRoll(fixture=fixture, replaces=locked, **same), user=user, seed=seed)
