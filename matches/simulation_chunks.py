"""Kick-offs and simulations of many fixtures at once: a worker's chunk.

A season asked for at once is sent to the workers as chunks of up to ``SIMULATION_CHUNK``
fixtures, whole rounds together (:func:`simulation_chunks`), each resolved by one task in one transaction
(:func:`fixtures_simulate`): the fixtures locked in ``matches.locking``'s order, each resolved
through the engine's dice with its seed stored, the results written in one statement, the
fixtures marked played in another, their history in a third, and ``results_created``
sent once for the chunk (the ``post_save`` a bulk write does not send).

Exactly once, as for one fixture (``matches.services.fixture_simulate``): the fixtures are
locked before their status is read, a played one is skipped, and the one-to-one ``Result``
is the database's witness. A chunk delivered twice resolves nothing the second time; a worker
killed mid-chunk rolls the whole chunk back, and the chunk is run again (late ack) or its
fixtures sent again by the sweeper.
"""

from collections.abc import Iterable, Sequence
from copy import copy
from itertools import groupby
from typing import Any

from django.conf import settings
from django.db import transaction

import rules_engine
from core import documents, league_versions, registry
from core.bulk import rows_insert_values
from core.history import record_save_groups
from core.signals import results_created
from matches import locking, plugins
from matches.models import Fixture, Result


def simulation_chunks(fixtures: Iterable[tuple[int, int]]) -> list[list[int]]:
    """``(round, id)`` pairs cut into the id lists of the chunk tasks, in round order: whole
    consecutive rounds together up to ``SIMULATION_CHUNK`` fixtures, a round larger than that
    cut into chunks of its own. A round's results come together (one chunk, or its own
    chunks) and the first rounds are played first; a chunk's fixed cost (its task, its
    commits, the standings counted and the notifications stored once) is shared by as many
    fixtures as the setting allows."""
    size = max(1, settings.SIMULATION_CHUNK)
    chunks: list[list[int]] = []
    packed: list[int] = []
    for _round, pairs in groupby(sorted(fixtures), key=lambda pair: pair[0]):
        ids = [fixture_id for _, fixture_id in pairs]
        if packed and len(packed) + len(ids) > size:
            chunks.append(packed)
            packed = []
        if len(ids) > size:
            chunks += [ids[start : start + size] for start in range(0, len(ids), size)]
        else:
            packed += ids
    if packed:
        chunks.append(packed)
    return chunks


def fixtures_kick_off_locked(fixtures: Sequence[Fixture]) -> dict[int, list[str]]:
    """Kick off ``fixtures`` (scheduled, theirs and their teams' rows locked by the caller) as
    each one's game does it, many at once where the game can (``matches.plugins.kick_off``).
    Returns the messages of those that cannot kick off, by id; they are left as they were."""
    problems: dict[int, list[str]] = {}
    by_system = groupby(
        sorted(fixtures, key=lambda f: (f.season.league.rule_system, f.pk)),
        key=lambda f: f.season.league.rule_system,
    )
    for rule_system, group in by_system:
        game = plugins.kick_off.of(rule_system)
        problems.update(game.kick_off_many(fixtures=list(group)))
    return problems


def problems_record(problems: dict[int, list[str]]) -> None:
    """Why each fixture could not kick off, shown on the league and fixture pages."""
    for fixture_id, messages in problems.items():
        Fixture.objects.filter(pk=fixture_id).update(problem="; ".join(messages)[:300])
        league_versions.league_changed(league_versions.league_of(Fixture, fixture_id), listed=False)


def _document(kinds: Any, key: str, stored: Any) -> Any:
    """A stored document as the engine reads it today (``core.documents``)."""
    return documents.read(kinds[key], stored) if key in kinds else stored


def result_resolve(fixture: Fixture, *, seed: int | None = None) -> Result:
    """The result of a kicked-off fixture, resolved by its game's engine from what was frozen
    at kick-off, with fresh dice (or ``seed``'s): not saved yet."""
    return results_resolve(fixtures=[fixture], seeds=[seed])[0]


def results_resolve(
    *, fixtures: Sequence[Fixture], seeds: Sequence[int | None] | None = None
) -> list[Result]:
    """:func:`result_resolve` for many kicked-off fixtures of simulated games, each with its
    seed (fresh dice where it is ``None`` or ``seeds`` is left out): the unsaved results."""
    results = []
    for fixture, seed in zip(fixtures, seeds or [None] * len(fixtures), strict=True):
        rule_system = fixture.season.league.rule_system
        kinds = registry.game(rule_system).documents
        outcome = rules_engine.get_system(rule_system).resolve_match(
            _document(kinds, "sheet", fixture.home_sheet),
            _document(kinds, "sheet", fixture.away_sheet),
            dice=rules_engine.Dice(seed),
            options=_document(kinds, "options", fixture.options) or {},
        )
        record = outcome.record
        results.append(
            Result(
                fixture=fixture,
                home_score=outcome.home_score,
                away_score=outcome.away_score,
                winner=outcome.winner or Result.Winner.DRAW,
                decided_by=outcome.decided_by,
                seed=outcome.seed,
                record=documents.stamp(kinds["record"], record) if "record" in kinds else record,
            )
        )
    return results


@transaction.atomic
def fixtures_simulate(*, fixture_ids: Sequence[int]) -> dict[str, int]:
    """Resolve each of ``fixture_ids`` exactly once, in one transaction (a chunk).

    A played, cancelled or missing fixture, or one played at the table, is skipped; a
    scheduled one kicks off first (its line-ups frozen now, its teams locked), and one whose
    line-up cannot play is skipped with its problem recorded. Returns the counts.
    """
    fixtures, teams_locked = locking.lock_fixtures_to_resolve(fixture_ids)
    simulated = set(registry.simulated_names())
    mine = [f for f in fixtures if f.season.league.rule_system in simulated]
    to_kick_off = [
        f
        for f in mine
        if f.status == Fixture.Status.SCHEDULED and {f.home_id, f.away_id} <= teams_locked
    ]
    problems = fixtures_kick_off_locked(to_kick_off)
    problems_record(problems)
    playable = [f for f in mine if f.status == Fixture.Status.LOCKED]
    # One INSERT ... VALUES: each roll log bound once (bulk_create's UNNEST escapes it twice).
    results = list(rows_insert_values(Result, results_resolve(fixtures=playable)))
    before = [copy(fixture) for fixture in playable]
    Fixture.objects.filter(pk__in=[f.pk for f in playable]).update(status=Fixture.Status.PLAYED)
    for fixture in playable:
        fixture.status = Fixture.Status.PLAYED
    record_save_groups(
        groups=[
            ([(None, result) for result in results], None),
            (zip(before, playable, strict=True), ["status"]),
        ]
    )
    if results:
        results_created.send(sender=Result, results=results)
    return {
        "played": len(results),
        "kicked_off": len(to_kick_off) - len(problems),
        "skipped": len(set(fixture_ids)) - len(results),
    }
