"""Rate limits, counted in the shared cache so that every server process sees one count.

Keys are the signed-in user, or for anonymous requests the client address the trusted proxy
reports (DRF's ``NUM_PROXIES``). The writes and expensive requests are counted in fixed windows
of the rate's period (:class:`WindowRateThrottle`): one counter a window, one round trip a
request, where DRF's own throttle reads and writes back the list of every request's time in
the period (600 of them at the default write rate). A client may so make up to twice its rate
across the edge of two windows, which a limit meant against floods allows. Rates are settings (``DEFAULT_THROTTLE_RATES``; sign-ups
``SIGNUP_RATE``, counted by allauth); a limited request gets 429 with ``Retry-After`` in the
API's error shape.
"""

from allauth.core import ratelimit
from django.conf import settings
from rest_framework.throttling import BaseThrottle, UserRateThrottle

from core.cache import window_count

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


class WindowRateThrottle(UserRateThrottle):
    """DRF's per-user throttle, counted in fixed windows of the rate's period."""

    def allow_request(self, request, view):
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        self.now = self.timer()
        window = int(self.now // self.duration)
        self.window_end = (window + 1) * self.duration
        return window_count(f"{self.key}:{window}", self.duration) <= self.num_requests

    def wait(self):
        return max(self.window_end - self.now, 1)


class WriteRateThrottle(WindowRateThrottle):
    """Every API write (bets included), per user: reads are not counted."""

    scope = "writes"

    def allow_request(self, request, view):
        if request.method in SAFE_METHODS:
            return True
        return super().allow_request(request, view)


class ExpensiveRateThrottle(WindowRateThrottle):
    """Requests that make the server compute a lot (odds, battle and season simulations)."""

    scope = "expensive"

    def allow_request(self, request, view):
        if request.method in SAFE_METHODS and not getattr(view, "expensive_reads", False):
            return True
        return super().allow_request(request, view)


class RegisterRateThrottle(BaseThrottle):
    """Sign-ups per client address, counted by allauth together with the web form's
    (``ACCOUNT_RATE_LIMITS["signup"]``, from ``SIGNUP_RATE``): one limit for both ways in."""

    def allow_request(self, request, view):
        return ratelimit.consume(request._request, action="signup")

    def wait(self):
        period = settings.SIGNUP_RATE.split("/")[1]
        return {"s": 1, "m": 60, "h": 3600, "d": 86400}[period[0]]


EXPENSIVE = [WriteRateThrottle, ExpensiveRateThrottle]
"""``throttle_classes`` of a view that computes a lot: the write limit and the expensive one."""
