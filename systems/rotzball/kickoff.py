"""Kick-off of a Rotzball fixture: both line-ups and the league's rule options are frozen on
the fixture, which the workers then simulate (``matches.services.fixture_simulate``)."""

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext_lazy as _

from core.documents import stamp
from league.models import League, Team
from matches.sheet_kickoff import SheetKickOff
from systems.rotzball.documents import OPTIONS, TEAM_SHEET
from systems.rotzball.roster_messages import lineup_problems_text
from systems.rotzball.selectors.teams import coach_rule_of, teams_sheets


class RotzballKickOff(SheetKickOff):
    refusal = _("%(team)s's line-up is not ready: %(why)s")
    league_related = ("rotzball_rules",)
    cleared = ("problem",)

    def team_sheets(self, teams: list[Team]) -> tuple[Mapping[int, Any], Mapping[int, str]]:
        """Each team's line-up and match plan read once for all, its sheet built and judged
        once."""
        sheets, blocked = teams_sheets(teams=teams)
        return (
            {pk: stamp(TEAM_SHEET, sheet) for pk, sheet in sheets.items()},
            {pk: lineup_problems_text(problems) for pk, problems in blocked.items()},
        )

    def league_options(self, league: League) -> dict[str, Any]:
        return stamp(OPTIONS, {"coach_rule": coach_rule_of(league)})


KICK_OFF = RotzballKickOff()
"""Snapshot both line-ups and the rule options, and mark the fixture kicked off; a line-up
that cannot play is refused naming its side."""
