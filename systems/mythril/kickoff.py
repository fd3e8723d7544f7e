"""Kick-off of a Mythril fixture: both team sheets and the league's settings frozen on it.

The caller holds both teams' and the fixture's row locks (``matches.locking``). A fixture
kicks off at its time (the sweeper) or when its first result is entered, not before the
post-match sequence of each team's last played match has run: its sheet (star player points,
injuries, deaths, level-ups, popularity) is frozen as that sequence left it, and the next
sequence starts from it.
"""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from league.models import League, Team
from matches.sheet_kickoff import SheetKickOff
from systems.mythril import selectors
from systems.mythril.services.settings import engine_settings_input


class MythrilKickOff(SheetKickOff):
    cleared = ("problem",)
    refusal = _("%(team)s cannot play yet: %(why)s")
    unsettled = _(
        "its last match's injuries are not carried over yet (the post-match sequence is running)."
    )

    def team_sheets(self, teams: list[Team]) -> tuple[Mapping[int, Any], Mapping[int, str]]:
        return {team.pk: selectors.team_sheet(team) for team in teams}, {}

    def league_options(self, league: League) -> dict[str, Any]:
        return {"settings": engine_settings_input(league)}


KICK_OFF = MythrilKickOff()
kick_off = KICK_OFF.kick_off
