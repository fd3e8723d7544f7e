"""A worker's chunk of fixtures (``matches.simulation_chunks``): each fixture resolved once
through the engine's dice, and the apps that hear results told what one fixture at a time
told them (SQLite, eager tasks; the same on workers: tests/integration)."""

from datetime import timedelta

import pytest
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.models import Q
from django.db.models.signals import post_save
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from betting import bets
from betting.league_settings import settings_save
from betting.models import Bet, Settlement
from core.models import HistoryEntry
from core.signals import results_created
from matches import services, simulation_chunks
from matches.models import Fixture, Result
from matches.standings import standings_get, standings_recount
from matches.standings_keeping import standings_drift
from notifications.models import Notification
from systems.rotzball.models import LineupSlot
from tests.factories import LeagueFactory, SeasonFactory, TeamFactory, UserFactory, full_lineup

pytestmark = pytest.mark.django_db


def _season(teams: int = 4):
    league = LeagueFactory(name="Chunk league")
    season = SeasonFactory(league=league)
    for index in range(teams):
        full_lineup(TeamFactory(league=league, name=f"Team {index}"), skill=35 + 3 * index)
    fixtures = services.fixtures_generate(
        season=season, double=True, first_kickoff=timezone.now() + timedelta(days=1)
    )
    return season, fixtures


def _ids(fixtures) -> list[int]:
    return [fixture.pk for fixture in fixtures]


def test_a_chunk_plays_each_fixture_once_and_a_second_delivery_plays_nothing():
    season, fixtures = _season(4)

    first = simulation_chunks.fixtures_simulate(fixture_ids=_ids(fixtures))
    again = simulation_chunks.fixtures_simulate(fixture_ids=_ids(fixtures))

    assert first == {"played": 12, "kicked_off": 12, "skipped": 0}
    assert again == {"played": 0, "kicked_off": 0, "skipped": 12}
    assert Result.objects.filter(fixture__season=season).count() == 12
    assert set(season.fixtures.values_list("status", flat=True)) == {"played"}
    assert all(row.played == 6 for row in standings_get(season=season))


def test_each_result_replays_from_its_stored_seed():
    _, fixtures = _season(2)
    simulation_chunks.fixtures_simulate(fixture_ids=_ids(fixtures))

    for result in Result.objects.select_related("fixture__season__league"):
        replay = simulation_chunks.result_resolve(result.fixture, seed=result.seed)
        assert replay.record == result.record
        assert (replay.home_score, replay.away_score) == (result.home_score, result.away_score)


def test_line_ups_are_frozen_at_kick_off_as_one_fixture_at_a_time_freezes_them():
    _, fixtures = _season(2)
    one, other = fixtures
    services.fixture_kick_off(fixture_id=one.pk)  # one by one, Rotzball's kick_off

    simulation_chunks.fixtures_simulate(fixture_ids=[other.pk])  # many at once

    one.refresh_from_db()
    other.refresh_from_db()
    assert other.locked_at is not None
    assert (other.home_sheet, other.away_sheet) == (one.away_sheet, one.home_sheet)
    assert other.options == one.options


def test_a_fixture_that_cannot_kick_off_is_left_with_its_problem_and_the_others_play():
    season, fixtures = _season(4)
    broken = season.league.teams.get(name="Team 2")
    LineupSlot.objects.filter(team=broken).delete()
    round_one = [fixture for fixture in fixtures if fixture.round == 1]

    done = simulation_chunks.fixtures_simulate(fixture_ids=_ids(round_one))

    assert done == {"played": 1, "kicked_off": 1, "skipped": 1}
    stuck = Fixture.objects.get(pk__in=_ids(round_one), status="scheduled")
    assert broken.pk in (stuck.home_id, stuck.away_id)
    assert stuck.problem.startswith("Team 2's line-up is not ready")


def test_cancelled_played_and_missing_fixtures_are_skipped():
    _, fixtures = _season(4)
    cancelled, played, *rest = fixtures
    services.fixture_cancel(fixture=cancelled)
    kept = services.fixture_simulate(fixture_id=played.pk, seed=5)

    done = simulation_chunks.fixtures_simulate(
        fixture_ids=[cancelled.pk, played.pk, 10**9, rest[0].pk]
    )

    assert done["played"] == 1
    assert Result.objects.get(fixture=played) == kept
    assert not Result.objects.filter(fixture=cancelled).exists()


def test_a_chunk_costs_the_same_queries_for_two_fixtures_or_nine():
    _, fixtures = _season(4)
    # a first chunk fills what a worker process remembers once (content types, the league of
    # each season for the page cache's versions), as a worker's first chunk does
    simulation_chunks.fixtures_simulate(fixture_ids=_ids(fixtures[:1]))
    with CaptureQueriesContext(connection) as two:
        simulation_chunks.fixtures_simulate(fixture_ids=_ids(fixtures[1:3]))
    with CaptureQueriesContext(connection) as nine:
        simulation_chunks.fixtures_simulate(fixture_ids=_ids(fixtures[3:]))

    assert len(fixtures[3:]) == 9
    assert len(two) == len(nine)


def _history(model, object_id: int) -> list[tuple[int, dict]]:
    entries = HistoryEntry.objects.filter(
        content_type=ContentType.objects.get_for_model(model), object_id=object_id
    ).order_by("pk")
    return [(entry.action, entry.changes) for entry in entries]


def test_the_history_holds_the_entries_one_fixture_at_a_time_writes():
    _, fixtures = _season(2)
    alone, chunked = fixtures
    services.fixture_simulate(fixture_id=alone.pk)  # kick-off then result, one by one
    simulation_chunks.fixtures_simulate(fixture_ids=[chunked.pk])
    alone_result, chunked_result = (Result.objects.get(fixture=f) for f in (alone, chunked))

    kicked_off_then_played = [
        (HistoryEntry.Action.UPDATE, {"status": ["scheduled", "locked"]}),
        (HistoryEntry.Action.UPDATE, {"status": ["locked", "played"]}),
    ]
    assert _history(Fixture, alone.pk)[1:] == kicked_off_then_played  # [0]: generated
    assert _history(Fixture, chunked.pk)[1:] == kicked_off_then_played
    assert [
        (action, {k: v for k, v in changes.items() if k not in ("fixture", "created_at")})
        for action, changes in _history(Result, chunked_result.pk)
    ] == [
        (
            HistoryEntry.Action.CREATE,
            {
                "id": ["None", str(chunked_result.pk)],
                "home_score": ["None", str(chunked_result.home_score)],
                "away_score": ["None", str(chunked_result.away_score)],
                "winner": ["None", chunked_result.winner],
                "decided_by": ["None", chunked_result.decided_by],
                "seed": ["None", str(chunked_result.seed)],
            },
        )
    ]
    [(_action, alone_changes)] = _history(Result, alone_result.pk)
    [(_action, chunked_changes)] = _history(Result, chunked_result.pk)
    assert set(alone_changes) == set(chunked_changes)
    scopes = HistoryEntry.objects.filter(
        Q(content_type=ContentType.objects.get_for_model(Result), object_id=chunked_result.pk)
        | Q(
            content_type=ContentType.objects.get_for_model(Fixture),
            object_id=chunked.pk,
            action=HistoryEntry.Action.UPDATE,
        )
    )
    assert scopes.count() == 3  # the result created, the fixture kicked off and played
    assert {(entry.league_id, entry.additional_data["url"]) for entry in scopes} == {
        (chunked.season.league_id, f"/matches/{chunked.pk}/")
    }


def test_both_coaches_hear_each_fixture_played_as_they_do_one_at_a_time(
    django_capture_on_commit_callbacks,
):
    _, fixtures = _season(2)
    alone, chunked = fixtures
    with django_capture_on_commit_callbacks(execute=True):
        services.fixture_simulate(fixture_id=alone.pk)
    with django_capture_on_commit_callbacks(execute=True):
        simulation_chunks.fixtures_simulate(fixture_ids=[chunked.pk])

    def told(fixture):
        result = Result.objects.get(fixture=fixture)
        notes = Notification.objects.filter(kind="fixture.played", data__fixture=fixture.pk)
        assert {note.event_key for note in notes} == {f"fixture.played:{fixture.pk}:{result.pk}"}
        assert {note.data["winner"] for note in notes} == {result.winner}
        return sorted(note.user_id for note in notes), sorted(notes.first().data)

    assert told(chunked) == told(alone)
    assert len(told(chunked)[0]) == 2


def test_open_bets_on_a_chunk_are_settled_once_the_chunk_commits(
    django_capture_on_commit_callbacks,
):
    season, fixtures = _season(2)
    settings_save(league=season.league, values={"mode": "fixed"})
    punter = UserFactory(username="punter")
    bets.wallet_open(user=punter, league=season.league)
    home, away = (
        bets.bet_place(user=punter, fixture_id=fixtures[0].pk, outcome=side, stake=10)[0]
        for side in ("home", "away")
    )

    with django_capture_on_commit_callbacks(execute=True):
        simulation_chunks.fixtures_simulate(fixture_ids=_ids(fixtures))

    winner = Result.objects.get(fixture=fixtures[0]).winner
    assert Settlement.objects.filter(fixture=fixtures[0]).count() == 1
    assert not Settlement.objects.filter(fixture=fixtures[1]).exists()  # no bets: nothing
    statuses = dict(Bet.objects.filter(pk__in=[home.pk, away.pk]).values_list("outcome", "status"))
    assert statuses == {winner: "won", ("away" if winner == "home" else "home"): "lost"}


def test_every_app_that_hears_a_result_saved_also_hears_results_created():
    """A bulk write sends ``results_created`` instead of each result's ``post_save``: an app
    listening to one only would miss the results the workers write in chunks. (auditlog's
    receiver is the history's, which the chunk writes itself: ``core.history.record_saves``.)"""

    def apps(signal):
        receivers = signal._live_receivers(Result)[0]
        return {receiver.__module__.split(".")[0] for receiver in receivers}

    assert apps(post_save) - {"auditlog"} <= apps(results_created)


def test_every_app_that_hears_an_event_also_hears_events_sent_together():
    """A chunk's events are sent together (``domain_events``): an app that hears them one at
    a time only (``domain_event``) would miss them."""
    from core.events import Event
    from core.signals import domain_event, domain_events

    def apps(signal):
        return {r.__module__.split(".")[0] for r in signal._live_receivers(Event)[0]}

    assert apps(domain_event) <= apps(domain_events)
    assert apps(domain_event)  # notifications, at least


def test_a_chunk_keeps_the_standings_of_the_teams_it_played_equal_to_a_full_count():
    season, fixtures = _season(4)
    first_round = [f for f in fixtures if f.round == 1]

    simulation_chunks.fixtures_simulate(fixture_ids=_ids(first_round))

    assert standings_drift(season_id=season.pk) == []
    kept = sorted((row.team.pk, row.played, row.points) for row in standings_get(season=season))
    counted = sorted(
        (row.team.pk, row.played, row.points) for row in standings_recount(season=season)
    )
    assert kept == counted
    assert sorted(played for _, played, _ in kept) == [1, 1, 1, 1]


def test_a_chunk_asks_for_each_of_its_seasons_forecast_once_without_reading_its_fixtures():
    from forecasts.models import SeasonForecast

    season, fixtures = _season(4)
    other, more = _season(2)
    with CaptureQueriesContext(connection) as queries:
        simulation_chunks.fixtures_simulate(fixture_ids=_ids(fixtures[:5] + more))

    assert SeasonForecast.objects.get(season=season).requested == 1
    assert SeasonForecast.objects.get(season=other).requested == 1
    fixture_table = Fixture._meta.db_table
    season_reads = [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].startswith(f'SELECT "{fixture_table}"."season_id"')
    ]
    assert season_reads == []  # the chunk's results carry their fixtures
