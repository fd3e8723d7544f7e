"""The API's per-user limit on expensive requests, for the pages that compute as much (battle
odds, season simulations): same scope, same shared count, so a user cannot get around the
API's limit through the pages. A limited page answers 429 with ``Retry-After``."""

from functools import wraps

from django.shortcuts import render
from django.utils.translation import gettext as _

from core.api.throttles import ExpensiveRateThrottle


class _PageThrottle(ExpensiveRateThrottle):
    def allow_request(self, request, view):  # every method counts on these pages
        return super(ExpensiveRateThrottle, self).allow_request(request, view)


def expensive_page(view):
    @wraps(view)
    def limited(request, *args, **kwargs):
        throttle = _PageThrottle()
        if not throttle.allow_request(request, None):
            wait = int(throttle.wait() or 60)
            response = render(
                request,
                "429.html",
                {
                    "message": _(
                        "Too many requests of this kind: try again in %(seconds)s seconds."
                    )
                    % {"seconds": wait}
                },
                status=429,
            )
            response["Retry-After"] = str(wait)
            return response
        return view(request, *args, **kwargs)

    return limited
