"""gladiator_raise: the coach spends raises his gladiator's XP allows, within race maxima."""

import pytest
from django.core.exceptions import ValidationError

from matches import services
from systems.killpower.models import Gladiator, GladiatorEvent
from systems.killpower.selectors.gladiators import gladiator_sheet, team_power
from systems.killpower.services.teams import gladiator_raise
from tests.factories import set_ranking_points
from tests.systems.killpower.helpers import play

pytestmark = pytest.mark.django_db


@pytest.fixture
def tom(titanos):
    """Titanos 5, a shooter (BAL 5), with 25 XP: two raises."""
    gladiator = titanos.gladiators.get(name="Titanos 5")
    gladiator.xp = 25
    gladiator.save()
    return gladiator


def test_a_raise_adds_one_and_keeps_the_xp(tom, titanos):
    raised = gladiator_raise(gladiator=tom, characteristic="BAL")

    sheet = gladiator_sheet(gladiator=raised)
    assert raised.raises == {"BAL": 1}
    assert (sheet["characteristics"]["BAL"], sheet["xp"], sheet["raises_available"]) == (6, 25, 1)
    assert team_power(team=titanos).total_xp == 25  # XP is never spent: it counts for power
    event = raised.events.get(kind=GladiatorEvent.Kind.RAISE)
    assert event.detail == {"characteristic": "BAL", "value": 6, "raises_available": 1}


def test_no_raise_without_ten_xp_a_raise(tom):
    gladiator_raise(gladiator=tom, characteristic="BAL")
    gladiator_raise(gladiator=tom, characteristic="VIE")

    with pytest.raises(ValidationError) as error:
        gladiator_raise(gladiator=tom, characteristic="PHY")

    assert "no raise left" in error.value.message_dict["characteristic"][0]
    tom.refresh_from_db()
    assert tom.raises == {"BAL": 1, "VIE": 1}


def test_never_above_the_race_maximum(tom):
    # VIE's human maximum is 15; a shooter has 4.
    tom.xp, tom.raises = 200, {"VIE": 11}
    tom.save()

    with pytest.raises(ValidationError, match="race maximum 15"):
        gladiator_raise(gladiator=tom, characteristic="VIE")


@pytest.mark.parametrize("characteristic", ["DEP", "LUCK"])
def test_only_phy_hab_pou_bal_vie_are_raised(tom, characteristic):
    with pytest.raises(ValidationError) as error:
        gladiator_raise(gladiator=tom, characteristic=characteristic)
    assert "characteristic" in error.value.message_dict


def test_the_dead_take_no_raise(tom):
    Gladiator.objects.filter(pk=tom.pk).update(status=Gladiator.Status.DEAD)
    with pytest.raises(ValidationError, match="dead"):
        gladiator_raise(gladiator=tom, characteristic="BAL")


def test_gladiators_are_frozen_from_kick_off_until_the_post_match_sequence(
    tom, kp_fixture, commissioner, monkeypatch
):
    services.fixture_kick_off(fixture_id=kp_fixture.pk)
    with pytest.raises(ValidationError, match="frozen"):
        gladiator_raise(gladiator=tom, characteristic="BAL")

    monkeypatch.setattr("matches.tasks.post_match_task.delay", lambda fixture_id: None)
    play(kp_fixture, 1, 0, by=commissioner, confirm_by=commissioner)
    with pytest.raises(ValidationError, match="frozen"):  # result in, sequence not run yet
        gladiator_raise(gladiator=tom, characteristic="BAL")

    from systems.killpower.services.post_match import post_match_run

    post_match_run(fixture_id=kp_fixture.pk)
    assert gladiator_raise(gladiator=tom, characteristic="BAL").raises == {"BAL": 1}


def test_a_team_in_a_tournament_plays_every_round_as_it_entered(
    tom, kp_cup_final, coach, other_coach
):
    # 13.2: "il récupère son équipe de gladiateurs identique à celle qu'il avait avant le
    # premier match". Given Titanos drawn into the bracket, Tom with two raises to take
    # When his coach raises him before the final
    with pytest.raises(ValidationError) as error:
        gladiator_raise(gladiator=tom, characteristic="BAL")

    # Then he is refused: Titanos is still in the tournament, and Tom is unchanged
    [message] = error.value.message_dict["team"]
    assert "Titanos is still in the tournament" in message and "as it entered" in message
    tom.refresh_from_db()
    assert tom.raises == {}

    # When the final is played (Titanos wins), the tournament is over: the raise is taken
    play(kp_cup_final, 9, 0, by=coach, confirm_by=other_coach)
    assert gladiator_raise(gladiator=tom, characteristic="BAL").raises == {"BAL": 1}


def test_a_team_knocked_out_of_a_tournament_may_change_again(commissioner, titanos, viking):
    # Given a tournament of three: Titanos (seed 1) has a bye; Viking beats Nabos in round 1
    from league.services import league_update
    from systems.killpower.services.teams import killpower_team_register
    from systems.killpower.services.tournaments import tournament_create
    from tests.factories import killpower_recruits

    league = league_update(league=titanos.league, competition_format="tournament")
    nabos = killpower_team_register(
        league=league, name="Nabos", gladiators=killpower_recruits("Nabos"), seed=3
    )
    set_ranking_points(titanos, 20)
    set_ranking_points(viking, 10)
    [first] = tournament_create(season=league.seasons.get())
    assert (first.home, first.away) == (viking, nabos)
    play(first, 9, 0, by=commissioner, confirm_by=commissioner)
    gladiators = {team.name: team.gladiators.get(number=5) for team in (titanos, viking, nabos)}
    Gladiator.objects.filter(pk__in=[g.pk for g in gladiators.values()]).update(xp=10)

    # Then Nabos, knocked out, may raise; Titanos (not yet played) and Viking (through) may not
    assert gladiator_raise(gladiator=gladiators["Nabos"], characteristic="BAL").raises == {"BAL": 1}
    for name in ("Titanos", "Viking"):
        with pytest.raises(ValidationError, match="still in the tournament"):
            gladiator_raise(gladiator=gladiators[name], characteristic="BAL")
