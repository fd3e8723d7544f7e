"""The Swiss services: creation, pairing from real results, byes, swaps with warnings,
publication once, late entries, withdrawals and the ordered tie-breakers."""

import pytest

from core.refusals import Refused
from matches.models import Fixture
from tests.factories import TeamFactory
from tests.tournaments.conftest import pair_and_publish, play
from tournaments import selectors, services
from tournaments.models import Round

pytestmark = pytest.mark.django_db


def names(round_):
    return [
        (p.home.name, p.away.name if p.away else None) for p in round_.pairings.order_by("table")
    ]


def test_rounds_are_suggested_as_ceil_log2_of_the_teams(swiss):
    assert swiss.rounds == 3  # six teams
    assert selectors.rounds_suggested(teams=8) == 3
    assert selectors.rounds_suggested(teams=9) == 4
    assert swiss.bye_points == swiss.season.league.points_win


def test_a_tiebreaker_the_game_does_not_know_is_refused(season, six_teams):
    with pytest.raises(Refused) as refused:
        services.tournament_create(
            season=season, name="X", teams=six_teams, tiebreakers=["points", "goals_galore"]
        )
    assert refused.value.code == "tiebreaker_unknown" and refused.value.field == "tiebreakers"
    with pytest.raises(Refused) as twice:
        services.tournament_create(
            season=season, name="X", teams=six_teams, tiebreakers=["points", "points"]
        )
    assert twice.value.code == "tiebreaker_twice"


def test_a_season_with_fixtures_is_refused(season, six_teams):
    Fixture.objects.create(
        season=season,
        round=1,
        home=six_teams[0],
        away=six_teams[1],
        kickoff=__import__("django.utils.timezone").utils.timezone.now(),
    )
    with pytest.raises(Refused) as refused:
        services.tournament_create(season=season, name="X", teams=six_teams)
    assert refused.value.code == "fixtures_exist"


def test_the_next_round_waits_for_the_last_result(swiss):
    first = services.round_pair(tournament=swiss)
    services.round_publish(round_=first)

    with pytest.raises(Refused) as refused:
        services.round_pair(tournament=swiss)
    assert refused.value.code == "round_in_play" and refused.value.params["waiting"] == 3

    play(first)
    second = services.round_pair(tournament=swiss)
    assert second.number == 2 and second.status == Round.Status.DRAFT


def test_round_two_pairs_winners_together_and_never_rematches(swiss):
    first = pair_and_publish(swiss)
    winners = {p.home_id for p in first.pairings.all()}  # home won 1-0 everywhere
    met = {frozenset((p.home_id, p.away_id)) for p in first.pairings.all()}

    second = services.round_pair(tournament=swiss)

    pairs = [frozenset((p.home_id, p.away_id)) for p in second.pairings.all()]
    assert not set(pairs) & met
    assert sum(1 for pair in pairs if pair <= winners) == 1  # two of the three winners meet
    assert selectors.draft_warnings(round_=second) == []


def test_the_bye_goes_to_the_lowest_ranked_of_those_with_fewest_byes(league, season):
    teams = [TeamFactory(league=league, name=name, coach=None) for name in "ABCDE"]
    swiss = services.tournament_create(season=season, name="Odd", teams=teams, rounds=3)

    first = pair_and_publish(swiss)
    bye_one = first.pairings.get(away__isnull=True).home
    assert bye_one == teams[-1]  # lowest in the entry order, nobody has had a bye
    ranked = [row.entry.team for row in selectors.standings(tournament=swiss)]
    expected = [team for team in ranked if team != bye_one][-1]

    second = services.round_pair(tournament=swiss)

    assert second.pairings.get(away__isnull=True).home == expected
    row = next(r for r in selectors.standings(tournament=swiss) if r.entry.team == bye_one)
    assert row.byes == 1 and row.values["points"] == swiss.bye_points


def test_a_bye_is_recorded_without_a_fixture_and_scored(league, season):
    teams = [TeamFactory(league=league, name=name, coach=None) for name in "ABC"]
    swiss = services.tournament_create(
        season=season, name="Odd", teams=teams, rounds=2, bye_points=2
    )
    first = services.round_pair(tournament=swiss)
    fixtures = services.round_publish(round_=first)

    bye = first.pairings.get(away__isnull=True)
    assert len(fixtures) == 1 and bye.fixture is None
    row = next(r for r in selectors.standings(tournament=swiss) if r.entry.team == bye.home)
    assert row.values["points"] == 2


def test_swapping_into_a_rematch_warns_and_keeps_the_swap(swiss):
    pair_and_publish(swiss)
    second = services.round_pair(tournament=swiss)
    tables = list(second.pairings.order_by("table"))
    first_round = Round.objects.get(tournament=swiss, number=1)
    # find a swap that recreates a round-one game
    met = {frozenset((p.home_id, p.away_id)) for p in first_round.pairings.all()}
    a = tables[0]
    b = next(
        t
        for t in tables[1:]
        if frozenset((a.home_id, t.home_id)) in met or frozenset((a.home_id, t.away_id)) in met
    )
    partner = b.home if frozenset((a.home_id, b.home_id)) in met else b.away

    warnings = services.pairing_swap(round_=second, first=a.away, second=partner)

    assert [w.code for w in warnings] == ["rematch"]
    assert frozenset((warnings[0].home.pk, warnings[0].away.pk)) in met
    assert second.pairings.count() == 3  # nothing lost


def test_swapping_the_bye_to_a_team_that_had_one_warns(league, season):
    teams = [TeamFactory(league=league, name=name, coach=None) for name in "ABCDE"]
    swiss = services.tournament_create(season=season, name="Odd", teams=teams, rounds=3)
    first = pair_and_publish(swiss)
    had_bye = first.pairings.get(away__isnull=True).home
    second = services.round_pair(tournament=swiss)
    new_bye = second.pairings.get(away__isnull=True).home

    warnings = services.pairing_swap(round_=second, first=new_bye, second=had_bye)

    assert "repeated_bye" in [w.code for w in warnings]
    assert second.pairings.get(away__isnull=True).home == had_bye


def test_a_published_round_cannot_be_swapped(swiss):
    first = services.round_pair(tournament=swiss)
    services.round_publish(round_=first)
    p = first.pairings.order_by("table")
    with pytest.raises(Refused) as refused:
        services.pairing_swap(round_=first, first=p[0].home, second=p[1].home)
    assert refused.value.code == "round_published"


def test_publish_creates_the_fixtures_once_even_when_called_twice(swiss):
    draft = services.round_pair(tournament=swiss)

    once = services.round_publish(round_=draft)
    again = services.round_publish(round_=draft)

    assert len(once) == 3 and [f.pk for f in again] == [f.pk for f in once]
    assert Fixture.objects.filter(season=swiss.season).count() == 3
    assert {f.round for f in once} == {1}


def test_home_and_away_are_balanced_over_the_rounds(swiss):
    for _ in range(3):
        pair_and_publish(swiss)
    fixtures = Fixture.objects.filter(season=swiss.season)
    for entry in swiss.entries.all():
        home = fixtures.filter(home=entry.team).count()
        away = fixtures.filter(away=entry.team).count()
        assert abs(home - away) <= 1, entry.team


def test_a_withdrawn_team_is_not_paired_again_and_keeps_its_results(swiss, six_teams):
    first = pair_and_publish(swiss)
    gone = first.pairings.order_by("table")[0].home  # a winner

    with pytest.raises(Refused):
        services.entry_withdraw(tournament=swiss, team=TeamFactory(league=swiss.season.league))
    entry = services.entry_withdraw(tournament=swiss, team=gone)
    second = services.round_pair(tournament=swiss)

    assert entry.withdrawn_after == 1
    paired = {p.home_id for p in second.pairings.all()} | {
        p.away_id for p in second.pairings.all() if p.away_id
    }
    assert gone.pk not in paired and len(paired) == 5
    row = next(r for r in selectors.standings(tournament=swiss) if r.entry.team == gone)
    assert row.values["points"] == swiss.season.league.points_win


def test_entries_wait_while_a_round_is_played(swiss, league):
    first = services.round_pair(tournament=swiss)
    services.round_publish(round_=first)
    late = TeamFactory(league=league, name="Late", coach=None)

    with pytest.raises(Refused) as refused:
        services.entry_add(tournament=swiss, team=late)
    assert refused.value.code == "round_in_play"


def test_a_late_entry_is_paired_from_the_next_round(swiss, league):
    pair_and_publish(swiss)
    draft = services.round_pair(tournament=swiss)
    late = TeamFactory(league=league, name="Late", coach=None)

    entry = services.entry_add(tournament=swiss, team=late)

    assert entry.joined_round == 2
    assert not Round.objects.filter(pk=draft.pk).exists()  # the draft is paired again
    second = services.round_pair(tournament=swiss)
    seated = [p.home_id for p in second.pairings.all()] + [
        p.away_id for p in second.pairings.all() if p.away_id
    ]
    assert second.pairings.count() == 4 and late.pk in seated  # seven teams: one bye
    row = next(r for r in selectors.standings(tournament=swiss) if r.entry.team == late)
    assert row.values["points"] == 0


def test_the_tiebreakers_apply_in_the_organisers_order(league, season):
    teams = [TeamFactory(league=league, name=name, coach=None) for name in "ABCD"]
    by_points = services.tournament_create(
        season=season,
        name="T",
        teams=teams,
        rounds=2,
        tiebreakers=["points", "goals_for"],
    )
    first = services.round_pair(tournament=by_points)
    services.round_publish(round_=first)
    tables = list(first.pairings.order_by("table"))
    play(first, {1: (5, 4), 2: (1, 0)})
    winner_five, loser_four = tables[0].home, tables[0].away
    winner_one, loser_none = tables[1].home, tables[1].away

    standings = selectors.standings(tournament=by_points)
    assert [r.entry.team for r in standings] == [winner_five, winner_one, loser_four, loser_none]
    assert standings[0].values == {"points": 3, "goals_for": 5}

    by_points.tiebreakers = ["goals_for", "points"]
    by_points.save()
    reordered = [r.entry.team for r in selectors.standings(tournament=by_points)]
    assert reordered == [winner_five, loser_four, winner_one, loser_none]


def test_the_tournament_ends_after_its_rounds(swiss):
    for _ in range(3):
        pair_and_publish(swiss)

    assert selectors.state(tournament=swiss).finished
    with pytest.raises(Refused) as refused:
        services.round_pair(tournament=swiss)
    assert refused.value.code == "tournament_over"
