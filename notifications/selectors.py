"""Reads of a user's notifications (the unread count in one query, their list), of a league's
webhooks, and the colour an event's Discord message takes."""

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.db.models import QuerySet

from league.models import Team
from matches.models import Fixture
from notifications.models import Notification, WebhookDelivery, WebhookEndpoint


def unread_count(*, user: User) -> int:
    if not user.is_authenticated:
        return 0
    return Notification.objects.filter(user=user, read_at=None).count()


def notification_list(*, user: User) -> QuerySet[Notification]:
    return (
        Notification.objects.filter(user=user)
        .select_related("league")
        .order_by("-created_at", "-pk")
    )


def endpoint_list(*, league_id: int) -> QuerySet[WebhookEndpoint]:
    return WebhookEndpoint.objects.filter(league_id=league_id).order_by("pk")


def delivery_list(*, league_id: int) -> QuerySet[WebhookDelivery]:
    return (
        WebhookDelivery.objects.filter(endpoint__league_id=league_id)
        .select_related("endpoint")
        .order_by("-created_at", "-pk")
    )


def event_colour(data: Mapping[str, Any]) -> str | None:
    """The colour a Discord embed takes for an event: the home team's for a fixture's, the
    champion's for a season's end; None when the event names neither."""
    if data.get("champion"):
        team = Team.objects.filter(pk=data["champion"]).values_list("primary_colour", flat=True)
        return team.first()
    if data.get("fixture"):
        fixture = Fixture.objects.filter(pk=data["fixture"])
        return fixture.values_list("home__primary_colour", flat=True).first()
    return None
