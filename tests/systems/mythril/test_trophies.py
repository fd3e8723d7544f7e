"""Knock-out trophies: the first stage pairs the entrants in order, the next stage appears when
both feeders have a winner (the post-match sequence advances it), trophy matches stay out of
the championship table and the final is marked (it doubles team-bet payouts)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from core.refusals import Refused
from rules_engine import Dice
from systems.mythril.models import TrophyMatch
from systems.mythril.services.post_match import post_match_run
from systems.mythril.services.trophies import trophy_create
from systems.mythril.standings import standings_table
from tests.systems.mythril.helpers import enter_and_confirm


@pytest.fixture
def four(make_team, coach, other_coach, third_coach, stranger):
    return [
        make_team(f"T{n}", user)
        for n, user in enumerate([coach, other_coach, third_coach, stranger])
    ]


def test_a_trophy_runs_to_its_final(season, four, commissioner):
    kickoff = timezone.now() + timedelta(days=3)
    trophy = trophy_create(
        season=season,
        user=commissioner,
        name="Cup",
        team_ids=[t.pk for t in four],
        round=5,
        kickoff=kickoff,
    )
    first = list(TrophyMatch.objects.filter(trophy=trophy).order_by("fixture__pk"))
    assert [(m.fixture.home, m.fixture.away, m.final) for m in first] == [
        (four[0], four[1], False),
        (four[2], four[3], False),
    ]
    for match, winner in zip(first, ("home", "away"), strict=True):
        fixture = match.fixture
        score = {"home": 1, "away": 0} if winner == "home" else {"home": 0, "away": 1}
        enter_and_confirm(fixture, {"score": score}, by=commissioner, confirm_by=commissioner)
        post_match_run(fixture_id=fixture.pk, dice=Dice(7))
    final = TrophyMatch.objects.get(trophy=trophy, stage=2)
    assert final.final
    assert (final.fixture.home, final.fixture.away) == (four[0], four[3])
    assert final.fixture.round == 6
    assert all(row.played == 0 for row in standings_table(season=season))


def test_a_trophy_needs_2_4_8_or_16_teams_and_the_commissioner(season, four, commissioner, coach):
    kickoff = timezone.now() + timedelta(days=3)
    with pytest.raises(Refused) as caught:
        trophy_create(
            season=season,
            user=commissioner,
            name="Cup",
            team_ids=[t.pk for t in four[:3]],
            round=5,
            kickoff=kickoff,
        )
    assert caught.value.code == "trophy_size"
    with pytest.raises(Refused) as caught:
        trophy_create(
            season=season,
            user=coach,
            name="Cup",
            team_ids=[t.pk for t in four[:2]],
            round=5,
            kickoff=kickoff,
        )
    assert caught.value.status_code == 403
