"""Groups then knock-out through the services: entries snaked into groups, each group a
round robin published round by round, then the first k of each into a knock-out that keeps a
group's teams apart, played to its champion; draws count in groups, not in the knock-out."""

import pytest

from core.refusals import Refused
from matches.corrections import result_correct, result_void
from tests.factories import ResultFactory, TeamFactory
from tournaments import selectors, services
from tournaments.models import Pairing, Tournament

pytestmark = pytest.mark.django_db


def groups_of(season, league, count, *, groups=2, qualifiers=2):
    teams = [TeamFactory(league=league, name=f"T{n}", coach=None) for n in range(1, count + 1)]
    tournament = services.tournament_create(
        season=season,
        name="Cup",
        teams=teams,
        format=Tournament.Format.GROUPS,
        group_count=groups,
        qualifiers=qualifiers,
    )
    return tournament, teams


def play_round(tournament, winner_of):
    round_ = services.round_pair(tournament=tournament)
    services.round_publish(round_=round_)
    for pairing in round_.pairings.select_related("home", "away", "fixture"):
        won = winner_of(pairing)
        scores = (2, 0) if won is not None and won.pk == pairing.fixture.home_id else (0, 2)
        if won is None:
            scores = (1, 1)
        ResultFactory(fixture=pairing.fixture, home_score=scores[0], away_score=scores[1])
    return round_


def test_entries_snake_into_groups(season, league):
    tournament, _ = groups_of(season, league, 8)
    groups = dict(tournament.entries.values_list("team__name", "group"))
    assert groups == {
        "T1": 1, "T2": 2, "T3": 2, "T4": 1, "T5": 1, "T6": 2, "T7": 2, "T8": 1
    }  # fmt: skip
    assert tournament.rounds == 3 + 2  # a round robin of four, then semi-finals and final


def test_groups_then_knockout_played_to_the_end(season, league):
    tournament, teams = groups_of(season, league, 8)
    seeds = {team.pk: n for n, team in enumerate(teams, 1)}

    def better_seed(pairing):
        return pairing.home if seeds[pairing.home_id] < seeds[pairing.away_id] else pairing.away

    group_rounds = [play_round(tournament, better_seed) for _ in range(3)]
    for round_ in group_rounds:
        games = list(round_.pairings.all())
        assert len(games) == 4 and all(p.match.startswith("G") for p in games)
        for pairing in games:  # a group plays within itself
            assert pairing.home.tournament_entries_generic.get().group == int(pairing.match[1])
    tables = selectors.group_tables(tournament=tournament)
    assert [row.entry.team.name for row in tables[1]] == ["T1", "T4", "T5", "T8"]
    assert [row.entry.team.name for row in tables[2]] == ["T2", "T3", "T6", "T7"]

    semi = play_round(tournament, better_seed)
    pairs = {frozenset((p.home.name, p.away.name)) for p in semi.pairings.all()}
    # group winners against the other group's runner-up: one group's teams apart
    assert pairs == {frozenset(("T1", "T3")), frozenset(("T2", "T4"))}
    assert {p.match for p in semi.pairings.all()} == {"W1.1", "W1.2"}
    final = play_round(tournament, better_seed)
    assert [p.match for p in final.pairings.all()] == ["W2.1"]

    assert selectors.state(tournament=tournament).finished
    assert selectors.bracket_view(tournament=tournament).champion == teams[0]
    assert Pairing.objects.filter(round__tournament=tournament).count() == 12 + 2 + 1
    with pytest.raises(Refused) as over:
        services.round_pair(tournament=tournament)
    assert over.value.code == "tournament_over"


def test_draws_count_in_groups_but_not_in_the_knockout(season, league):
    tournament, _ = groups_of(season, league, 4, groups=1, qualifiers=2)
    for _ in range(3):
        play_round(tournament, lambda pairing: None)  # every group game drawn
    assert selectors.bracket(tournament=tournament) is not None  # the group stage is over
    final = services.round_pair(tournament=tournament)
    services.round_publish(round_=final)
    pairing = final.pairings.select_related("fixture").get()
    result = ResultFactory(fixture=pairing.fixture, home_score=0, away_score=0)

    with pytest.raises(Refused) as refused:
        services.round_pair(tournament=tournament)
    assert refused.value.code == "bracket_draw"
    assert not selectors.state(tournament=tournament).finished

    result_correct(
        result=result, home_score=1, away_score=0, winner="home", reason="Shoot-out", by=None
    )
    assert selectors.state(tournament=tournament).finished
    assert selectors.bracket_view(tournament=tournament).champion == pairing.home


def test_the_knockout_waits_for_the_last_group_result(season, league):
    tournament, _ = groups_of(season, league, 4, groups=1, qualifiers=2)
    play_round(tournament, lambda pairing: pairing.home)
    play_round(tournament, lambda pairing: pairing.home)
    last = services.round_pair(tournament=tournament)
    services.round_publish(round_=last)
    assert selectors.bracket(tournament=tournament) is None
    with pytest.raises(Refused) as refused:
        services.round_pair(tournament=tournament)
    assert refused.value.code == "round_in_play"


@pytest.mark.parametrize(
    ("count", "groups", "qualifiers", "code"),
    [
        (8, 0, 2, "groups_count"),
        (8, 2, 0, "qualifiers_count"),
        (5, 3, 1, "groups_too_small"),
        (6, 2, 4, "groups_too_small"),
        (3, 1, 1, "qualifiers_count"),
    ],
)
def test_group_settings_that_cannot_play_are_refused(
    season, league, count, groups, qualifiers, code
):
    with pytest.raises(Refused) as refused:
        groups_of(season, league, count, groups=groups, qualifiers=qualifiers)
    assert refused.value.code == code
    assert not Tournament.objects.exists()


def test_a_group_result_voided_before_the_knockout_holds_it_back(season, league):
    tournament, _ = groups_of(season, league, 4, groups=1, qualifiers=2)
    first = play_round(tournament, lambda pairing: pairing.home)
    play_round(tournament, lambda pairing: pairing.home)
    play_round(tournament, lambda pairing: pairing.home)
    voided = first.pairings.select_related("fixture__result").first().fixture.result
    result_void(result=voided, reason="Wrong teams", by=None)

    with pytest.raises(Refused) as refused:
        services.round_pair(tournament=tournament)
    assert refused.value.code == "group_stage_open"
    assert selectors.bracket(tournament=tournament) is None
