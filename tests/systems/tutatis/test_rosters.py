"""Team building through the services: every rule refused with its message, nothing saved."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from league.services import team_register
from systems.tutatis.models import Player, TeamList
from systems.tutatis.selectors import teams_not_ready
from systems.tutatis.services import lists, rosters
from systems.tutatis.services.settings import league_rules_save
from tests.systems.tutatis.conftest import ORCS, build, counts_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def fresh(tt_league, coach):
    team = team_register(league=tt_league, name="Fresh", coach=coach)
    team_list = build(team, coach, ORCS, spec=None)
    return team, team_list


def refusal(team, coach, team_list, spec):
    with pytest.raises(ValidationError) as caught:
        rosters.roster_set(user=coach, team=team, counts=counts_for(team_list, spec))
    assert Player.objects.filter(team=team).count() == 0
    return caught.value.message_dict["roster"]


def test_a_legal_roster_is_saved_with_the_entries_stats(fresh, coach):
    team, team_list = fresh
    rosters.roster_set(
        user=coach,
        team=team,
        counts=counts_for(team_list, {0: (3, 1), 1: (2, 1), 2: (1, 0), 3: (1, 0)}),
    )
    players = Player.objects.filter(team=team)
    assert players.count() == 9
    assert players.filter(on_pitch=True).count() == 7
    brute = players.get(name="Orc Brute 1")
    assert (brute.st, brute.price) == (7, 45)


@pytest.mark.parametrize(
    ("spec", "rule", "words"),
    [
        (
            {0: (6, 0), 4: (1, 5)},
            "budget_exceeded",
            "The team costs 930 Irr, over the budget of 600 Irr.",
        ),
        ({0: (6, 0)}, "wrong_pitch_count", "6 players are on the pitch"),
        ({0: (6, 6), 3: (1, 0)}, "too_many_substitutes", "6 substitutes"),
        ({0: (5, 0), 3: (2, 0)}, "goalkeeper_on_pitch", "2 goalkeepers on the pitch"),
        ({0: (4, 0), 3: (1, 2)}, "too_many_goalkeepers", "3 goalkeepers"),
        ({0: (5, 0), 4: (2, 0)}, "too_many_heroes_on_pitch", "2 heroes on the pitch"),
        ({0: (7, 0), 5: (0, 2)}, "too_many_mercenaries", "2 mercenaries"),
        ({0: (7, 0), 6: (0, 2)}, "too_many_specials", "2 special characters"),
    ],
)
def test_each_rule_refuses_with_its_message(fresh, coach, spec, rule, words):
    team, team_list = fresh
    if rule == "budget_exceeded":
        league_rules_save(league=team.league, values={"tutatis_budget": 600})
    messages = refusal(team, coach, team_list, spec)
    assert any(words in message and f"({rule})" in message for message in messages), messages


def test_a_raised_budget_lets_a_dearer_team_through(fresh, coach):
    team, team_list = fresh
    refusal(team, coach, team_list, {0: (6, 0), 4: (1, 5)})
    league_rules_save(league=team.league, values={"tutatis_budget": 1000})
    rosters.roster_set(user=coach, team=team, counts=counts_for(team_list, {0: (6, 0), 4: (1, 5)}))
    assert Player.objects.filter(team=team).count() == 12


def test_setting_a_roster_keeps_players_and_their_injuries(orcs, coach):
    team_list = TeamList.objects.get(league=None, name=ORCS)
    Player.objects.filter(team=orcs, name="Orc Brute 1").update(badly_hurt=True)
    rosters.roster_set(
        user=coach,
        team=orcs,
        counts=counts_for(team_list, {0: (2, 0), 1: (3, 1), 2: (1, 0), 3: (1, 0)}),
    )
    assert Player.objects.get(team=orcs, name="Orc Brute 1").badly_hurt is True
    assert not Player.objects.filter(team=orcs, name="Orc Brute 3").exists()
    assert Player.objects.filter(team=orcs, name="Orc Runner 3").exists()


def test_only_the_coach_or_commissioner_edits_a_roster(orcs, other_coach, stranger, commissioner):
    team_list = TeamList.objects.get(league=None, name=ORCS)
    counts = counts_for(team_list, {0: (3, 1), 1: (2, 1), 2: (1, 0), 3: (1, 0)})
    for user in (other_coach, stranger):
        with pytest.raises(PermissionDenied):
            rosters.roster_set(user=user, team=orcs, counts=counts)
    rosters.roster_set(user=commissioner, team=orcs, counts=counts)


def test_hiring_one_by_one_allows_a_short_team_but_not_a_second_mercenary(fresh, coach):
    team, team_list = fresh
    entries = list(team_list.entries.order_by("pk"))
    rosters.player_hire(user=coach, team=team, entry=entries[5], on_pitch=True)
    with pytest.raises(ValidationError) as caught:
        rosters.player_hire(user=coach, team=team, entry=entries[5], on_pitch=False)
    assert "too_many_mercenaries" in caught.value.messages[0]
    assert Player.objects.filter(team=team).count() == 1


def test_a_sample_list_is_copied_before_the_commissioner_edits_it(tt_league, commissioner, coach):
    sample = TeamList.objects.get(league=None, name=ORCS)
    with pytest.raises(ValidationError):
        lists.list_entry_update(user=commissioner, entry=sample.entries.first(), price=1)
    with pytest.raises(PermissionDenied):
        lists.team_list_copy(user=coach, league=tt_league, team_list=sample)
    copy = lists.team_list_copy(user=commissioner, league=tt_league, team_list=sample)
    entry = copy.entries.order_by("pk").first()
    lists.list_entry_update(user=commissioner, entry=entry, price=30)
    assert sample.entries.order_by("pk").first().price == 45
    assert copy.entries.order_by("pk").first().price == 30


def test_time_warp_tokens_setting_is_checked(tt_league):
    with pytest.raises(ValidationError) as caught:
        league_rules_save(league=tt_league, values={"time_warp_tokens": 5})
    assert "time_warp_tokens" in caught.value.message_dict


def test_teams_not_ready_costs_the_same_queries_for_any_number_of_teams(
    tt_league, orcs, dwarfs, coach, django_assert_max_num_queries
):
    short = team_register(league=tt_league, name="Short", coach=coach)
    build(short, coach, ORCS, spec=None)
    teams = list(tt_league.teams.all())
    with django_assert_max_num_queries(2):
        problems = teams_not_ready(teams)
    assert problems == {
        short.pk: "0 players are on the pitch: a team fields exactly 7 (the mercenary aside)."
    }


def test_every_refusal_is_worded_like_the_engine(fresh):
    """The app words each rule with gettext; in English it says what the engine says."""
    from rules_engine.tutatis import check_team
    from systems.tutatis import engine

    team, team_list = fresh
    entries = list(team_list.entries.order_by("pk"))
    places = [(3, True)] * 3 + [(4, True)] * 2 + [(5, True)] * 2 + [(6, False)] * 2
    places += [(0, False)] * 4  # 6 on the bench, 5 on the pitch
    draft = [
        rosters._hired(entries[index], team, f"P{n}", on_pitch=on_pitch)
        for n, (index, on_pitch) in enumerate(places)
    ]
    worded = engine.team_check(draft, budget=100)
    plain = check_team(
        [engine.TeamPlayer(p.name, engine.Role(p.role), p.price, p.on_pitch) for p in draft],
        budget=100,
    )
    assert len(worded.errors) == 8
    assert [e.message for e in worded.errors] == [e.message for e in plain.errors]
