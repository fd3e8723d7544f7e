"""Rate limits, counted in the shared cache so that every server process sees one count.

Keys are the signed-in user, or for anonymous requests the client address the trusted proxy
reports (DRF's ``NUM_PROXIES``). Rates are settings (``DEFAULT_THROTTLE_RATES``); a limited
request gets 429 with ``Retry-After`` in the API's error shape.
"""

from rest_framework.throttling import SimpleRateThrottle, UserRateThrottle

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


class RegisterRateThrottle(SimpleRateThrottle):
    """Sign-ups per client address."""

    scope = "register"

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


EXPENSIVE = [WriteRateThrottle, ExpensiveRateThrottle]
"""``throttle_classes`` of a view that computes a lot: the write limit and the expensive one."""
