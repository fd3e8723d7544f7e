"""A league page judges its teams' line-ups from their values, a match preview from the
instances it holds: both give each team the sheet its own line-up and match plan make."""

import pytest

from league.models import Team
from systems.rotzball.models import LineupSlot, MatchPlan, Tactic
from systems.rotzball.selectors.teams import lineups_prefetch, team_sheet_get, teams_sheets
from tests.factories import TeamFactory, full_lineup


@pytest.mark.django_db
def test_sheets_read_as_values_equal_the_sheets_of_the_instances(
    league, team, other_team, django_assert_num_queries
):
    MatchPlan.objects.create(team=team, tactic=Tactic.DEFENSIVE)  # other_team has none
    short = TeamFactory(league=league, name="Boars")
    full_lineup(short)
    LineupSlot.objects.filter(team=short, position="passer").delete()
    expected = {pk: team_sheet_get(team=Team.objects.get(pk=pk)) for pk in (team.pk, other_team.pk)}

    fresh = list(Team.objects.filter(pk__in=[team.pk, other_team.pk, short.pk]))
    with django_assert_num_queries(2):  # the slots with their players' values, the plans
        sheets, blocked = teams_sheets(teams=fresh)
    assert sheets == expected
    assert sheets[team.pk]["tactic"] == "defensive"
    assert sheets[other_team.pk]["tactic"] == "balanced"
    assert list(blocked) == [short.pk]

    held = list(Team.objects.filter(pk__in=[team.pk, other_team.pk, short.pk]))
    lineups_prefetch(teams=held)
    with django_assert_num_queries(0):  # read from the instances
        assert teams_sheets(teams=held) == (sheets, blocked)
