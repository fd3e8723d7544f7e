"""Two Killpower Ball seasons played at the table (results entered and confirmed, the
post-match sequence run): the champion tops the ranking table, gladiators keep their
experience into the next season, the wounded and those in a coma start it fit; a tournament's champion is the final's winner; the archived season refuses reports."""

import pytest
from django.core.exceptions import ValidationError

from matches import seasons
from matches.table_results.services import report_confirm, report_enter
from systems.killpower.models import Gladiator
from systems.killpower.selectors.standings import ranking_table_get
from systems.killpower.services.post_match import post_match_run
from tests.factories import FixtureFactory
from tests.systems.killpower.helpers import play, report


def test_two_seasons_xp_kept_and_injuries_healed(
    kp_league, kp_season, titanos, viking, commissioner
):
    play(FixtureFactory(season=kp_season, round=1, home=titanos, away=viking), 2, 0,
         by=commissioner, confirm_by=commissioner)  # fmt: skip
    xp_before = dict(Gladiator.objects.filter(team__in=[titanos, viking])
                     .values_list("pk", "xp"))  # fmt: skip
    assert any(xp_before.values())  # the match gave experience
    wounded, in_coma = viking.gladiators.order_by("number")[:2]
    Gladiator.objects.filter(pk=wounded.pk).update(status=Gladiator.Status.BADLY_WOUNDED)
    Gladiator.objects.filter(pk=in_coma.pk).update(status=Gladiator.Status.COMA)

    finished = seasons.season_finish(season=kp_season, by=commissioner)
    assert finished.champion == titanos  # the ranking table's top (3 points to 0)
    table_then = [
        (r.team.pk, r.ranking_points, r.power) for r in ranking_table_get(season=finished)
    ]
    second = seasons.season_start_next(league=kp_league, name="Second", by=commissioner)

    assert dict(Gladiator.objects.filter(team__in=[titanos, viking])
                .values_list("pk", "xp")) == xp_before  # fmt: skip
    assert Gladiator.objects.get(pk=wounded.pk).status == Gladiator.Status.FIT
    assert Gladiator.objects.get(pk=in_coma.pk).status == Gladiator.Status.FIT
    assert second.fixtures.count() == 1  # they met once: a single round robin again

    # the second season is played and finished in turn
    [fixture] = second.fixtures.all()
    play(fixture, 1, 1, by=commissioner, confirm_by=commissioner)
    assert seasons.season_finish(season=second, by=commissioner).champion == titanos
    # the first season's table still reads as it ended, though ranking points and XP moved on
    assert [(r.team.pk, r.ranking_points, r.power)
            for r in ranking_table_get(season=finished)] == table_then  # fmt: skip
    assert [(r.team.pk, r.ranking_points, r.power)
            for r in ranking_table_get(season=second)] != table_then  # fmt: skip


def test_an_archived_season_refuses_a_report(kp_league, kp_season, titanos, viking, commissioner):
    play(FixtureFactory(season=kp_season, round=1, home=titanos, away=viking), 2, 0,
         by=commissioner, confirm_by=commissioner)  # fmt: skip
    late = FixtureFactory(season=kp_season, round=2, home=viking, away=titanos)
    late.status = "cancelled"
    late.save()
    seasons.season_finish(season=kp_season, by=commissioner)
    late.status = "scheduled"  # as if a stale page still offered it
    late.save()

    with pytest.raises(ValidationError) as refused:
        report_enter(fixture=late, user=commissioner, result=report(1, 0))
    assert "season" in refused.value.message_dict


def test_a_tournament_champion_is_the_final_winner(kp_cup_final, kp_season, viking, commissioner):
    play(kp_cup_final, 0, 4, by=commissioner, confirm_by=commissioner)

    assert seasons.season_finish(season=kp_season, by=commissioner).champion == viking


def test_a_tournament_without_its_final_winner_cannot_finish(
    kp_league, kp_season, titanos, viking, commissioner
):
    from datetime import timedelta

    from django.utils import timezone

    from league.services import league_update
    from matches.services import fixture_cancel
    from systems.killpower.services.teams import killpower_team_register
    from systems.killpower.services.tournaments import tournament_create
    from tests.factories import killpower_recruits

    killpower_team_register(league=kp_league, name="Nabos", gladiators=killpower_recruits("Nabos"),
                            seed=3)  # fmt: skip
    league_update(league=kp_league, competition_format="tournament")
    kp_season.refresh_from_db()
    [semi] = tournament_create(season=kp_season, first_kickoff=timezone.now() + timedelta(days=1))
    play(semi, 2, 0, by=commissioner, confirm_by=commissioner)  # the final is drawn after it
    final = kp_season.fixtures.exclude(pk=semi.pk).get()
    fixture_cancel(fixture=final)

    with pytest.raises(seasons.SeasonConflict) as refused:
        seasons.season_finish(season=kp_season, by=commissioner)
    assert refused.value.code == "tournament_unfinished"
    kp_season.refresh_from_db()
    assert kp_season.finished_at is None


def test_a_season_waits_for_its_post_match_sequences(
    kp_league, kp_season, titanos, viking, commissioner
):
    """The next season heals the wounded: a sequence still to run would write its injuries
    after that, so the season does not finish until the workers have run it."""
    fixture = FixtureFactory(season=kp_season, round=1, home=titanos, away=viking)
    entered = report_enter(fixture=fixture, user=commissioner, result=report(2, 0), options=None)
    report_confirm(report=entered, user=commissioner, seed=7)  # the task not run yet

    with pytest.raises(seasons.SeasonConflict) as refused:
        seasons.season_finish(season=kp_season, by=commissioner)
    assert refused.value.code == "post_match_pending"
    kp_season.refresh_from_db()
    assert kp_season.finished_at is None

    post_match_run(fixture_id=fixture.pk, seed=7)
    assert seasons.season_finish(season=kp_season, by=commissioner).champion == titanos
