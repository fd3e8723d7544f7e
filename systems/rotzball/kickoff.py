"""Kick-off of a Rotzball fixture: both line-ups and the league's rule options are frozen on
the fixture, which the workers then simulate (``matches.services.fixture_simulate``)."""

from typing import Any

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

import rules_engine
from core.documents import stamp
from core.roster_messages import roster_issue_text
from league.models import League
from matches.models import Fixture
from systems.rotzball.documents import OPTIONS, TEAM_SHEET
from systems.rotzball.selectors import coach_rule_of, team_sheet_get


def engine_options(league: League) -> dict[str, Any]:
    return {"coach_rule": coach_rule_of(league)}


def kick_off(fixture: Fixture) -> None:
    """Snapshot both line-ups and the rule options, and mark the fixture kicked off.

    The caller holds both teams' row locks (``matches.locking.lock_fixture_with_teams``), so
    no roster edit slips in during the snapshot. Raises ``ValidationError`` when a line-up is
    incomplete; the fixture is left as it was.
    """
    system = rules_engine.get_system(fixture.season.league.rule_system)
    sheets = {side: team_sheet_get(team=getattr(fixture, side)) for side in ("home", "away")}
    problems = {
        side: " ".join(
            roster_issue_text(issue) for issue in system.validate_roster(sheet) if issue.blocking
        )
        for side, sheet in sheets.items()
    }
    problems = {side: text for side, text in problems.items() if text}
    if problems:
        raise ValidationError(
            {
                side: _("%(team)s's line-up is not ready: %(problems)s")
                % {"team": getattr(fixture, side).name, "problems": text}
                for side, text in problems.items()
            }
        )
    fixture.home_sheet = stamp(TEAM_SHEET, sheets["home"])
    fixture.away_sheet = stamp(TEAM_SHEET, sheets["away"])
    fixture.options = stamp(OPTIONS, engine_options(fixture.season.league))
    fixture.status = Fixture.Status.LOCKED
    fixture.locked_at = timezone.now()
    fixture.problem = ""
    fixture.save(
        update_fields=["home_sheet", "away_sheet", "options", "status", "locked_at", "problem"]
    )
