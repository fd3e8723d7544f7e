"""Rate limits, counted in the shared cache so that every server process sees one count.

Keys are the signed-in user, or for anonymous requests the client address the trusted proxy
reports (DRF's ``NUM_PROXIES``). Rates are settings (``DEFAULT_THROTTLE_RATES``; sign-ups
``SIGNUP_RATE``, counted by allauth); a limited request gets 429 with ``Retry-After`` in the
API's error shape.
"""

from allauth.core import ratelimit
from django.conf import settings
from rest_framework.throttling import BaseThrottle, UserRateThrottle

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


class WriteRateThrottle(UserRateThrottle):
    """Every API write (bets included), per user: reads are not counted."""

    scope = "writes"

    def allow_request(self, request, view):
        if request.method in SAFE_METHODS:
            return True
        return super().allow_request(request, view)


class ExpensiveRateThrottle(UserRateThrottle):
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
