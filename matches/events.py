"""Telling people about a fixture (``core.events``): one helper every service and game uses,
so each event about a fixture carries the same data and a stable key."""

from collections.abc import Iterable
from typing import Any

from core.events import Event, event_make, publish_event
from matches.models import Fixture, Result, fixture_url


def fixture_data(fixture: Fixture) -> dict[str, Any]:
    return {
        "fixture": fixture.pk,
        "season": fixture.season_id,
        "home": fixture.home.name,
        "away": fixture.away.name,
        "kickoff": fixture.kickoff.isoformat() if fixture.kickoff else None,
    }


def result_data(result: Result) -> dict[str, Any]:
    return {
        "home_score": result.home_score,
        "away_score": result.away_score,
        "winner": result.winner,
    }


def coaches(fixture: Fixture) -> list[int | None]:
    return [fixture.home.coach_id, fixture.away.coach_id]


def fixture_event(
    kind: str,
    *,
    fixture: Fixture,
    key: str | None = None,
    recipients: Iterable[int | None] | None = None,
    extra: dict[str, Any] | None = None,
) -> Event:
    """The event ``kind`` about ``fixture`` (to both coaches unless told whom), keyed
    ``"<kind>:<fixture id>"`` unless the change needs its own key (a reschedule's time); not
    sent yet (``core.events.publish_many`` sends several together)."""
    return event_make(
        kind,
        key=key or f"{kind}:{fixture.pk}",
        league_id=fixture.season.league_id,
        recipients=coaches(fixture) if recipients is None else recipients,
        url=fixture_url(fixture.pk),
        data={**fixture_data(fixture), **(extra or {})},
    )


def fixture_publish(
    kind: str,
    *,
    fixture: Fixture,
    key: str | None = None,
    recipients: Iterable[int | None] | None = None,
    extra: dict[str, Any] | None = None,
) -> Event:
    """Publish :func:`fixture_event` once the transaction commits."""
    return publish_event(
        fixture_event(kind, fixture=fixture, key=key, recipients=recipients, extra=extra)
    )


def report_submitted_publish(*, fixture: Fixture, report: Any) -> Event:
    """A result report entered: the coaches who did not enter it confirm or dispute it."""
    waiting = [coach for coach in coaches(fixture) if coach != report.submitted_by_id]
    return fixture_publish(
        "result.to_confirm",
        fixture=fixture,
        key=f"result.to_confirm:{report.pk}",
        recipients=waiting,
        extra={"report": report.pk},
    )


def report_disputed_publish(*, fixture: Fixture, report: Any) -> Event:
    """A result report disputed: the league's commissioner decides it."""
    return fixture_publish(
        "result.disputed",
        fixture=fixture,
        key=f"result.disputed:{report.pk}",
        recipients=[fixture.season.league.commissioner_id],
        extra={"report": report.pk},
    )
