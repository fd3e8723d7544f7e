"""Kick-off of a Tutatis fixture: both teams' sheets are frozen (players, characteristics,
who starts on the pitch, who is still badly hurt from the last match) with the league's
budget and Time Warp tokens. A team that breaks a team-building rule cannot kick off.

A fixture kicks off at its time (the sweeper), or when its first roll or result is entered;
not before the post-match sequence of each team's last played match has carried its injuries
over.
"""

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db.models import prefetch_related_objects
from django.utils import timezone
from django.utils.translation import gettext as _

from matches.frozen_kickoff import FrozenKickOff
from matches.models import Fixture
from systems.tutatis import engine, selectors

SIDES = ("home", "away")


def fixtures_freeze(*, fixtures: Sequence[Fixture]) -> list[tuple[Fixture, ValidationError]]:
    """Set what the kick-off freezes on each of ``fixtures`` (saved or not; nothing written):
    every team judged and its sheet built once for all. Returns each fixture that cannot kick
    off with its ``ValidationError`` per side; those are left untouched."""
    if not fixtures:
        return []
    leagues = {fixture.season.league_id: fixture.season.league for fixture in fixtures}
    prefetch_related_objects(list(leagues.values()), "tutatis_rules")
    teams = {team.pk: team for fixture in fixtures for team in (fixture.home, fixture.away)}
    for team in teams.values():
        if team.league_id in leagues:  # each league read once
            team.league = leagues[team.league_id]
    problems = selectors.teams_not_ready(list(teams.values()))
    for pk in selectors.teams_unsettled(teams=list(teams.values())):
        problems.setdefault(
            pk,
            _(
                "its last match's injuries are not carried over yet (the post-match sequence "
                "is running)."
            ),
        )
    ready = [team for pk, team in teams.items() if pk not in problems]
    sheets = selectors.team_sheets(ready)
    rules = {pk: engine.league_rules(league) for pk, league in leagues.items()}
    refused = []
    now = timezone.now()
    for fixture in fixtures:
        sides = {side: getattr(fixture, side) for side in SIDES}
        if any(team.pk in problems for team in sides.values()):
            error = ValidationError(
                {
                    side: _("%(team)s cannot play yet: %(why)s")
                    % {"team": team.name, "why": problems[team.pk]}
                    for side, team in sides.items()
                    if team.pk in problems
                }
            )
            refused.append((fixture, error))
            continue
        league_rules = rules[fixture.season.league_id]
        fixture.home_sheet = sheets[fixture.home_id]
        fixture.away_sheet = sheets[fixture.away_id]
        fixture.options = {
            "budget": league_rules.budget,
            "time_warp_tokens": league_rules.time_warp_tokens,
        }
        fixture.status = Fixture.Status.LOCKED
        fixture.locked_at = now
    return refused


KICK_OFF = FrozenKickOff(
    fixtures_freeze, ["home_sheet", "away_sheet", "options", "status", "locked_at"]
)
"""Both teams frozen into the fixture; refused per side when a team is not ready."""
