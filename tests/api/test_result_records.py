"""A result's record over the API, whatever the game keeps in it: the engine's record
(simulated and Killpower matches) under ``record``; a table game's record in its own shape
(Tutatis, Mythril) under ``game_record``, never a server error."""

import pytest

from matches.models import Result
from tests.api.test_results_and_standings import play
from tests.factories import FixtureFactory

OWN_SHAPE = {
    "result": {"home": {"goals": 1, "points": 4}, "away": {"goals": 1, "points": 3}},
    "result_report": 3,
}


@pytest.mark.django_db
def test_a_record_in_the_games_own_shape_is_shown_as_kept(api_as, season, team, other_team):
    result = play(FixtureFactory(season=season, home=team, away=other_team), 1, 1)
    Result.objects.filter(pk=result.pk).update(record=OWN_SHAPE)

    answer = api_as(None).get(f"/api/v1/results/{result.pk}/")

    assert answer.status_code == 200
    body = answer.json()
    assert body["record"] is None
    assert body["game_record"] == OWN_SHAPE
    assert (body["home_score"], body["away_score"], body["winner"]) == (1, 1, "draw")


@pytest.mark.django_db
def test_the_engines_record_stays_under_record(api_as, season, team, other_team):
    result = play(FixtureFactory(season=season, home=team, away=other_team), 2, 1)

    body = api_as(None).get(f"/api/v1/results/{result.pk}/").json()

    assert body["record"]["rolls"] == [{"team": "home", "target": 40, "roll": 12}]
    assert body["game_record"] is None
