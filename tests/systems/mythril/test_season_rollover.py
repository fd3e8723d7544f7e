"""The Mythril league between two seasons: a player who would miss the next match plays the
new season; experience, skills and the dead carry over; the champion tops the Mythril table."""

import pytest

from matches import seasons
from systems.mythril.models import Player
from tests.systems.mythril.helpers import enter_and_confirm, ids, kick_off, side
from tests.systems.mythril.test_results import score

pytestmark = pytest.mark.django_db


def test_the_injured_play_again_and_experience_stays(
    league, season, fixture, home_team, away_team, coach, other_coach, commissioner
):
    kick_off(fixture)
    home = ids(fixture, "home")
    enter_and_confirm(fixture, score(2, 0, home=side(home, p0={"touchdowns": 2})),
                      by=coach, confirm_by=other_coach, run=True)  # fmt: skip
    injured, veteran, dead = away_team.mythril_players.order_by("number")[:3]
    Player.objects.filter(pk=injured.pk).update(status=Player.Status.INJURED)
    Player.objects.filter(pk=veteran.pk).update(spp=16, skills=["Block"])
    Player.objects.filter(pk=dead.pk).update(status=Player.Status.DEAD)

    finished = seasons.season_finish(season=season, by=commissioner)
    assert finished.champion == home_team
    seasons.season_start_next(league=league, name="Second", by=commissioner)

    assert Player.objects.get(pk=injured.pk).status == Player.Status.ACTIVE
    kept = Player.objects.get(pk=veteran.pk)
    assert (kept.spp, kept.skills) == (16, ["Block"])
    assert Player.objects.get(pk=dead.pk).status == Player.Status.DEAD


def test_no_trophy_in_a_finished_season(
    season, fixture, home_team, away_team, coach, other_coach, commissioner
):
    from core.refusals import Refused
    from systems.mythril.services.trophies import trophy_create

    kick_off(fixture)
    enter_and_confirm(fixture, score(0, 0), by=coach, confirm_by=other_coach, run=True)
    seasons.season_finish(season=season, by=commissioner)
    season.refresh_from_db()

    with pytest.raises(Refused) as refused:
        trophy_create(
            season=season,
            user=commissioner,
            name="Late Cup",
            team_ids=[home_team.pk, away_team.pk],
            round=5,
            kickoff=fixture.kickoff,
        )
    assert (refused.value.code, refused.value.field) == ("season_finished", "season")


def test_a_season_waits_for_a_pending_post_match_sequence(
    season, fixture, coach, other_coach, commissioner
):
    kick_off(fixture)
    enter_and_confirm(fixture, score(1, 0), by=coach, confirm_by=other_coach)  # not run yet

    with pytest.raises(seasons.SeasonConflict) as refused:
        seasons.season_finish(season=season, by=commissioner)
    assert refused.value.code == "post_match_pending"
    season.refresh_from_db()
    assert season.finished_at is None
