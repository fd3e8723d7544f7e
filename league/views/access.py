"""The league pages' role gates (``core.access.role_gate``): the league's commissioner, or
whoever may edit a team's roster."""

from django.shortcuts import get_object_or_404

from core.access import role_gate
from league import roles, selectors
from league.models import League, Team


def _league(pk: int) -> League:
    return get_object_or_404(selectors.league_with_commissioner(), pk=pk)


def _team(pk: int) -> Team:
    return get_object_or_404(selectors.team_with_league(), pk=pk)


commissioner_required = role_gate(_league, roles.is_commissioner)
"""The view gets the ``League`` its ``pk`` names, when the user is its commissioner."""

roster_editor_required = role_gate(_team, roles.can_edit_roster)
"""The view gets the ``Team`` its ``pk`` names, when the user may edit its roster."""
