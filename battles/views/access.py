"""Role gates for the campaign pages, as ``core.access``: anonymous visitors are sent
to sign in, the wrong role gets 403. Each decorator loads the object its URL names, asks
``battles.roles`` and passes the object to the view in place of its id."""

from django.shortcuts import get_object_or_404

from battles import roles
from battles.models import Army, Battle, BattleRun, Campaign
from battles.selectors import pages as page_selectors
from core.access import role_gate


def _campaign(pk: int) -> Campaign:
    return get_object_or_404(page_selectors.campaign_rows(), pk=pk)


def _army(pk: int) -> Army:
    return get_object_or_404(page_selectors.army_rows(), pk=pk)


def _battle(pk: int) -> Battle:
    return get_object_or_404(page_selectors.battle_rows(), pk=pk)


def _run(pk: int) -> BattleRun:
    return get_object_or_404(page_selectors.run_rows(), pk=pk)


game_master_required = role_gate(_campaign, roles.is_game_master)
"""The view gets the ``Campaign`` its ``pk`` names, when the user is its game master."""

campaign_member_required = role_gate(
    _campaign,
    lambda user, campaign: roles.is_game_master(user, campaign) or roles.is_player(user, campaign),
)
"""The view gets the ``Campaign``, when the user is its game master or one of its players."""

army_editor_required = role_gate(_army, roles.can_edit_army)
"""The view gets the ``Army`` its ``pk`` names, when the user keeps it or is the game master."""

army_game_master_required = role_gate(
    _army, lambda user, army: roles.is_game_master(user, army.campaign)
)

battle_game_master_required = role_gate(_battle, roles.can_run_battle)
"""The view gets the ``Battle``, when the user is its campaign's game master."""

run_game_master_required = role_gate(_run, lambda user, run: roles.can_run_battle(user, run.battle))
"""The view gets the ``BattleRun`` (without its heavy state), when the user is the game
master."""
