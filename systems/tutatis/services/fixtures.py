"""The fixture a match-day roll or a result is written for: locked with both teams (in
``matches.locking``'s one order), a Tutatis fixture, neither cancelled nor played."""

from django.utils.translation import gettext as _

from core.refusals import Refused
from league.services import season_check_open
from matches import locking
from matches.models import Fixture
from systems.tutatis import RULE_SYSTEM


def locked_fixture(fixture_id: int) -> Fixture:
    fixture = locking.lock_fixture_with_teams(fixture_id)
    if fixture is None:
        raise Refused("not_found", _("No such fixture."), field="fixture")
    if fixture.season.league.rule_system != RULE_SYSTEM:
        raise Refused(
            "not_tutatis", _("Match-day tools are for Tutatis fixtures."), field="fixture"
        )
    season_check_open(season=fixture.season)
    if fixture.status == Fixture.Status.CANCELLED:
        raise Refused("fixture_cancelled", _("This fixture is cancelled."), field="fixture")
    if fixture.status == Fixture.Status.PLAYED:
        raise Refused("fixture_played", _("This fixture already has its result."), field="fixture")
    return fixture
