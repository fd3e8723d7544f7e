"""What the history records: who changed which fields of what, through services, the API and
the workers; and the league each entry belongs to."""

import pytest
from auditlog.context import set_actor
from django.contrib.contenttypes.models import ContentType
from knox.models import AuthToken
from rest_framework.test import APIClient

from core.models import HistoryEntry
from league.models import League, Team
from league.services import league_update, team_update
from matches.models import Fixture
from matches.services import fixture_cancel, fixtures_generate

pytestmark = pytest.mark.django_db


def entries_for(model, pk):
    return HistoryEntry.objects.filter(
        content_type=ContentType.objects.get_for_model(model), object_id=pk
    ).order_by("-timestamp", "-id")


def test_a_service_change_records_its_actor_fields_and_league(league, commissioner):
    with set_actor(commissioner):
        league_update(league=league, name="Altdorf Cup", points_win=2)
    entry = entries_for(League, league.pk).first()
    assert entry.action == HistoryEntry.Action.UPDATE
    assert entry.actor == commissioner
    assert entry.league_id == league.pk
    assert entry.changes["name"] == ["Middenheim Cup", "Altdorf Cup"]
    assert entry.changes["points_win"] == ["3", "2"]
    assert set(entry.changes) == {"name", "points_win"}
    assert entry.additional_data["url"] == league.get_absolute_url()


def test_a_team_change_belongs_to_its_league(team, league):
    team_update(team=team, name="Grey Wolves")
    entry = entries_for(Team, team.pk).first()
    assert entry.league_id == league.pk
    assert entry.changes["name"] == ["Wolves", "Grey Wolves"]


def test_a_change_without_a_request_or_worker_context_has_no_actor(team):
    team_update(team=team, name="Grey Wolves")
    assert entries_for(Team, team.pk).first().actor is None


def test_a_roster_row_belongs_to_its_teams_league(team, league):
    player = team.players.first()
    player.name = "Renamed"
    player.save()
    entry = entries_for(type(player), player.pk).first()
    assert entry.league_id == league.pk
    assert entry.changes["name"][1] == "Renamed"
    assert entry.additional_data["url"] == team.get_absolute_url()


def test_generated_fixtures_and_a_cancellation_are_recorded(season, team, other_team):
    with set_actor(season.league.commissioner):
        fixtures = fixtures_generate(season=season)
        fixture_cancel(fixture=fixtures[0])
    created = entries_for(Fixture, fixtures[0].pk).filter(action=HistoryEntry.Action.CREATE)
    assert created.count() == 1
    assert created.get().league_id == season.league_id
    cancelled = entries_for(Fixture, fixtures[0].pk).first()
    assert cancelled.changes == {"status": ["scheduled", "cancelled"]}
    assert cancelled.actor == season.league.commissioner


def test_noisy_fields_are_not_diffed(season, team, other_team):
    fixture = fixtures_generate(season=season)[0]
    fixture.sweep_attempts = 3
    fixture.save()
    assert not entries_for(Fixture, fixture.pk).filter(action=HistoryEntry.Action.UPDATE)


def test_an_api_token_request_records_the_token_user(league, commissioner):
    _instance, token = AuthToken.objects.create(user=commissioner)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    response = client.patch(f"/api/v1/leagues/{league.pk}/", {"name": "Nuln Shield"}, format="json")
    assert response.status_code == 200, response.content
    entry = entries_for(League, league.pk).first()
    assert entry.actor == commissioner
    assert entry.changes["name"] == ["Middenheim Cup", "Nuln Shield"]


def test_a_session_request_records_the_signed_in_user(client, league, commissioner):
    client.force_login(commissioner)
    response = client.patch(
        f"/api/v1/leagues/{league.pk}/", {"name": "Nuln Shield"}, content_type="application/json"
    )
    assert response.status_code == 200, response.content
    assert entries_for(League, league.pk).first().actor == commissioner


def test_a_placed_bets_entry_is_the_one_auditlog_writes(open_fixture, wallet, punter):
    """A bet is saved with auditlog's receivers off and its entry written by
    ``history.record_saves`` (cheaper): the entry is still auditlog's own, field for field."""
    from auditlog.receivers import log_create

    from betting.models import Bet

    _instance, token = AuthToken.objects.create(user=punter)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    answer = client.post(
        "/api/v1/bets/", {"fixture": open_fixture.pk, "outcome": "home", "stake": 17}, format="json"
    )
    assert answer.status_code == 201, answer.content
    bet = Bet.objects.select_related("wallet", "user").get(pk=answer.json()["id"])
    (written,) = entries_for(Bet, bet.pk)
    with set_actor(punter):
        log_create(sender=Bet, instance=bet, created=True)
    reference = entries_for(Bet, bet.pk).exclude(pk=written.pk).get()

    def content(entry):
        return {
            field.attname: getattr(entry, field.attname)
            for field in HistoryEntry._meta.concrete_fields
            if field.name not in ("id", "timestamp", "remote_addr", "remote_port")
        }

    assert content(written) == content(reference)
    assert written.actor == punter
    assert written.changes["stake"] == ["None", "17"]
