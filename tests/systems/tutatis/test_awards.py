"""Tutatis's season awards read from the confirmed reports: best attack (points), best
defence (fewest conceded per match), sharpshooters (goals, worth 3) and bone crushers
(opponents badly hurt); granted when the season finishes."""

from datetime import timedelta

import pytest
from django.utils import timezone

from awards.models import Award
from matches import seasons
from matches.models import Fixture
from matches.table_results.services import report_confirm, report_enter
from tests.systems.tutatis.test_results import result

pytestmark = pytest.mark.django_db


def _won(season, code):
    return {(a.team.name, a.value) for a in Award.objects.filter(season=season, code=code)}


def test_the_season_awards_follow_the_reports(
    tt_fixture, orcs, dwarfs, coach, other_coach, commissioner, run_on_commit
):
    season = tt_fixture.season
    victim = dwarfs.tutatis_players.order_by("pk").first()
    first = report_enter(
        fixture=tt_fixture, user=coach, result=result((2, 1), (1, 2), hurt_away=[victim.name])
    )  # Orcs 7, Dwarfs 5; one dwarf badly hurt
    run_on_commit(report_confirm, report=first, user=other_coach)
    second = Fixture.objects.create(
        season=season, round=2, home=dwarfs, away=orcs, kickoff=timezone.now() + timedelta(days=2)
    )
    hurt = list(orcs.tutatis_players.order_by("pk").values_list("name", flat=True)[:2])
    report = report_enter(
        fixture=second,
        user=other_coach,
        result={
            "home": {"goals": 0, "over_bar": 1, "badly_hurt": []},
            "away": {"goals": 1, "over_bar": 0, "badly_hurt": hurt},
        },
    )  # Dwarfs 1, Orcs 3; two orcs badly hurt
    run_on_commit(report_confirm, report=report, user=coach)

    run_on_commit(seasons.season_finish, season=season, by=commissioner)

    assert _won(season, "best_attack") == {("Orcs", 10)}
    assert _won(season, "best_defence") == {("Orcs", 6)}
    assert _won(season, "sharpshooters") == {("Orcs", 3)}
    assert _won(season, "bone_crushers") == {("Dwarfs", 2)}
    assert not Award.objects.exclude(player_ref="").exists()  # no goal is a player's
