"""A line-up edit, the coach's most frequent write: few statements whatever the line-up, and
the same history as when each slot was deleted one by one (auditlog's entry per slot)."""

import pytest
from auditlog.context import set_actor
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.test.utils import CaptureQueriesContext
from knox.models import AuthToken
from rest_framework.test import APIClient

from betting.league_settings import settings_save
from core.models import HistoryEntry
from systems.rotzball import services
from systems.rotzball.models import LineupSlot, MatchPlan

pytestmark = pytest.mark.django_db

ENTRY_FIELDS = (
    "content_type_id",
    "object_pk",
    "object_id",
    "object_repr",
    "serialized_data",
    "action",
    "changes_text",
    "changes",
    "actor_id",
    "actor_email",
    "league_id",
    "owner_id",
    "additional_data",
)


def _slot_entries() -> list[dict]:
    slots = ContentType.objects.get_for_model(LineupSlot)
    return list(
        HistoryEntry.objects.filter(content_type=slots, action=HistoryEntry.Action.DELETE)
        .order_by("object_id")
        .values(*ENTRY_FIELDS)
    )


def test_a_line_up_edit_through_the_api_costs_ten_statements(coach, team, other_team, season):
    # given the coach's token, a league with fixed odds and the team's line-up as the API gives it
    settings_save(league=team.league, values={"mode": "fixed"})
    _row, token = AuthToken.objects.create(user=coach)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    url = f"/api/v1/teams/{team.pk}/lineup/"
    body = {position: player["id"] for position, player in client.get(url).json().items()}

    # when two players of the field swap places, as the load test's coaches do
    body["attacker_1"], body["defender_1"] = body["defender_1"], body["attacker_1"]
    with CaptureQueriesContext(connection) as queries:
        response = client.put(url, body, format="json")

    # then the line-up is saved, in 10 statements (the test's savepoint aside): the token, the
    # team, its lock, its fixture in play, the players chosen, the slots replaced (read, one
    # DELETE, their history in one INSERT, one INSERT), the fixtures to price again
    assert response.status_code == 200, response.content
    assert dict(team.lineup_slots.values_list("position", "player_id")) == body
    statements = [q["sql"] for q in queries.captured_queries if "SAVEPOINT" not in q["sql"]]
    assert len(statements) == 10, "\n".join(statements)
    assert len(_slot_entries()) == 7  # the replaced slots' history, whichever way it went in


def test_the_history_of_a_line_up_edit_is_auditlog_s_entry_per_slot(coach, team):
    # given the slots' history as auditlog writes it when the slots are deleted one by one
    slots = list(team.lineup_slots.order_by("pk"))
    with set_actor(coach):
        for slot in team.lineup_slots.all():
            slot.delete()
    one_by_one = _slot_entries()
    HistoryEntry.objects.all().delete()
    LineupSlot.objects.bulk_create(slots)  # the same rows again, with the same ids

    # when the line-up is replaced
    with set_actor(coach):
        services.lineup_set(
            team=team, assignments={slot.position: slot.player_id for slot in slots}
        )

    # then each slot has the very entry auditlog wrote
    assert len(one_by_one) == 7
    assert _slot_entries() == one_by_one
    assert one_by_one[0]["object_repr"] == f"Wolves: {slots[0].get_position_display()} = " + str(
        slots[0].player
    )


def test_a_match_plan_edit_through_the_api_costs_eight_statements(coach, team, season):
    # given the coach's token and a league with fixed odds
    settings_save(league=team.league, values={"mode": "fixed"})
    _row, token = AuthToken.objects.create(user=coach)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    services.team_set_match_plan(team=team, tactic="defensive")

    # when the coach changes the match plan
    with set_actor(coach), CaptureQueriesContext(connection) as queries:
        response = client.put(
            f"/api/v1/teams/{team.pk}/match-plan/", {"tactic": "offensive"}, format="json"
        )

    # then the plan is saved and answered in 8 statements (the test's savepoints aside): the
    # token, the team, its lock, its fixture in play, the plan read, its UPDATE, its history,
    # the fixtures to price again; the team the history names and the plan answered are those
    # the transaction holds, not read again
    assert response.status_code == 200, response.content
    assert response.json() == {"tactic": "offensive"}
    statements = [q["sql"] for q in queries.captured_queries if "SAVEPOINT" not in q["sql"]]
    assert len(statements) == 8, "\n".join(statements)
    plans = ContentType.objects.get_for_model(MatchPlan)
    entry = HistoryEntry.objects.filter(content_type=plans).latest("pk")
    assert entry.object_repr == f"{team.name}: Offensive"
    assert entry.league_id == team.league_id
