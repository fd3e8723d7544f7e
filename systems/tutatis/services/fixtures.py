"""The fixture a match-day roll or a result is written for: locked with both teams (in
``matches.locking``'s one order), a Tutatis fixture, neither cancelled nor played."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from league.services import season_check_open
from matches import locking
from matches.models import Fixture
from systems.tutatis import RULE_SYSTEM


def locked_fixture(fixture_id: int) -> Fixture:
    fixture = locking.lock_fixture_with_teams(fixture_id)
    if fixture is None:
        raise ValidationError({"fixture": _("No such fixture.")})
    if fixture.season.league.rule_system != RULE_SYSTEM:
        raise ValidationError({"fixture": _("Match-day tools are for Tutatis fixtures.")})
    season_check_open(season=fixture.season)
    if fixture.status == Fixture.Status.CANCELLED:
        raise ValidationError({"fixture": _("This fixture is cancelled.")})
    if fixture.status == Fixture.Status.PLAYED:
        raise ValidationError({"fixture": _("This fixture already has its result.")})
    return fixture
