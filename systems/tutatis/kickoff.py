"""Kick-off of a Tutatis fixture: both teams' sheets are frozen (players, characteristics,
who starts on the pitch, who is still badly hurt from the last match) with the league's
budget and Time Warp tokens. A team that breaks a team-building rule cannot kick off.

A fixture kicks off at its time (the sweeper), or when its first roll or result is entered;
not before the post-match sequence of each team's last played match has carried its injuries
over.
"""

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from matches.models import Fixture
from systems.tutatis import engine, selectors

SIDES = ("home", "away")


def kick_off(fixture: Fixture) -> None:
    """Freeze both teams into ``fixture``; ``ValidationError`` per side when a team is not
    ready (nothing changes). The caller holds both teams' and the fixture's row locks."""
    problems = selectors.teams_not_ready([fixture.home, fixture.away])
    for team in (fixture.home, fixture.away):
        if selectors.team_unsettled(team=team) and team.pk not in problems:
            problems[team.pk] = _(
                "its last match's injuries are not carried over yet (the post-match sequence "
                "is running)."
            )
    if problems:
        raise ValidationError(
            {
                side: _("%(team)s cannot play yet: %(why)s")
                % {"team": getattr(fixture, side).name, "why": problems[getattr(fixture, side).pk]}
                for side in SIDES
                if getattr(fixture, side).pk in problems
            }
        )
    rules = engine.league_rules(fixture.season.league)
    fixture.home_sheet = selectors.team_sheet(fixture.home)
    fixture.away_sheet = selectors.team_sheet(fixture.away)
    fixture.options = {"budget": rules.budget, "time_warp_tokens": rules.time_warp_tokens}
    fixture.status = Fixture.Status.LOCKED
    fixture.locked_at = timezone.now()
    fixture.save(update_fields=["home_sheet", "away_sheet", "options", "status", "locked_at"])
