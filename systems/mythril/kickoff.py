"""Kick-off of a Mythril fixture: both team sheets and the league's settings frozen on it.

The caller holds both teams' and the fixture's row locks (``matches.locking``). A fixture
kicks off at its time (the sweeper) or when its result is first entered.
"""

from collections.abc import Sequence

from django.utils import timezone

from matches.models import Fixture
from systems.mythril import selectors
from systems.mythril.services.settings import engine_settings_input

SIDES = ("home", "away")


def kick_off(fixture: Fixture) -> None:
    fixtures_freeze([fixture])
    fixture.save(
        update_fields=["home_sheet", "away_sheet", "options", "status", "locked_at", "problem"]
    )


def fixtures_freeze(fixtures: Sequence[Fixture]) -> None:
    """Freeze fixtures of one league as a kick-off does, on the objects only: each team's
    sheet built once, the league's settings read once."""
    if not fixtures:
        return
    settings = engine_settings_input(fixtures[0].season.league)
    teams = {team.pk: team for fixture in fixtures for team in (fixture.home, fixture.away)}
    sheets = {pk: selectors.team_sheet(team) for pk, team in teams.items()}
    now = timezone.now()
    for fixture in fixtures:
        fixture.home_sheet = sheets[fixture.home_id]
        fixture.away_sheet = sheets[fixture.away_id]
        fixture.options = {"settings": settings}
        fixture.status = Fixture.Status.LOCKED
        fixture.locked_at = now
        fixture.problem = ""
