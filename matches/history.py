"""Fixtures and results in the history of changes (``core.history``)."""

from core.history import Change, record_many
from core.history_registry import track
from core.models import HistoryEntry
from matches.models import Fixture, Result, fixture_url


def register() -> None:
    track(Fixture, league=lambda fixture: fixture.season.league_id)
    track(
        Result,
        league=lambda result: result.fixture.season.league_id,
        url=lambda result: fixture_url(result.fixture_id),
    )


def fixtures_record_created(*, league_id: int, fixtures: list[Fixture]) -> int:
    """Fixtures written by ``bulk_create`` (no signal): one "created" entry each."""
    return record_many(
        model=Fixture,
        league_id=league_id,
        action=HistoryEntry.Action.CREATE,
        changes=[
            Change(
                fixture.pk,
                str(fixture),
                {
                    "round": ["None", str(fixture.round)],
                    "home": ["None", str(fixture.home_id)],
                    "away": ["None", str(fixture.away_id)],
                    "kickoff": ["None", str(fixture.kickoff)],
                },
            )
            for fixture in fixtures
        ],
    )


def fixture_record_update(*, fixture: Fixture, field: str, old: object, new: object) -> None:
    """A fixture changed by a conditional ``UPDATE`` (a claim), which sends no signal."""
    record_many(
        model=Fixture,
        league_id=fixture.season.league_id,
        url=fixture.get_absolute_url(),
        changes=[Change(fixture.pk, str(fixture), {field: [str(old), str(new)]})],
    )
