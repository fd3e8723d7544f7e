"""Kick-off of a Rotzball fixture: both line-ups and the league's rule options are frozen on
the fixture, which the workers then simulate (``matches.services.fixture_simulate``)."""

from copy import copy
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import Prefetch, prefetch_related_objects
from django.utils import timezone
from django.utils.translation import gettext as _

import rules_engine
from core.bulk import rows_update_values
from core.documents import stamp
from core.history import record_saves
from league.models import League
from matches.models import Fixture
from systems.rotzball.documents import OPTIONS, TEAM_SHEET
from systems.rotzball.models import LineupSlot
from systems.rotzball.roster_messages import lineup_problems_text
from systems.rotzball.selectors.teams import coach_rule_of, team_sheet_get


def engine_options(league: League) -> dict[str, Any]:
    return {"coach_rule": coach_rule_of(league)}


FROZEN = ("home_sheet", "away_sheet", "options", "status", "locked_at", "problem")
"""The fields a kick-off writes."""


def kick_off(fixture: Fixture) -> None:
    """Snapshot both line-ups and the rule options, and mark the fixture kicked off.

    The caller holds both teams' row locks (``matches.locking.lock_fixture_with_teams``), so
    no roster edit slips in during the snapshot. Raises ``ValidationError`` when a line-up is
    incomplete; the fixture is left as it was.
    """
    _freeze(fixture)
    fixture.save(update_fields=list(FROZEN))


def kick_off_many(*, fixtures: list[Fixture]) -> dict[int, list[str]]:
    """:func:`kick_off` for many fixtures whose teams and selves the caller holds locked: each
    team's line-up and match plan and each league's rules read once for all (a few queries),
    the fixtures written in one statement with their history. Returns the messages of the
    fixtures that cannot kick off, by id; those are left as they were."""
    teams = {team.pk: team for fixture in fixtures for team in (fixture.home, fixture.away)}
    leagues = {fixture.season.league_id: fixture.season.league for fixture in fixtures}
    slots = LineupSlot.objects.select_related("player")
    prefetch_related_objects(
        list(teams.values()), Prefetch("lineup_slots", queryset=slots), "match_plan"
    )
    prefetch_related_objects(list(leagues.values()), "rotzball_rules")
    problems: dict[int, list[str]] = {}
    kicked: list[tuple[Fixture, Fixture]] = []
    for fixture in fixtures:
        fixture.home, fixture.away = teams[fixture.home_id], teams[fixture.away_id]
        fixture.season.league = leagues[fixture.season.league_id]
        before = copy(fixture)
        try:
            _freeze(fixture)
        except ValidationError as error:
            problems[fixture.pk] = error.messages
            continue
        kicked.append((before, fixture))
    if kicked:
        # One UPDATE ... FROM (VALUES ...): each fixture's frozen documents bound once, where
        # bulk_update builds a CASE over every fixture for each column.
        now = timezone.now()
        for _, fixture in kicked:
            fixture.locked_at = now
        rows_update_values(Fixture, [fixture for _, fixture in kicked], FROZEN)
    record_saves(saves=kicked, fields=FROZEN)
    return problems


def _freeze(fixture: Fixture) -> None:
    """Set what the kick-off freezes on ``fixture`` (not saved); ``ValidationError`` naming
    each side whose line-up cannot play, the fixture untouched."""
    system = rules_engine.get_system(fixture.season.league.rule_system)
    sheets = {side: team_sheet_get(team=getattr(fixture, side)) for side in ("home", "away")}
    problems = {
        side: [issue for issue in system.validate_roster(sheet) if issue.blocking]
        for side, sheet in sheets.items()
    }
    problems = {side: lineup_problems_text(issues) for side, issues in problems.items() if issues}
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
