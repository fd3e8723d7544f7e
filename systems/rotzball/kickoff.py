"""Kick-off of a Rotzball fixture: both line-ups and the league's rule options are frozen on
the fixture, which the workers then simulate (``matches.services.fixture_simulate``)."""

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db.models import prefetch_related_objects
from django.utils import timezone
from django.utils.translation import gettext as _

from core.documents import stamp
from matches.frozen_kickoff import FrozenKickOff
from matches.models import Fixture
from systems.rotzball.documents import OPTIONS, TEAM_SHEET
from systems.rotzball.roster_messages import lineup_problems_text
from systems.rotzball.selectors.teams import coach_rule_of, teams_sheets


def fixtures_freeze(*, fixtures: Sequence[Fixture]) -> list[tuple[Fixture, ValidationError]]:
    """Set what the kick-off freezes on each of ``fixtures`` (saved or not; nothing written):
    each team's line-up and match plan and each league's rules read once for all (a few
    queries), each team's sheet built and judged once. Returns each fixture that cannot kick
    off with its ``ValidationError`` naming the side whose line-up cannot play; those are left
    untouched."""
    if not fixtures:
        return []
    teams = {team.pk: team for fixture in fixtures for team in (fixture.home, fixture.away)}
    leagues = {fixture.season.league_id: fixture.season.league for fixture in fixtures}
    prefetch_related_objects(list(leagues.values()), "rotzball_rules")
    options = {
        pk: stamp(OPTIONS, {"coach_rule": coach_rule_of(league)}) for pk, league in leagues.items()
    }
    sheets, blocked = teams_sheets(teams=teams.values())
    issues = {pk: lineup_problems_text(problems) for pk, problems in blocked.items()}
    refused = []
    now = timezone.now()
    for fixture in fixtures:
        fixture.home, fixture.away = teams[fixture.home_id], teams[fixture.away_id]
        fixture.season.league = leagues[fixture.season.league_id]
        sides = {"home": fixture.home, "away": fixture.away}
        problems = {side: issues[team.pk] for side, team in sides.items() if team.pk in issues}
        if problems:
            error = ValidationError(
                {
                    side: _("%(team)s's line-up is not ready: %(problems)s")
                    % {"team": sides[side].name, "problems": text}
                    for side, text in problems.items()
                }
            )
            refused.append((fixture, error))
            continue
        fixture.home_sheet = stamp(TEAM_SHEET, sheets[fixture.home_id])
        fixture.away_sheet = stamp(TEAM_SHEET, sheets[fixture.away_id])
        fixture.options = options[fixture.season.league_id]
        fixture.status = Fixture.Status.LOCKED
        fixture.locked_at = now
        fixture.problem = ""
    return refused


KICK_OFF = FrozenKickOff(
    fixtures_freeze, ["home_sheet", "away_sheet", "options", "status", "locked_at", "problem"]
)
"""Snapshot both line-ups and the rule options, and mark the fixture kicked off; a line-up
that cannot play is refused naming its side."""
