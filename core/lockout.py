"""What a locked-out guesser gets (django-axes' ``AXES_LOCKOUT_CALLABLE``).

A browser gets a page saying when to try again; an API client the project's error shape,
429 with ``Retry-After``. Both say the same thing.
"""

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _


def cooloff_seconds() -> int:
    return int(settings.AXES_COOLOFF_TIME.total_seconds())


def locked_out_message() -> str:
    minutes = max(1, cooloff_seconds() // 60)
    return _(
        "Too many failed sign-ins for this account or from this address. Try again in "
        "%(minutes)s minutes, or ask an administrator to unlock it."
    ) % {"minutes": minutes}


def locked_out_response(request: HttpRequest, *args, **kwargs) -> HttpResponse:
    seconds = cooloff_seconds()
    if request.path.startswith("/api/"):
        response: HttpResponse = JsonResponse(
            {"error": {"code": "locked_out", "message": locked_out_message()}}, status=429
        )
    else:
        until = timezone.localtime(timezone.now() + settings.AXES_COOLOFF_TIME)
        response = render(
            request,
            "registration/locked_out.html",
            {"message": locked_out_message(), "until": until},
            status=429,
        )
    response["Retry-After"] = str(seconds)
    return response
