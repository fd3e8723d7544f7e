"""Fixtures as an iCalendar feed (RFC 5545, the ``icalendar`` package), for a phone or a
desktop calendar to subscribe to.

One event per fixture: its UID is ``fixture-<pk>@<domain>`` (``CALENDAR_UID_DOMAIN``, else the
site's first allowed host), so a rescheduled fixture moves in the subscriber's calendar instead
of appearing twice; it starts at the kick-off and lasts ``CALENDAR_EVENT_MINUTES`` (two hours
unless set); the summary is "Home – Away"; a cancelled fixture is ``STATUS:CANCELLED``; a
played one has its score in the description; the event links to the fixture's page.
"""

from collections.abc import Iterable
from datetime import timedelta

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext as _
from icalendar import Calendar, Event

from core.links import site_url
from matches.models import Fixture

PRODUCT_ID = "-//Tabletop League//Fixtures//EN"


def uid_domain() -> str:
    if settings.CALENDAR_UID_DOMAIN:
        return settings.CALENDAR_UID_DOMAIN
    host = next((h.lstrip(".") for h in settings.ALLOWED_HOSTS if h.strip(".*")), "")
    return host or "tabletop-league"


def fixture_uid(fixture: Fixture) -> str:
    return f"fixture-{fixture.pk}@{uid_domain()}"


def _description(fixture: Fixture) -> str:
    lines = [_("Round %(number)s") % {"number": fixture.round}]
    if fixture.status == Fixture.Status.PLAYED:
        result = fixture.result
        lines.append(
            _("Result: %(home)s %(home_score)s–%(away_score)s %(away)s")
            % {
                "home": fixture.home.name,
                "away": fixture.away.name,
                "home_score": result.home_score,
                "away_score": result.away_score,
            }
        )
    elif fixture.status == Fixture.Status.CANCELLED:
        lines.append(_("Cancelled"))
    return "\n".join(lines)


def fixtures_calendar(*, name: str, fixtures: Iterable[Fixture]) -> bytes:
    """The feed called ``name`` holding ``fixtures`` (their teams and results loaded); each
    event links to its fixture's page on ``SITE_URL`` (never on the request's host)."""
    calendar = Calendar()
    calendar.add("prodid", PRODUCT_ID)
    calendar.add("version", "2.0")
    calendar.add("calscale", "GREGORIAN")
    calendar.add("method", "PUBLISH")
    calendar.add("x-wr-calname", name)
    stamp = timezone.now()
    duration = timedelta(minutes=settings.CALENDAR_EVENT_MINUTES)
    for fixture in fixtures:
        event = Event()
        event.add("uid", fixture_uid(fixture))
        event.add("dtstamp", stamp)
        event.add("dtstart", fixture.kickoff)
        event.add("dtend", fixture.kickoff + duration)
        event.add("summary", f"{fixture.home.name} – {fixture.away.name}")
        event.add("description", _description(fixture))
        event.add("url", site_url(fixture.get_absolute_url()))
        event.add(
            "status", "CANCELLED" if fixture.status == Fixture.Status.CANCELLED else "CONFIRMED"
        )
        calendar.add_component(event)
    return calendar.to_ical()
