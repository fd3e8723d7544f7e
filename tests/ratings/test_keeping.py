"""The ratings kept by the worker after each result agree, to the last bit, with a rebuild from
the results alone; a task run twice changes nothing."""

import random
from datetime import timedelta

import pytest

from core.registry import FORFEIT
from matches.corrections import result_correct, result_void
from ratings import services
from ratings.models import CoachRating, TeamRating
from rules_engine.ratings.glicko2 import NEW_ENTRANT, Game, Rating, idle, rate
from tests.ratings.conftest import play, score, snapshot


def enter_all(fixtures, run_on_commit, *, seed: int) -> list:
    rng = random.Random(seed)
    order = list(fixtures)
    # a few results come in late, after later rounds were rated
    late = [order.pop(rng.randrange(len(order))) for _ in range(3)]
    results = [run_on_commit(play, f, *score(rng)) for f in order + late]
    return results


def test_the_workers_rows_equal_a_rebuild_after_corrections_and_a_void(
    seasons, commissioner, run_on_commit
):
    results = enter_all(seasons, run_on_commit, seed=26)
    rng = random.Random(7)
    for result in rng.sample(results, 4):
        home, away = result.away_score, result.home_score + 1  # another score, often a new winner
        winner = "home" if home > away else "away" if away > home else "draw"
        run_on_commit(
            result_correct,
            result=result,
            home_score=home,
            away_score=away,
            winner=winner,
            reason="Scoresheet misread",
            by=commissioner,
        )
    voided = results[5]
    moved = voided.fixture.kickoff + timedelta(weeks=30)
    run_on_commit(result_void, result=voided, reason="Replay", by=commissioner, kickoff=moved)
    kept = snapshot()
    assert kept["teams"] and kept["coaches"]

    services.ratings_rebuild()

    rebuilt = snapshot()
    assert rebuilt["teams"] == kept["teams"]
    assert rebuilt["coaches"] == kept["coaches"]


def test_a_correction_heard_twice_writes_the_same_rows(seasons, commissioner, run_on_commit):
    results = enter_all(seasons, run_on_commit, seed=3)
    result = results[10]
    run_on_commit(
        result_correct,
        result=result,
        home_score=result.away_score,
        away_score=result.home_score + 2,
        winner="away",
        reason="Wrong sheet",
        by=commissioner,
    )
    once = snapshot()

    again = services.results_rate(fixture_ids=[result.fixture_id])  # the task retried

    assert snapshot() == once
    assert again["coaches"] == 0  # every coach row found equal: nothing rewritten


def test_a_void_heard_twice_writes_the_same_rows(seasons, commissioner, run_on_commit):
    results = enter_all(seasons, run_on_commit, seed=5)
    run_on_commit(result_void, result=results[3], reason="Replay", by=commissioner)
    once = snapshot()

    again = services.result_void_rerate(fixture_id=results[3].fixture_id)

    assert snapshot() == once and again["coaches"] == 0


def test_a_team_without_a_game_in_a_round_keeps_its_rating_and_grows_its_deviation(
    seasons, run_on_commit
):
    # South has five teams: one rests each round
    south = [f for f in seasons if f.season.league.name == "South"]
    season = south[0].season
    for fixture in [f for f in south if f.season == season and f.round <= 2]:
        run_on_commit(play, fixture, 2, 1)
    rows = {(r.team_id, r.round): r for r in TeamRating.objects.filter(season=season)}
    teams = {f.home_id for f in south if f.season == season} | {
        f.away_id for f in south if f.season == season
    }
    assert {t for t, rnd in rows if rnd == 1} == teams  # every team has a row, resting or not
    [resting] = (
        teams
        - {f.home_id for f in south if f.season == season and f.round == 1}
        - {f.away_id for f in south if f.season == season and f.round == 1}
    )
    first = rows[(resting, 1)]
    assert (first.rating, first.volatility, first.games) == (1500, 0.06, 0)
    assert first.rd == idle(NEW_ENTRANT, 1).rd
    assert first.tau == 0.9  # South's setting


def test_a_coach_back_after_idle_weeks_enters_with_a_grown_deviation(seasons, run_on_commit):
    # Ada's Arena team plays every third week: two idle weeks between its rows
    arena = [f for f in seasons if f.season.league.name == "Arena"]
    ada = arena[0].season.league.teams.get(coach__username="ada").coach
    games = [f for f in arena if ada.pk in (f.home.coach_id, f.away.coach_id)][:2]
    for fixture in arena:
        if fixture.round <= 2:
            run_on_commit(play, fixture, 1, 1)  # draws
    first, second = CoachRating.objects.filter(coach=ada, game="killpower").order_by("week")
    assert (second.week - first.week).days == 21
    entering = idle(Rating(first.rating, first.rd, first.volatility), 2)
    opponent = games[1].away if games[1].home.coach_id == ada.pk else games[1].home
    opp = CoachRating.objects.get(coach=opponent.coach, game="killpower", week=first.week)
    opp_entering = idle(Rating(opp.rating, opp.rd, opp.volatility), 2)
    expected = rate(entering, [Game(opp_entering.rating, opp_entering.rd, 0.5)])
    assert (second.rating, second.rd, second.volatility) == (
        expected.rating,
        expected.rd,
        expected.volatility,
    )
    assert second.games == 2


def test_a_forfeit_is_not_rated(seasons, run_on_commit):
    fixture = seasons[0]
    run_on_commit(play, fixture, 2, 0, decided_by=FORFEIT)

    assert not TeamRating.objects.exists() and not CoachRating.objects.exists()


def test_a_new_tau_rates_the_league_again(seasons, commissioner, run_on_commit):
    from league.services import league_update

    north = seasons[0].season.league
    for fixture in [f for f in seasons if f.season.league == north][:6]:
        run_on_commit(play, fixture, 1, 0)
    before = list(TeamRating.objects.filter(season__league=north).values_list("rating", "tau"))
    assert {tau for _, tau in before} == {0.5}

    run_on_commit(league_update, league=north, rating_tau=1.1)

    after = list(TeamRating.objects.filter(season__league=north).values_list("rating", "tau"))
    assert {tau for _, tau in after} == {1.1} and len(after) == len(before)


@pytest.mark.parametrize("tau", [0.1, 1.3])
def test_a_tau_outside_0_2_to_1_2_is_refused_on_its_field(seasons, tau):
    from django.core.exceptions import ValidationError

    from league.services import league_update

    with pytest.raises(ValidationError) as refused:
        league_update(league=seasons[0].season.league, rating_tau=tau)
    assert "rating_tau" in refused.value.message_dict
