"""Kick-off of a Tutatis fixture: both teams' sheets are frozen (players, characteristics,
who starts on the pitch, who is still badly hurt from the last match) with the league's
budget and Time Warp tokens. A team that breaks a team-building rule cannot kick off.

A fixture kicks off at its time (the sweeper), or when its first roll or result is entered;
not before the post-match sequence of each team's last played match has carried its injuries
over.
"""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from league.models import League, Team
from matches.sheet_kickoff import SheetKickOff
from systems.tutatis import engine, selectors


class TutatisKickOff(SheetKickOff):
    refusal = _("%(team)s cannot play yet: %(why)s")
    league_related = ("tutatis_rules",)
    unsettled = _(
        "its last match's injuries are not carried over yet (the post-match sequence is running)."
    )

    def team_sheets(self, teams: list[Team]) -> tuple[Mapping[int, Any], Mapping[int, str]]:
        """Every team's roster judged, and the sheets of those ready built once for all."""
        problems = selectors.teams_not_ready(teams)
        return selectors.team_sheets([team for team in teams if team.pk not in problems]), problems

    def league_options(self, league: League) -> dict[str, Any]:
        rules = engine.league_rules(league)
        return {"budget": rules.budget, "time_warp_tokens": rules.time_warp_tokens}


KICK_OFF = TutatisKickOff()
"""Both teams frozen into the fixture; refused per side when a team is not ready."""
