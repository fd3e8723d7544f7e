"""Double elimination through the services: brackets of 5 and 8 teams played to the end from
results, out at the second loss, the bracket reset on and off, published once, draws refused
until the commissioner corrects them."""

from collections import Counter

import pytest

from core.refusals import Refused
from matches.corrections import result_correct
from matches.models import Fixture
from tests.factories import ResultFactory, TeamFactory
from tournaments import selectors, services
from tournaments.models import Pairing, Round, Tournament

pytestmark = pytest.mark.django_db


def bracket_of(season, league, count, *, reset=True):
    teams = [TeamFactory(league=league, name=f"T{n}", coach=None) for n in range(1, count + 1)]
    tournament = services.tournament_create(
        season=season,
        name="Double",
        teams=teams,
        format=Tournament.Format.DOUBLE,
        bracket_reset=reset,
    )
    return tournament, teams


def seed_wins(pairing, seeds):
    """The better seed wins."""
    return pairing.home if seeds[pairing.home_id] < seeds[pairing.away_id] else pairing.away


def play_round(tournament, winner_of):
    round_ = services.round_pair(tournament=tournament)
    services.round_publish(round_=round_)
    for pairing in round_.pairings.select_related("home", "away", "fixture"):
        won = winner_of(pairing)
        scores = (2, 0) if won.pk == pairing.fixture.home_id else (0, 2)
        ResultFactory(fixture=pairing.fixture, home_score=scores[0], away_score=scores[1])
    return round_


def play_out(tournament, winner_of, limit=40):
    rounds = []
    while not selectors.state(tournament=tournament).finished:
        rounds.append(play_round(tournament, winner_of))
        assert len(rounds) < limit
    return rounds


def losses(tournament):
    """Each team's losses, and the round of its second loss and of its last game."""
    lost = Counter()
    second_loss = {}
    last_game = {}
    pairings = Pairing.objects.filter(round__tournament=tournament).select_related(
        "fixture__result", "round"
    )
    for pairing in pairings.order_by("round__number"):
        number = pairing.round.number
        result = pairing.fixture.result
        loser = pairing.away_id if result.winner == "home" else pairing.home_id
        lost[loser] += 1
        if lost[loser] == 2:
            second_loss[loser] = number
        for team in (pairing.home_id, pairing.away_id):
            last_game[team] = number
    return lost, second_loss, last_game


@pytest.mark.parametrize("count", [5, 8])
def test_a_bracket_is_played_to_its_end_and_a_team_is_out_at_its_second_loss(season, league, count):
    tournament, teams = bracket_of(season, league, count, reset=True)
    seeds = {team.pk: n for n, team in enumerate(teams, 1)}

    rounds = play_out(tournament, lambda p: seed_wins(p, seeds))

    bracket = selectors.bracket_view(tournament=tournament)
    assert bracket.champion == teams[0]
    assert len(rounds) <= tournament.rounds
    lost, second_loss, last_game = losses(tournament)
    assert lost[teams[0].pk] == 0  # the top seed wins every match: no reset final
    assert all(lost[team.pk] == 2 for team in teams[1:])
    # no game after the second loss: a team's last game is the one it lost second
    assert all(last_game[team.pk] == second_loss[team.pk] for team in teams[1:])
    assert not Round.objects.filter(tournament=tournament, status="draft").exists()
    assert Fixture.objects.filter(season=season).count() == 2 * count - 2
    # byes are walkovers, never a game without an opponent
    assert not Pairing.objects.filter(round__tournament=tournament, away__isnull=True).exists()
    with pytest.raises(Refused) as over:
        services.round_pair(tournament=tournament)
    assert over.value.code == "tournament_over"


def test_out_at_the_second_loss_round_by_round(season, league):
    tournament, teams = bracket_of(season, league, 8)
    seeds = {team.pk: n for n, team in enumerate(teams, 1)}
    lost = Counter()
    while not selectors.state(tournament=tournament).finished:
        round_ = play_round(tournament, lambda p: seed_wins(p, seeds))
        for pairing in round_.pairings.all():
            assert lost[pairing.home_id] < 2 and lost[pairing.away_id] < 2
            loser = (
                pairing.away_id if seed_wins(pairing, seeds) == pairing.home else pairing.home_id
            )
            lost[loser] += 1
    assert sorted(lost.values()) == [2] * 7


def losers_champion_takes_the_final(seeds, finalists):
    def winner_of(pairing):
        if pairing.match.startswith("GF"):
            return pairing.home if pairing.home_id == finalists["losers"] else pairing.away
        return seed_wins(pairing, seeds)

    return winner_of


@pytest.mark.parametrize("reset", [True, False])
def test_the_bracket_reset_is_a_setting(season, league, reset):
    tournament, teams = bracket_of(season, league, 4, reset=reset)
    seeds = {team.pk: n for n, team in enumerate(teams, 1)}
    # the seed 2 loses the winners' final to seed 1, wins the losers' final, then GF1
    rounds = play_out(tournament, losers_champion_takes_the_final(seeds, {"losers": teams[1].pk}))

    matches = [p.match for r in rounds for p in r.pairings.all()]
    champion = selectors.bracket_view(tournament=tournament).champion
    if reset:
        assert matches[-2:] == ["GF1", "GF2"]
        assert champion == teams[1]  # the losers' champion won both finals
    else:
        assert matches[-1] == "GF1" and "GF2" not in matches
        assert champion == teams[1]


def test_with_the_reset_the_winners_champion_can_take_the_second_final(season, league):
    tournament, teams = bracket_of(season, league, 4, reset=True)
    seeds = {team.pk: n for n, team in enumerate(teams, 1)}
    until_gf2 = losers_champion_takes_the_final(seeds, {"losers": teams[1].pk})

    def winner_of(pairing):
        if pairing.match == "GF2":
            return pairing.home if pairing.home_id == teams[0].pk else pairing.away
        return until_gf2(pairing)

    rounds = play_out(tournament, winner_of)
    assert rounds[-1].pairings.get().match == "GF2"
    assert selectors.bracket_view(tournament=tournament).champion == teams[0]


def test_a_round_is_published_once(season, league):
    tournament, _ = bracket_of(season, league, 8)
    round_ = services.round_pair(tournament=tournament)
    first = services.round_publish(round_=round_)
    again = services.round_publish(round_=round_)
    assert [f.pk for f in again] == [f.pk for f in first]
    assert Fixture.objects.filter(season=season).count() == 4
    assert [p.match for p in round_.pairings.order_by("table")] == ["W1.1", "W1.2", "W1.3", "W1.4"]
    with pytest.raises(Refused) as waiting:
        services.round_pair(tournament=tournament)
    assert waiting.value.code == "round_in_play"


def test_a_draw_is_refused_until_the_commissioner_corrects_it(season, league):
    tournament, _ = bracket_of(season, league, 4)
    round_ = services.round_pair(tournament=tournament)
    services.round_publish(round_=round_)
    drawn, won = round_.pairings.select_related("fixture").order_by("table")
    result = ResultFactory(fixture=drawn.fixture, home_score=1, away_score=1)
    ResultFactory(fixture=won.fixture, home_score=1, away_score=0)

    with pytest.raises(Refused) as refused:
        services.round_pair(tournament=tournament)
    assert refused.value.code == "bracket_draw"
    assert refused.value.params["fixture"] == drawn.fixture_id
    assert drawn.home.name in refused.value.message and "draw" in refused.value.message
    assert not Round.objects.filter(tournament=tournament, number=2).exists()

    result_correct(
        result=result, home_score=2, away_score=1, winner="home", reason="Misread", by=None
    )
    second = services.round_pair(tournament=tournament)
    assert {p.match for p in second.pairings.all()} == {"W2.1", "L1.1"}


def test_a_bracket_cannot_be_swapped_nor_its_entries_changed(season, league):
    tournament, teams = bracket_of(season, league, 4)
    round_ = services.round_pair(tournament=tournament)
    with pytest.raises(Refused) as swap:
        services.pairing_swap(round_=round_, first=teams[0], second=teams[1])
    assert swap.value.code == "bracket_fixed"
    late = TeamFactory(league=league, name="Late", coach=None)
    with pytest.raises(Refused) as enter:
        services.entry_add(tournament=tournament, team=late)
    assert enter.value.code == "bracket_entries_fixed"


def test_an_unknown_format_is_refused(season, league):
    teams = [TeamFactory(league=league, coach=None) for _ in range(4)]
    with pytest.raises(Refused) as refused:
        services.tournament_create(season=season, name="X", teams=teams, format="ladder")
    assert refused.value.code == "format_unknown" and refused.value.field == "format"


def test_a_result_corrected_after_the_bracket_moved_on_stops_it(season, league):
    tournament, teams = bracket_of(season, league, 4)
    seeds = {team.pk: n for n, team in enumerate(teams, 1)}
    first = play_round(tournament, lambda p: seed_wins(p, seeds))
    play_round(tournament, lambda p: seed_wins(p, seeds))
    w11 = first.pairings.select_related("fixture__result", "home", "away").get(match="W1.1")
    result_correct(
        result=w11.fixture.result,
        home_score=0,
        away_score=2,
        winner="away",
        reason="Wrong sheet",
        by=None,
    )

    with pytest.raises(Refused) as refused:
        services.round_pair(tournament=tournament)
    assert refused.value.code == "bracket_result_changed"
    view = selectors.bracket_view(tournament=tournament)  # the page still reads
    assert view.champion is None
    assert not selectors.state(tournament=tournament).finished
