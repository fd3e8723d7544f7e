"""When a team's roster may change: not between its kick-off and its result."""

from collections.abc import Iterable, Sequence

from django.utils.translation import gettext as _

from core.refusals import Refused
from league.models import Team
from matches import locking
from matches.selectors import teams_in_play_fixtures


def team_assert_editable(*, team: Team) -> None:
    """Rosters, line-ups and match plans change only before kick-off of the team's next match."""
    teams_assert_editable(teams=[team])


def team_frozen_reason(*, team: Team) -> str | None:
    """Why ``team``'s roster cannot change now (it has kicked off), or None when it can: what
    a roster page says instead of its forms."""
    try:
        team_assert_editable(team=team)
    except Refused as refused:
        return str(refused.message)
    return None


def teams_assert_editable(*, teams: Sequence[Team]) -> None:
    """:func:`team_assert_editable` for many teams, their fixtures read in one query; refused
    for the first team in order that is in play."""
    in_play = teams_in_play_fixtures(teams=teams)
    for team in teams:
        fixture = in_play.get(team.pk)
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


def teams_lock_editable(*, teams: Iterable[Team]) -> list[Team]:
    """Serialise roster writes of ``teams`` (and against kick-off snapshots): their rows locked
    in id order (``matches.locking``'s), refused when one is in play
    (:func:`teams_assert_editable`). The locked rows, each team once, in the order given."""
    ids = list(dict.fromkeys(team.pk for team in teams))
    locked = {team.pk: team for team in locking.lock_teams(ids)}
    rows = [locked[pk] for pk in ids]
    teams_assert_editable(teams=rows)
    return rows
