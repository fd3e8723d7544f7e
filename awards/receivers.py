"""What the awards hear: a season finished (``season.finished``, published by
``matches.seasons.season_finish`` once its transaction commits). The grant goes to a worker;
the same event heard twice sends it twice, and the second grants nothing."""

from collections.abc import Iterable
from typing import Any

from django.dispatch import receiver

from awards.services import GRANT
from core.enqueue import enqueue_on_commit
from core.events import Event
from core.signals import domain_event, domain_events


def _heard(events: Iterable[Event]) -> None:
    for event in events:
        if event.kind == "season.finished" and event.data.get("season"):
            enqueue_on_commit(GRANT, int(event.data["season"]))


@receiver(domain_event, dispatch_uid="awards.season_finished")
def season_finished(sender: Any, event: Event, **kwargs: Any) -> None:
    _heard([event])


@receiver(domain_events, dispatch_uid="awards.seasons_finished")
def seasons_finished(sender: Any, events: list[Event], **kwargs: Any) -> None:
    _heard(events)
