"""What happened in a league, told to whoever listens (notifications, webhooks).

An app that changes something people care about calls :func:`publish` inside its transaction;
the event is sent once the transaction commits (never for a rolled-back change), as the
``core.signals.domain_event`` signal (or, for many events at once, :func:`publish_many` and
``core.signals.domain_events``). The ``notifications`` app hears it: it stores the in-app
notifications, queues the emails and the webhook deliveries. The apps that publish know none
of that.

Event kinds (``kind``), with who is told:

* ``fixture.rescheduled``, ``fixture.cancelled``: both teams' coaches;
* ``fixture.played``: both coaches; webhooks;
* ``result.to_confirm``, ``result.disputed``: the coach or commissioner who must act;
* ``result.confirmed``: both coaches; webhooks;
* ``result.corrected``, ``result.voided``: both coaches and the bettors concerned;
* ``bet.settled``: the bettor; webhooks;
* ``bet.resettled``, ``bet.reopened``: the bettors of a settlement a correction or void
  reversed (paid again, or open until the replay);
* ``levelup.to_choose``: the team's coach;
* ``season.started``, ``season.finished``: every coach of the league; webhooks for finished.
* ``awards.granted``: the coaches of the teams a season's game awards went to.

``key`` names the event once and for all: the same change published twice (a task run twice)
has the same key, and is stored and delivered once.
"""

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from core.signals import domain_event, domain_events


@dataclass(frozen=True)
class Event:
    kind: str
    key: str
    league_id: int | None
    recipients: tuple[int, ...] = ()
    subject: str = ""
    """A short line for people, in English; receivers translate it from ``kind`` and ``data``."""
    url: str = ""
    data: dict[str, Any] = field(default_factory=dict)
    """JSON-safe: what a webhook body carries and what a notification is worded from."""


def event_make(
    kind: str,
    *,
    key: str,
    league_id: int | None,
    recipients: Iterable[int | None] = (),
    url: str = "",
    data: dict[str, Any] | None = None,
) -> Event:
    """The event, not sent yet (:func:`publish_many` sends several together)."""
    return Event(
        kind=kind,
        key=key,
        league_id=league_id,
        recipients=tuple(sorted({user for user in recipients if user is not None})),
        url=url,
        data=dict(data or {}),
    )


def publish(
    kind: str,
    *,
    key: str,
    league_id: int | None,
    recipients: Iterable[int | None] = (),
    url: str = "",
    data: dict[str, Any] | None = None,
) -> Event:
    """Send ``kind`` when the current transaction commits (at once outside one)."""
    return publish_event(
        event_make(kind, key=key, league_id=league_id, recipients=recipients, url=url, data=data)
    )


def publish_event(event: Event) -> Event:
    """Send ``event`` (:func:`event_make`) when the current transaction commits."""
    transaction.on_commit(lambda: domain_event.send(sender=Event, event=event), robust=True)
    return event


def publish_many(events: Iterable[Event]) -> list[Event]:
    """Send ``events`` together when the current transaction commits, as one
    ``domain_events`` signal: what a receiver does for each event alone (``domain_event``),
    done at once for all of them (a chunk of simulated fixtures, each one played)."""
    together = list(events)
    if together:
        transaction.on_commit(
            lambda: domain_events.send(sender=Event, events=together), robust=True
        )
    return together
