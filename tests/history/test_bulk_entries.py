"""The entries of rows written in bulk (``core.history.record_saves``): written as plain rows,
without a ``HistoryEntry`` or a signal per row, they are still the ones auditlog writes for a
``save()``: the same diff, and the request's actor and address on every entry, and none once
the request's context has ended."""

from copy import copy

import pytest
from auditlog.context import set_actor
from auditlog.diff import model_instance_diff
from django.contrib.contenttypes.models import ContentType

from core.history import record_saves, row_diff
from core.history_registry import page_url
from core.models import HistoryEntry
from matches.models import Fixture, Result
from tests.factories import FixtureFactory, TeamFactory, UserFactory

pytestmark = pytest.mark.django_db


def _entries(model, pk):
    return HistoryEntry.objects.filter(
        content_type=ContentType.objects.get_for_model(model), object_id=pk
    ).order_by("-id")


def test_a_rows_diff_is_auditlogs_for_a_creation_and_for_an_update():
    fixture = FixtureFactory()
    result = Result(
        fixture=fixture, home_score=2, away_score=1, winner="home", decided_by="", seed=7, record={}
    )
    result.save()
    assert row_diff(None, result) == model_instance_diff(None, result)
    assert row_diff(None, fixture) == model_instance_diff(None, fixture)
    before = copy(fixture)
    fixture.status, fixture.round = Fixture.Status.PLAYED, 9
    for checked in (None, ("status",), ("round", "home"), ("problem",)):
        expected = model_instance_diff(before, fixture, fields_to_check=checked)
        assert row_diff(before, fixture, checked) == expected, checked
    assert row_diff(before, fixture, ("status",)) == {"status": ("scheduled", "played")}
    assert row_diff(before, fixture, ("problem",)) is None  # unchanged: no entry


def test_every_entry_of_a_bulk_write_carries_the_requests_actor_and_address():
    coach = UserFactory(email="coach@example.com")
    teams = [TeamFactory(), TeamFactory()]
    HistoryEntry.objects.all().delete()  # the factories' own saves
    with set_actor(coach, remote_addr="10.1.2.3", remote_port=4242):
        assert record_saves(saves=[(None, team) for team in teams]) == 2
    for team in teams:
        (entry,) = _entries(type(team), team.pk).filter(action=HistoryEntry.Action.CREATE)
        assert (entry.actor, entry.actor_email) == (coach, "coach@example.com")
        assert (entry.remote_addr, entry.remote_port) == ("10.1.2.3", 4242)
        assert entry.league_id == team.league_id
        assert entry.additional_data == {"url": page_url(team)}


def test_an_entry_written_after_the_requests_context_ended_has_no_actor():
    """auditlog's context variable outlives its block (its receiver does not): an entry
    written afterwards is a worker's, with nobody as its actor, as ``save()`` would write it."""
    coach = UserFactory()
    with set_actor(coach, remote_addr="10.1.2.3"):
        pass
    team = TeamFactory()
    _entries(type(team), team.pk).delete()
    record_saves(saves=[(None, team)])
    (entry,) = _entries(type(team), team.pk)
    assert (entry.actor, entry.remote_addr) == (None, None)


def _signalled_values():
    """What auditlog's ``pre_save`` receiver sets on an entry, by field (the probe
    ``core.history`` once sent the signal to for every write)."""
    from django.db.models.signals import pre_save

    blank, probe = HistoryEntry(), HistoryEntry()
    pre_save.send(sender=HistoryEntry, instance=probe, raw=False, using="default")
    return {
        f.attname: getattr(probe, f.attname)
        for f in HistoryEntry._meta.concrete_fields
        if f.attname != "timestamp" and getattr(probe, f.attname) != getattr(blank, f.attname)
    }


def test_the_requests_values_read_from_auditlogs_context_are_what_its_signal_sets():
    from core.history import _request_values

    coach = UserFactory(email="coach@example.com")
    with set_actor(coach, remote_addr="10.1.2.3", remote_port=4242):
        assert _request_values() == _signalled_values()
        assert _request_values()["actor_id"] == coach.pk
    with set_actor(None, remote_addr="10.1.2.4"):
        assert _request_values() == _signalled_values() == {"remote_addr": "10.1.2.4"}
    assert _request_values() == _signalled_values() == {}  # the block has ended
