"""A Swiss tournament in a league of every table game: created, paired, published as the
season's fixtures, played and ranked with the game's own metric as a tie-breaker."""

import pytest

from tests.factories import LeagueFactory, SeasonFactory, TeamFactory
from tests.tournaments.conftest import pair_and_publish
from tournaments import selectors, services

pytestmark = pytest.mark.django_db

OWN_METRIC = {
    "rotzball": "goals_for",
    "killpower": "gladiators_hurt",
    "mythril": "touchdowns",
    "tutatis": "victory_points",
}


@pytest.mark.parametrize("game", sorted(OWN_METRIC))
def test_a_swiss_in_a_league_of(game, commissioner):
    league = LeagueFactory(rule_system=game, commissioner=commissioner)
    teams = [TeamFactory(league=league, coach=None) for _ in range(4)]
    swiss = services.tournament_create(
        season=SeasonFactory(league=league),
        name=f"{game} open",
        teams=teams,
        tiebreakers=["points", OWN_METRIC[game], "buchholz"],
    )

    for _ in range(swiss.rounds):
        pair_and_publish(swiss, {1: (2, 1), 2: (0, 3)})

    assert selectors.state(tournament=swiss).finished
    assert swiss.season.fixtures.count() == 4
    standings = selectors.standings(tournament=swiss)
    assert sum(r.values["points"] for r in standings) == swiss.rounds * 2 * league.points_win
    assert all(OWN_METRIC[game] in r.values for r in standings)
