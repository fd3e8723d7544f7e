"""A post-match sequence writes its roster changes in one statement: each row changed is still
recorded, with the league, no actor (a worker) and the team's page."""

import pytest
from django.contrib.contenttypes.models import ContentType

from core.models import HistoryEntry
from matches.table_results.services import report_confirm, report_enter
from systems.killpower.models import Gladiator
from systems.killpower.services.post_match import post_match_run
from tests.systems.killpower.helpers import report

pytestmark = pytest.mark.django_db

HOME = {
    "played": [f"Titanos {i}" for i in range(1, 7)],
    "comas": [
        {"gladiator": "Titanos 2", "state": -11},
        {"gladiator": "Titanos 3", "state": -12},
    ],
    "badly_wounded": ["Titanos 4"],
}


def test_a_killpower_post_match_records_each_gladiator_changed(
    kp_fixture, titanos, coach, other_coach, monkeypatch, script_dice
):
    monkeypatch.setattr("matches.tasks.post_match_task.delay", lambda fixture_id: None)
    entered = report_enter(
        fixture=kp_fixture,
        user=coach,
        result=report(3, 0, home=HOME),
        decisions={"home": {"redraw": {"Titanos 5": "magic_armour"}}},
    )
    report_confirm(report=entered, user=other_coach)
    script_dice("matches.table_results.post_match", [9, 4, 6])
    gladiators = ContentType.objects.get_for_model(Gladiator)
    already = set(HistoryEntry.objects.filter(content_type=gladiators).values_list("pk", flat=True))

    post_match_run(fixture_id=kp_fixture.pk)

    written = HistoryEntry.objects.filter(content_type=gladiators).exclude(pk__in=already)
    dead = Gladiator.objects.get(team=titanos, name="Titanos 3")
    entry = written.get(object_id=dead.pk)
    assert entry.changes["status"] == ["fit", "dead"]
    assert entry.league_id == kp_fixture.season.league_id
    assert entry.actor is None
    assert entry.additional_data["url"] == titanos.get_absolute_url()
    wounded = Gladiator.objects.get(team=titanos, name="Titanos 4")
    assert written.get(object_id=wounded.pk).changes["status"] == ["fit", "badly_wounded"]
