"""A Rotzball season's game awards: read from its results, granted once when it finishes
(the task run twice, the event heard twice, the sweep), the coaches told once."""

from collections import Counter
from datetime import timedelta
from fractions import Fraction

import pytest
from django.utils import translation

from awards.models import Award, SeasonGrant
from awards.services import awards_sweep, season_awards_grant
from core.events import publish
from core.refusals import Refused
from matches import seasons
from matches.models import Result
from notifications.kinds import text
from notifications.models import Notification


def _expected(season):
    scored, conceded, played, held = Counter(), Counter(), Counter(), Counter()
    for result in Result.objects.filter(fixture__season=season).select_related("fixture"):
        home, away = result.fixture.home_id, result.fixture.away_id
        scored[home] += result.home_score
        scored[away] += result.away_score
        conceded[home] += result.away_score
        conceded[away] += result.home_score
        played[home] += 1
        played[away] += 1
        held[home] += result.record["possessions"]["home"]
        held[away] += result.record["possessions"]["away"]
    top = max(scored.values())
    per_match = {team: Fraction(conceded[team], played[team]) for team in played}
    low = min(per_match.values())
    most = max(held.values())
    return (
        {
            "best_attack": {team for team, n in scored.items() if n == top},
            "best_defence": {team for team, n in per_match.items() if n == low},
            "ball_masters": {team for team, n in held.items() if n == most},
        },
        scored,
        held,
    )


def test_the_season_finish_grants_the_game_awards_once(
    played_season, commissioner, run_on_commit, events
):
    expected, scored, held = _expected(played_season)

    run_on_commit(seasons.season_finish, season=played_season, by=commissioner)

    granted = Award.objects.filter(season=played_season, kind=Award.Kind.GAME)
    by_code = {}
    for award in granted:
        by_code.setdefault(award.code, set()).add(award.team_id)
        assert award.player_ref == "" and award.given_by is None
        if award.code == "best_attack":
            assert award.value == scored[award.team_id] and award.matches == 4
        if award.code == "ball_masters":
            assert award.value == held[award.team_id]
    assert by_code == expected
    assert SeasonGrant.objects.get(season=played_season).awards == granted.count()
    [told] = [e for e in events if e.kind == "awards.granted"]
    assert told.key == f"awards.granted:{played_season.pk}"
    assert told.url == f"/awards/seasons/{played_season.pk}/"
    winners = {team for teams in expected.values() for team in teams}
    assert set(told.recipients) == set(
        Award.objects.filter(team_id__in=winners).values_list("team__coach_id", flat=True)
    )


def test_a_second_grant_or_a_duplicated_event_grants_nothing(
    played_season, commissioner, run_on_commit, events
):
    run_on_commit(seasons.season_finish, season=played_season, by=commissioner)
    count = Award.objects.count()
    assert count >= 3

    assert season_awards_grant(season_id=played_season.pk) == 0
    run_on_commit(
        publish,
        "season.finished",
        key=f"season.finished:{played_season.pk}",
        league_id=played_season.league_id,
        data={"season": played_season.pk},
    )
    assert Award.objects.count() == count
    assert len([e for e in events if e.kind == "awards.granted"]) == 1
    stored = Notification.objects.filter(kind="awards.granted")
    assert stored.count() == stored.values("user").distinct().count() >= 1
    with translation.override("fr"):
        assert text("awards.granted", stored.first().data).startswith(
            "Les récompenses de la saison 2526 de "
        )


def test_an_open_season_gets_no_award(played_season):
    assert season_awards_grant(season_id=played_season.pk) == 0
    assert not Award.objects.exists() and not SeasonGrant.objects.exists()


def test_the_sweep_grants_a_season_whose_message_was_lost(
    played_season, commissioner, run_on_commit, monkeypatch
):
    monkeypatch.setattr("awards.receivers.enqueue_on_commit", lambda *args: None)
    run_on_commit(seasons.season_finish, season=played_season, by=commissioner)
    assert not Award.objects.exists()

    sent = run_on_commit(awards_sweep, grace=timedelta(0))

    assert sent == {"awards_grants_enqueued": 1}
    assert SeasonGrant.objects.filter(season=played_season).exists()
    assert Award.objects.filter(season=played_season).count() >= 3
    assert run_on_commit(awards_sweep, grace=timedelta(0)) == {"awards_grants_enqueued": 0}


def test_a_finished_seasons_results_cannot_be_corrected_so_its_awards_stand(
    played_season, commissioner, run_on_commit
):
    from matches.corrections import result_correct

    run_on_commit(seasons.season_finish, season=played_season, by=commissioner)
    result = Result.objects.filter(fixture__season=played_season).first()
    with pytest.raises(Refused) as refused:
        result_correct(
            result=result,
            home_score=result.home_score + 1,
            away_score=result.away_score,
            winner="home",
            reason="typo",
            by=commissioner,
        )
    assert refused.value.code == "season_finished"
