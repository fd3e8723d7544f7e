"""Tournament mode: a seeded single-elimination bracket played to the final, draws settled by
free throws, teams restored before every match."""

from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from league.models import Team
from league.services import league_create
from matches import services
from matches.models import Fixture, Result
from matches.table_results.services import report_confirm, report_enter
from systems.killpower.models import Gladiator, GladiatorEvent
from systems.killpower.selectors.matches import bracket_get
from systems.killpower.services.teams import killpower_team_register
from systems.killpower.services.tournaments import tournament_advance, tournament_create
from tests.factories import killpower_recruits as recruits
from tests.factories import ranking_points, set_ranking_points
from tests.systems.killpower.helpers import play, report

pytestmark = pytest.mark.django_db


def tournament_league(commissioner, size: int):
    """A tournament league of ``size`` teams; team N has 10 * N ranking points (so team
    ``size`` is the top seed)."""
    league = league_create(
        commissioner=commissioner,
        name=f"Tournoi {size}",
        rule_system="killpower",
        competition_format="tournament",
    )
    for number in range(1, size + 1):
        team = killpower_team_register(
            league=league, name=f"T{number}", gladiators=recruits(f"T{number}"), seed=number
        )
        set_ranking_points(team, 10 * number)
    return league.seasons.get()


def unplayed(season):
    return list(season.fixtures.filter(status__in=["scheduled", "locked"]).order_by("pk"))


def play_to_the_final(season, commissioner):
    """Play every fixture as it appears: the home side wins 25-0 (more than any points to
    score here), except every second match drawn 0-0 and settled by free throws (seeded)."""
    played = 0
    while fixtures := unplayed(season):
        for fixture in fixtures:
            score = (0, 0) if played % 2 else (25, 0)
            play(fixture, *score, by=commissioner, confirm_by=commissioner, seed=played)
            played += 1
    return played


def test_eight_teams_are_seeded_one_against_eight(commissioner):
    season = tournament_league(commissioner, 8)

    fixtures = tournament_create(season=season)

    pairs = [(f.bracket_position, f.round, f.home.name, f.away.name) for f in fixtures]
    assert pairs == [
        ("R1M1", 1, "T8", "T1"),
        ("R1M2", 1, "T5", "T4"),
        ("R1M3", 1, "T7", "T2"),
        ("R1M4", 1, "T6", "T3"),
    ]
    with pytest.raises(ValidationError, match="already has its fixtures"):
        tournament_create(season=season)
    with pytest.raises(ValidationError, match="bracket"):
        services.fixtures_generate(season=season)


def test_round_one_kicks_off_tomorrow_at_eight_in_the_evening_on_the_sites_clock(
    commissioner, settings
):
    """As a round robin's default: 20:00 on the site's wall clock, not in UTC."""
    settings.TIME_ZONE = "Asia/Tokyo"
    season = tournament_league(commissioner, 4)
    tomorrow = timezone.localdate() + timedelta(days=1)

    fixtures = tournament_create(season=season)

    kickoffs = {timezone.localtime(fixture.kickoff) for fixture in fixtures}
    assert kickoffs == {datetime.combine(tomorrow, time(20), tzinfo=ZoneInfo("Asia/Tokyo"))}


def test_a_tournament_of_eight_is_played_to_the_final(commissioner):
    season = tournament_league(commissioner, 8)
    league = season.league
    tournament_create(season=season)
    xp_before = sorted(Gladiator.objects.filter(team__league=league).values_list("pk", "xp"))

    assert play_to_the_final(season, commissioner) == 7

    bracket = bracket_get(season=season)
    assert [len(r) for r in bracket.rounds] == [4, 2, 1]
    final = bracket.rounds[-1][0]
    assert final.fixture.bracket_position == "R3M1" and final.fixture.round == 3
    assert bracket.champion == final.winner is not None
    assert set(season.fixtures.values_list("status", flat=True)) == {"played"}
    # every draw went to free throws: each result has a winner and its shots are stored
    results = Result.objects.filter(fixture__season=season)
    assert "draw" not in set(results.values_list("winner", flat=True))
    shot = results.filter(decided_by="free_throws")
    assert shot.count() == 3
    assert all(r.record["free_throws"]["shots"] and r.record["rolls"] for r in shot)
    # the teams are restored before each match: no XP, no ranking points, nobody dead
    assert (
        sorted(Gladiator.objects.filter(team__league=league).values_list("pk", "xp")) == xp_before
    )
    assert sorted(ranking_points(t) for t in Team.objects.filter(league=league)) == [
        10 * n for n in range(1, 9)
    ]
    assert not Gladiator.objects.filter(team__league=league, status="dead").exists()
    # ... and the RAP is drawn for each match
    assert all(len(f.options["kickoff"]["rapidity"]["home"]) == 7 for f in season.fixtures.all())


def test_a_tournament_of_five_gives_the_top_seeds_byes(commissioner):
    season = tournament_league(commissioner, 5)

    fixtures = tournament_create(season=season)

    # 8 places: 1-bye, 4-5, 2-bye, 3-bye; seeds 2 and 3 meet at once in round 2.
    assert [(f.bracket_position, f.home.name, f.away.name) for f in fixtures] == [
        ("R1M2", "T2", "T1"),
        ("R2M2", "T4", "T3"),
    ]
    bracket = bracket_get(season=season)
    first = bracket.rounds[0]
    assert [m.bye for m in first] == [True, False, True, True]
    assert first[0].winner.name == "T5"

    assert play_to_the_final(season, commissioner) == 4

    bracket = bracket_get(season=season)
    semi = bracket.rounds[1][0]
    assert semi.home.team.name == "T5" and semi.away.winner_of == "R1M2"
    assert bracket.champion is not None
    assert season.fixtures.count() == 4
    assert tournament_advance(season=season) == []  # nothing left to create


def test_viking_beats_titanos_13_to_12_on_free_throws(commissioner, script_dice):
    # 13.2: 0-0 after 20 turns. Titanos (the stronger) shoots first from 10 and misses; Viking
    # scores from 2; Titanos scores from 12; Viking scores from 11: Viking wins 13-12.
    season = tournament_league(commissioner, 2)
    titanos, viking = Team.objects.get(name="T2"), Team.objects.get(name="T1")
    Team.objects.filter(pk=titanos.pk).update(name="Titanos")
    set_ranking_points(titanos, 20)
    Team.objects.filter(pk=viking.pk).update(name="Viking")
    set_ranking_points(viking, 12)
    [fixture] = tournament_create(season=season)
    entered = report_enter(
        fixture=fixture,
        user=commissioner,
        result=report(0, 0),
        options={
            "home": ["T2 1", "T2 2"],
            "away": ["T1 1", "T1 2"],
            "distances": {"home": [10, 12], "away": [2, 11]},
        },
    )
    script_dice("matches.table_results.services", [5, 3, 1, 1])

    result = report_confirm(report=entered, user=commissioner)

    assert (result.home_score, result.away_score, result.winner) == (12, 13, "away")
    assert result.decided_by == "free_throws"
    shots = result.record["free_throws"]["shots"]
    assert [(s["shooter"], s["distance"], s["roll"], s["points"]) for s in shots] == [
        ("T2 1", 10, 5, 0),
        ("T1 1", 2, 3, 2),
        ("T2 2", 12, 1, 12),
        ("T1 2", 11, 1, 11),
    ]
    assert result.record["report"]["free_throws"] == {"home": 12, "away": 13}
    assert [r["value"] for r in result.record["rolls"]] == [5, 3, 1, 1]


def test_free_throw_choices_are_checked_when_entered(commissioner):
    season = tournament_league(commissioner, 2)
    [fixture] = tournament_create(season=season)

    with pytest.raises(ValidationError) as error:
        report_enter(
            fixture=fixture,
            user=commissioner,
            result=report(0, 0, home={"played": ["T2 1", "T2 2"]}),
            options={"home": ["T2 3"]},
        )
    assert "free_throws.home.0" in error.value.message_dict
    with pytest.raises(ValidationError) as error:
        report_enter(
            fixture=fixture,
            user=commissioner,
            result=report(0, 0),
            decisions={"home": {"redraw": {"T2 1": "magic_armour"}}},
        )
    assert "decisions" in error.value.message_dict
    assert not fixture.reports.exists()


def test_only_a_killpower_tournament_league_creates_a_bracket(kp_season, titanos, viking, season):
    with pytest.raises(ValidationError, match="championship"):
        tournament_create(season=kp_season)
    with pytest.raises(ValidationError, match="Killpower"):
        tournament_create(season=season)


def test_a_played_tournament_match_is_in_the_gladiators_history(commissioner):
    season = tournament_league(commissioner, 2)
    [fixture] = tournament_create(season=season)
    play(fixture, 4, 0, by=commissioner, confirm_by=commissioner)  # T2 needed +3

    played = GladiatorEvent.objects.filter(fixture=fixture, kind="played")
    assert played.count() == 14
    assert set(GladiatorEvent.objects.filter(fixture=fixture).values_list("kind", flat=True)) == {
        "played"
    }
    assert bracket_get(season=season).champion.name == "T2"
    assert Fixture.objects.filter(season=season).count() == 1


def test_a_team_hurt_in_a_tournament_match_is_restored_before_its_next_match(commissioner):
    # 13.2: "il récupère son équipe de gladiateurs identique à celle qu'il avait avant le
    # premier match, sauf la RAP". Given a tournament of four, T4 (seed 1) against T1
    season = tournament_league(commissioner, 4)
    first, other = tournament_create(season=season)
    assert (first.home.name, first.away.name) == ("T4", "T1")

    # When T4 wins with one gladiator badly wounded, one in a coma at -20 (dead whatever the
    # location in a championship), one who lost his combat gloves and one who lost armour
    play(
        first, 25, 0, by=commissioner, confirm_by=commissioner,
        home={
            "played": [f"T4 {n}" for n in range(1, 6)],
            "badly_wounded": ["T4 2"],
            "comas": [{"gladiator": "T4 3", "state": -20}],
            "equipment_lost": ["T4 1"],
            "armour_lost": {"T4 4": 1},
        },
    )  # fmt: skip
    play(other, 25, 0, by=commissioner, confirm_by=commissioner)

    # Then before the final T4 has its seven gladiators back as they were: nobody dead, in a
    # coma or wounded, the same equipment, armour and XP, no death-risk roll
    t4 = Team.objects.get(name="T4")
    gladiators = t4.gladiators.order_by("number")
    assert [(g.name, g.status) for g in gladiators] == [(f"T4 {n}", "fit") for n in range(1, 8)]
    assert not GladiatorEvent.objects.filter(
        gladiator__team=t4, kind__in=["coma", "death_risk", "died", "injured", "equipment", "xp"]
    ).exists()
    [final] = unplayed(season)
    assert final.bracket_position == "R2M1" and final.home == t4
    services.fixture_kick_off(fixture_id=final.pk)
    final.refresh_from_db()
    # ... and its sheet at the final's kick-off is its sheet at the first match's, gladiator
    # for gladiator (characteristics, armour, equipment, XP); only the RAP is drawn again
    first.refresh_from_db()
    assert final.home_sheet == first.home_sheet
    assert final.home_sheet["gladiators"][0]["equipment"]["kind"] == "combat_gloves"
    assert final.options["kickoff"]["seed"] != first.options["kickoff"]["seed"]
