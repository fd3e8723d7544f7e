"""The services ask the engine who a report may name (``rules_engine.killpower.refusals``):
the same rules as the result form and the post-match sequence, worded in French too."""

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from matches.table_results.services import report_enter
from tests.systems.killpower.helpers import report

pytestmark = pytest.mark.django_db

HOME_PLAYED = [f"Titanos {i}" for i in range(1, 6)]  # Titanos 6 and 7 on the bench


def submit(coach, fixture, *, decisions=None, **home):
    return report_enter(fixture=fixture, user=coach, decisions=decisions,
                                 result=report(1, 0, home={"played": HOME_PLAYED, **home}))  # fmt: skip


def test_a_bench_gladiator_who_lost_his_equipment_may_have_its_kind_chosen(kp_fixture, coach):
    """His lost equipment is redrawn whether he played or not (the engine's forced redraw):
    the coach may name its kind with the result."""
    entered = submit(coach, kp_fixture, equipment_lost=["Titanos 7"],
                     decisions={"home": {"redraw": {"Titanos 7": "magic_armour"}}})  # fmt: skip

    assert entered.decisions == {"home": {"redraw": {"Titanos 7": "magic_armour"}}}


@pytest.mark.parametrize(
    ("home", "decisions", "field"),
    [
        ({"badly_wounded": ["Titanos 6"]}, None, "result.home.badly_wounded.0"),
        ({}, {"home": {"redraw": {"Titanos 7": "magic_armour"}}},
         "decisions.home.redraw.Titanos 7"),
    ],
)  # fmt: skip
def test_a_bench_gladiator_cannot_be_hurt_or_redraw_a_kept_equipment(
    kp_fixture, coach, home, decisions, field
):
    with translation.override("fr"), pytest.raises(ValidationError) as error:
        submit(coach, kp_fixture, decisions=decisions, **home)

    [message] = error.value.message_dict[field]
    assert message.replace("\u00a0", " ").endswith("n’a pas joué le match.")


def test_armour_lost_by_a_bench_gladiator_is_refused_on_his_name(kp_fixture, coach):
    with pytest.raises(ValidationError) as error:
        submit(coach, kp_fixture, armour_lost={"Titanos 6": 1})

    assert error.value.message_dict == {
        "result.home.armour_lost.Titanos 6": [
            "'Titanos 6' is not a gladiator of Titanos who played"
        ]
    }
