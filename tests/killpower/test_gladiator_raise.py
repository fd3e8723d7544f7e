"""gladiator_raise: the coach spends raises his gladiator's XP allows, within race maxima."""

import pytest
from django.core.exceptions import ValidationError

from league.killpower.selectors import gladiator_sheet, team_power
from league.killpower.services import gladiator_raise
from league.models import Gladiator, GladiatorEvent
from matches import services
from tests.killpower.helpers import play

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

    from matches.killpower.post_match import post_match_run

    post_match_run(fixture_id=kp_fixture.pk)
    assert gladiator_raise(gladiator=tom, characteristic="BAL").raises == {"BAL": 1}
