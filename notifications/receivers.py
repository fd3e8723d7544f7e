"""The notifications app hears every committed event (``core.events``), and, for the games
that record results, a result stored (to publish ``fixture.played`` and ``result.confirmed``
for every game at once, from the one place every result goes through)."""

from typing import Any

from django.db.models.signals import post_save
from django.dispatch import receiver

from core.events import Event
from core.signals import domain_event, domain_events, results_created
from matches.models import Result
from notifications import publishers, services


@receiver(domain_event, dispatch_uid="notifications.domain_event")
def event_heard(sender: Any, event: Event, **kwargs: Any) -> None:
    services.event_record(event=event)


@receiver(domain_events, dispatch_uid="notifications.domain_events")
def events_heard(sender: Any, events: list[Event], **kwargs: Any) -> None:
    services.events_record(events=events)


@receiver(post_save, sender=Result, dispatch_uid="notifications.result_saved")
def result_saved(sender: Any, instance: Result, created: bool, **kwargs: Any) -> None:
    if created and not kwargs.get("raw"):
        publishers.result_published(result=instance)


@receiver(results_created, dispatch_uid="notifications.results_created")
def results_saved(sender: Any, results: list[Result], **kwargs: Any) -> None:
    """Results written together (a chunk of simulations): as :func:`result_saved` for each."""
    publishers.results_published(results=results)
