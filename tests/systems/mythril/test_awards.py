"""Mythril's season awards read from the recorded match: the season MVP on star player points
(the match MVP's included), top scorer, bone breaker, best passer, most MVP titles (a tie
shares it), best attack and defence; granted when the season finishes."""

import pytest

from awards.models import Award
from awards.selectors import season_awards_get
from matches import seasons
from rules_engine import Dice
from systems.mythril.models import Player
from systems.mythril.services.post_match import post_match_run
from tests.systems.mythril.helpers import enter_and_confirm, ids, kick_off, side

# home: MVP roll 1 (of 11), skill roll 3+3, winnings 4, popularity 5;
# away: MVP roll 1 (of 11), skill roll 1+2, winnings 6, popularity 1
SCRIPT = [1, 3, 3, 4, 5, 1, 1, 2, 6, 1]


@pytest.fixture
def finished(fixture, season, coach, other_coach, commissioner, run_on_commit):
    kick_off(fixture)
    home, away = ids(fixture, "home"), ids(fixture, "away")
    enter_and_confirm(
        fixture,
        {
            "score": {"home": 2, "away": 1},
            "home": side(home, p0={"touchdowns": 2}, p1={"completions": 1, "casualties": 1}),
            "away": side(away, p0={"touchdowns": 1}, p1={"casualties": 2}),
        },
        by=coach,
        confirm_by=other_coach,
    )
    run = post_match_run(fixture_id=fixture.pk, dice=Dice.scripted(SCRIPT))
    assert (run.log["home"]["mvp"], run.log["away"]["mvp"]) == (home[0], away[0])
    run_on_commit(seasons.season_finish, season=season, by=commissioner)
    return home, away


def _winners(season, code):
    return {
        (a.team.name, a.player_name, a.value)
        for a in Award.objects.filter(season=season, code=code).select_related("team")
    }


def test_the_season_awards_follow_the_recorded_match(finished, season, home_team, away_team):
    home, away = finished
    name = {pid: f"{p.name}" for pid, p in ((str(p.pk), p) for p in Player.objects.all())}
    reavers, raiders = home_team.name, away_team.name
    assert _winners(season, "season_mvp") == {(reavers, name[home[0]], 2 * 3 + 5)}
    assert _winners(season, "top_scorer") == {(reavers, name[home[0]], 2)}
    assert _winners(season, "most_casualties") == {(raiders, name[away[1]], 2)}
    assert _winners(season, "best_passer") == {(reavers, name[home[1]], 1)}
    assert _winners(season, "most_mvps") == {
        (reavers, name[home[0]], 1),
        (raiders, name[away[0]], 1),
    }
    assert _winners(season, "best_attack") == {(reavers, "", 2)}
    assert _winners(season, "best_defence") == {(reavers, "", 1)}
    mvp = Award.objects.get(season=season, code="season_mvp")
    assert mvp.player_ref == home[0]


def test_the_awards_are_listed_in_the_games_order_in_the_readers_language(finished, season):
    from django.utils import translation

    with translation.override("fr"):
        labels = [str(row.label) for row in season_awards_get(season=season)]
    assert labels[0] == "MVP de la saison"
    assert labels[-2:] == ["Meilleure attaque", "Meilleure défense"]


@pytest.mark.parametrize(("language", "label"), [("en", "Season MVP"), ("fr", "MVP de la saison")])
def test_the_team_page_names_the_awarded_player(client, finished, home_team, language, label):
    home, _away = finished
    player = Player.objects.get(pk=int(home[0]))

    page = client.get(home_team.get_absolute_url(), HTTP_ACCEPT_LANGUAGE=language)

    section = page.content.decode().split('id="team-awards-title"')[1]
    assert label in section and player.name in section


def _player_awards(season):
    return set(
        Award.objects.filter(season=season).exclude(player_ref="").values_list("code", "value")
    )


def test_a_fixture_awarded_after_its_result_was_voided_gives_no_player_an_award(
    fixture, season, coach, other_coach, commissioner, run_on_commit
):
    """The commissioner voids a played match and awards the fixture by forfeit: nobody
    played it, so the voided match's sequence (its star player points, its MVP titles),
    which stays, counts for no award; the awarded score counts for none either."""
    from matches.corrections import fixture_award, result_void
    from matches.models import Result

    kick_off(fixture)
    home, away = ids(fixture, "home"), ids(fixture, "away")
    enter_and_confirm(
        fixture,
        {
            "score": {"home": 2, "away": 1},
            "home": side(home, p0={"touchdowns": 2}, p1={"completions": 1, "casualties": 1}),
            "away": side(away, p0={"touchdowns": 1}, p1={"casualties": 2}),
        },
        by=coach,
        confirm_by=other_coach,
    )
    post_match_run(fixture_id=fixture.pk, dice=Dice.scripted(SCRIPT))
    result_void(
        result=Result.objects.get(fixture=fixture), reason="Ineligible player", by=commissioner
    )
    fixture_award(fixture=fixture, winner="away", reason="Ineligible player", by=commissioner)

    run_on_commit(seasons.season_finish, season=season, by=commissioner)

    assert _player_awards(season) == set()
    assert not Award.objects.filter(season=season, code__in=["best_attack", "best_defence"])


def test_a_forfeit_before_any_turn_gives_no_player_an_award(
    fixture, season, coach, other_coach, commissioner, run_on_commit
):
    """No turn was played: a line entered with the forfeit (a casualty, a completion) never
    happened on the pitch and counts for no award."""
    kick_off(fixture)
    home, away = ids(fixture, "home"), ids(fixture, "away")
    enter_and_confirm(
        fixture,
        {
            "score": {"home": 0, "away": 0},
            "forfeit": "home",
            "unfinished_halves": 2,
            "turns_played": False,
            "home": side(home, p1={"completions": 1}),
            "away": side(away, p1={"casualties": 2}),
        },
        by=coach,
        confirm_by=other_coach,
        run=True,
    )

    run_on_commit(seasons.season_finish, season=season, by=commissioner)

    assert _player_awards(season) == set()
