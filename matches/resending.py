"""Work the sweeper re-sends, counted, so a message that always fails is not sent forever.

Each re-send adds one to the fixture's ``sweep_attempts``; once it reaches
``SWEEPER_MAX_ATTEMPTS`` the sweeper stops, and the fixture's ``problem`` says why, for the
commissioner to read on the league and fixture pages. Asking for the simulation again
(:func:`matches.services.simulation_request`) starts the count afresh.
"""

from django.conf import settings
from django.db.models import F, QuerySet

from matches.models import Fixture


def resend_counted(fixtures: QuerySet, *, problem: str) -> list[int]:
    """The ids among ``fixtures`` to send again (their count raised by one); those that have
    used up their attempts get ``problem`` instead, once. (Any model with ``sweep_attempts``
    and ``problem`` columns: the betting sweep counts its re-settlements so.)"""
    limit = settings.SWEEPER_MAX_ATTEMPTS
    fixtures.filter(sweep_attempts__gte=limit, problem="").update(problem=problem[:300])
    ids = sorted(fixtures.filter(sweep_attempts__lt=limit).values_list("pk", flat=True))
    fixtures.model.objects.filter(pk__in=ids).update(sweep_attempts=F("sweep_attempts") + 1)
    return ids


def resend_reset(fixture_ids: list[int]) -> None:
    """A person asked for the work again: a fresh count, and no problem recorded."""
    Fixture.objects.filter(pk__in=fixture_ids).update(sweep_attempts=0, problem="")
