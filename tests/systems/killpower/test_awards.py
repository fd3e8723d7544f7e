"""Killpower Ball's season awards read from the confirmed reports: best attack, best defence
and the butchers (opponents put in a coma or left badly wounded); a gladiator's custom award
shown on his page."""

import pytest
from django.urls import reverse
from django.utils import timezone

from awards.models import Award
from awards.services import custom_award_give
from matches import seasons
from tests.factories import FixtureFactory
from tests.systems.killpower.helpers import play

pytestmark = pytest.mark.django_db


def _won(season, code):
    return {(a.team.name, a.value) for a in Award.objects.filter(season=season, code=code)}


def test_the_butchers_left_the_most_opponents_hurt(
    kp_season, titanos, viking, coach, other_coach, commissioner, run_on_commit
):
    first = FixtureFactory(season=kp_season, round=1, home=titanos, away=viking)
    play(first, 3, 0, by=coach, confirm_by=other_coach, seed=3,
         away={"played": [f"Viking {i}" for i in range(1, 6)], "badly_wounded": ["Viking 4"],
               "comas": [{"gladiator": "Viking 2", "state": -11}]})  # fmt: skip
    second = FixtureFactory(
        season=kp_season, round=2, home=viking, away=titanos, kickoff=timezone.now()
    )
    play(second, 1, 2, by=other_coach, confirm_by=coach, seed=4,
         away={"played": [f"Titanos {i}" for i in range(1, 6)], "badly_wounded": ["Titanos 5"]})  # fmt: skip

    run_on_commit(seasons.season_finish, season=kp_season, by=commissioner)

    assert _won(kp_season, "butchers") == {("Titanos", 2)}  # a coma and a wound to one
    assert _won(kp_season, "best_attack") == {("Titanos", 5)}
    assert _won(kp_season, "best_defence") == {("Titanos", 1)}


def test_a_gladiators_award_is_on_his_page(client, kp_season, titanos, commissioner):
    gladiator = titanos.gladiators.order_by("number").first()
    custom_award_give(
        season=kp_season,
        by=commissioner,
        name="Iron Man",
        team=titanos,
        player_ref=str(gladiator.pk),
    )

    page = client.get(reverse("league:gladiator", args=[gladiator.pk]))

    assert page.status_code == 200
    assert "Iron Man" in page.content.decode()


def test_the_best_attack_and_defence_count_the_20_turns_free_throws_aside(
    kp_cup_final, kp_season, coach, other_coach, commissioner, run_on_commit
):
    """A tournament's final drawn 1-1 after the 20 turns goes to free throws, whose points the
    result's score carries; the awards count the 20 turns, so both sides scored and conceded
    one, and share both."""
    result = play(kp_cup_final, 1, 1, by=coach, confirm_by=other_coach, seed=3)
    assert result.decided_by == "free_throws"
    assert (result.home_score, result.away_score) != (1, 1)  # the free throws' points in

    run_on_commit(seasons.season_finish, season=kp_season, by=commissioner)

    assert _won(kp_season, "best_attack") == {("Titanos", 1), ("Viking", 1)}
    assert _won(kp_season, "best_defence") == {("Titanos", 1), ("Viking", 1)}
