"""Tutatis between two seasons: a player badly hurt in the last match of a season starts the
next one fit; players and the team's list carry over."""

import pytest

from matches import seasons
from matches.table_results.services import report_confirm, report_enter
from systems.tutatis.models import Player
from tests.systems.tutatis.test_results import result

pytestmark = pytest.mark.django_db


def test_the_badly_hurt_come_back_for_the_next_season(
    tt_league, tt_fixture, orcs, dwarfs, coach, other_coach, commissioner, run_on_commit
):
    victim = dwarfs.tutatis_players.order_by("pk").first()
    report = report_enter(fixture=tt_fixture, user=coach, result=result(hurt_away=[victim.name]))
    run_on_commit(report_confirm, report=report, user=other_coach)
    assert Player.objects.get(pk=victim.pk).badly_hurt is True
    roster = sorted(dwarfs.tutatis_players.values_list("name", "role", "price"))

    first = seasons.season_finish(season=tt_fixture.season, by=commissioner)
    assert first.champion == orcs  # 7 points to 5
    seasons.season_start_next(league=tt_league, name="Second", by=commissioner)

    assert Player.objects.get(pk=victim.pk).badly_hurt is False
    assert sorted(dwarfs.tutatis_players.values_list("name", "role", "price")) == roster


def test_a_season_waits_for_its_injuries_to_carry_over(
    tt_fixture, coach, other_coach, commissioner
):
    report = report_enter(fixture=tt_fixture, user=coach, result=result())
    report_confirm(report=report, user=other_coach)  # the post-match task not run yet

    with pytest.raises(seasons.SeasonConflict) as refused:
        seasons.season_finish(season=tt_fixture.season, by=commissioner)
    assert refused.value.code == "post_match_pending"
