"""When a team's roster may change: not between its kick-off and its result."""

from django.utils.translation import gettext as _

from core.refusals import Refused
from league.models import Team
from matches.selectors import team_in_play_fixture


def team_assert_editable(*, team: Team) -> None:
    """Rosters, line-ups and match plans change only before kick-off of the team's next match."""
    fixture = team_in_play_fixture(team=team)
    if fixture is not None:
        raise Refused(
            "roster_locked",
            _(
                "%(team)s has kicked off against %(opponent)s: its roster, line-up and match plan are "
                "frozen until the result is in."
            ),
            team=team.name,
            opponent=fixture.away.name if fixture.home_id == team.pk else fixture.home.name,
        )
