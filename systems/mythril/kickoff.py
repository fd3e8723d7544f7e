"""Kick-off of a Mythril fixture: both team sheets and the league's settings frozen on it.

The caller holds both teams' and the fixture's row locks (``matches.locking``). A fixture
kicks off at its time (the sweeper) or when its result is first entered.
"""

from django.utils import timezone

from matches.models import Fixture
from systems.mythril import selectors
from systems.mythril.services.settings import engine_settings_input

SIDES = ("home", "away")


def kick_off(fixture: Fixture) -> None:
    league = fixture.season.league
    fixture.home_sheet = selectors.team_sheet(fixture.home)
    fixture.away_sheet = selectors.team_sheet(fixture.away)
    fixture.options = {"settings": engine_settings_input(league)}
    fixture.status = Fixture.Status.LOCKED
    fixture.locked_at = timezone.now()
    fixture.problem = ""
    fixture.save(
        update_fields=["home_sheet", "away_sheet", "options", "status", "locked_at", "problem"]
    )
